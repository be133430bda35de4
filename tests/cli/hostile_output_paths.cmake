# Hostile input: output paths (issue 11). Uses cli_test, ${cli}, ${scratch} from CMakeLists.txt.
#
# The rule (core/output_files.h, docs/errors-and-limits.md "Output paths"): a path that exists and is
# not a regular file is refused with exit 2 and a message naming it, and stays what it was; names of
# folders ("", ".", "dir/") are refused where a file is expected; multi-file outputs appear all or
# none, and no temporary (NAME.XXXXXX) outlives a run.
#
# Each test runs in a folder of its own, ${output_paths}/NAME, which its --setup script empties and
# fills again on every run (a FIFO, a link, a folder in the way), so that a second run gives the same
# result. "@D@" in the arguments stands for that folder. The FIFO, link, folder and regular-file cases
# cover the rule; no test writes to a device (as root, a broken rule would replace it).
set(output_paths ${scratch}/output_paths)
function(output_path_test name status stdout_re stderr_re setup)
  set(dir ${output_paths}/${name})
  set(args ${ARGN})
  list(TRANSFORM args REPLACE "@D@" "${dir}")
  string(REPLACE "@D@" "${dir}" stdout_re "${stdout_re}")
  string(REPLACE "@D@" "${dir}" stderr_re "${stderr_re}")
  cli_test(output_${name} ${status} "${stdout_re}" "${stderr_re}"
    --setup "rm -rf '${dir}' && mkdir -p '${dir}' && cd '${dir}' && ${setup}" ${args})
endfunction()

set(not_a_file "; expected a regular file or a new file name")
# An empty argument does not survive CMake's argument lists: the `-o ""` cases go through sh -c.

# scene -o: each kind of thing in the way stays as it was.
output_path_test(scene_to_fifo 2 "" "^contactlab: error: @D@/out.json: is a FIFO \\(named pipe\\)${not_a_file}$"
  "mkfifo out.json" --fifo @D@/out.json --absent "@D@/out.json.*" -- ${cli} scene pillar -o @D@/out.json)
output_path_test(scene_to_symlink 2 "" "^contactlab: error: @D@/link.json: is a symbolic link${not_a_file}"
  "echo original > target.json && ln -s target.json link.json"
  --symlink @D@/link.json --unchanged @D@/target.json --absent "@D@/*.json.*" -- ${cli} scene pillar -o @D@/link.json)
output_path_test(scene_to_folder 2 "" "^contactlab: error: @D@/out.json: is a folder${not_a_file}$"
  "mkdir out.json" --dir @D@/out.json --absent "@D@/out.json/*" --absent "@D@/out.json.*"
  -- ${cli} scene pillar -o @D@/out.json)
output_path_test(scene_to_dot 2 "" "^contactlab: error: @D@/\\.: names a folder; expected a file name$"
  "true" --absent "@D@/.?*" -- ${cli} scene pillar -o @D@/.)
output_path_test(scene_to_empty_path 2 "" "^contactlab: error: '': the path is empty; expected a file name$"
  "true" -- sh -c "'${cli}' scene pillar -o ''")
# The regular case: an existing regular file is replaced, and no temporary is left.
output_path_test(scene_replaces_a_regular_file 0 "^wrote @D@/out.json$" ""
  "echo old > out.json" --file @D@/out.json --absent "@D@/out.json.*" -- ${cli} scene pillar -o @D@/out.json)

# contacts -o: `-o .` (the probe's "Device or resource busy"), a folder, a FIFO, an empty path (which
# printed the JSON on stdout and exited 0).
cli_test(output_contacts_to_dot 2 "" "^contactlab: error: \\.: names a folder; expected a file name$"
  --absent "${CMAKE_CURRENT_BINARY_DIR}/..?*" -- ${cli} contacts pillar --method ground-truth -o .)
output_path_test(contacts_to_folder 2 "" "^contactlab: error: @D@/c.json: is a folder${not_a_file}$"
  "mkdir c.json" --dir @D@/c.json --absent "@D@/c.json/*" --absent "@D@/c.json.*"
  -- ${cli} contacts pillar --method ground-truth -o @D@/c.json)
output_path_test(contacts_to_fifo 2 "" "^contactlab: error: @D@/c.json: is a FIFO" "mkfifo c.json"
  --fifo @D@/c.json --absent "@D@/c.json.*" -- ${cli} contacts pillar --method ground-truth -o @D@/c.json)
output_path_test(contacts_to_empty_path 2 "" "^contactlab: error: '': the path is empty; expected a file name$"
  "true" -- sh -c "'${cli}' contacts pillar --method ground-truth -o ''")

# mesh tetrahedralize -o OUT: OUT.node, OUT.ele and OUT.face appear all or none. Before, a folder
# t.face failed the last rename ("cannot rename: Is a directory", exit 1) after t.node and t.ele.
output_path_test(tetrahedralize_face_is_folder 2 "" "^contactlab: error: @D@/t.face: is a folder${not_a_file}$"
  "mkdir t.face" --dir @D@/t.face --absent "@D@/t.node*" --absent "@D@/t.ele*" --absent "@D@/.tmp*"
  --absent "@D@/t.face.*" -- ${cli} mesh tetrahedralize ${meshes}/unit_cube.obj -o @D@/t)
output_path_test(tetrahedralize_node_is_fifo 2 "" "^contactlab: error: @D@/t.node: is a FIFO" "mkfifo t.node"
  --fifo @D@/t.node --absent "@D@/t.ele*" --absent "@D@/t.face*" --absent "@D@/t.node.*"
  -- ${cli} mesh tetrahedralize ${meshes}/unit_cube.obj -o @D@/t)
output_path_test(tetrahedralize_ele_is_symlink 2 "" "^contactlab: error: @D@/t.ele: is a symbolic link"
  "echo original > elsewhere && ln -s elsewhere t.ele" --symlink @D@/t.ele --unchanged @D@/elsewhere
  --absent "@D@/t.node*" --absent "@D@/t.face*" -- ${cli} mesh tetrahedralize ${meshes}/unit_cube.obj -o @D@/t)
# `-o .`, `-o dir/` and `-o ""` wrote the hidden ..node, dir/.node and .node and exited 0.
output_path_test(tetrahedralize_to_dot 2 "" "^contactlab: error: @D@/\\.: names a folder; expected a file name$"
  "true" --absent "@D@/.?*" -- ${cli} mesh tetrahedralize ${meshes}/unit_cube.obj -o @D@/.)
output_path_test(tetrahedralize_to_folder_name 2 "" "^contactlab: error: @D@/sub/: ends in '/', which names a folder; expected a file name$"
  "mkdir sub" --absent "@D@/sub/.node" --absent "@D@/sub/.ele" -- ${cli} mesh tetrahedralize ${meshes}/unit_cube.obj -o @D@/sub/)
cli_test(output_tetrahedralize_to_empty_path 2 "" "^contactlab: error: '': the path is empty; expected a file name$"
  --absent "${CMAKE_CURRENT_BINARY_DIR}/.node" --absent "${CMAKE_CURRENT_BINARY_DIR}/.ele"
  -- sh -c "'${cli}' mesh tetrahedralize '${meshes}/unit_cube.obj' -o ''")

# view: -o an existing file or a folder that cannot be created is exit 2, as for assess (it was exit
# 1); --png to a path that cannot take the PNG names the path before Chromium starts (the message
# blamed Chromium); --vtp files appear all or none.
output_path_test(view_output_is_a_file 2 "" "^contactlab: error: @D@/page: exists and is not a folder; expected a folder"
  "echo original > page" --file @D@/page --unchanged @D@/page -- ${cli} view pillar -o @D@/page)
output_path_test(view_output_under_a_file 2 "" "^contactlab: error: @D@/file/page: cannot create the folder: '@D@/file' is not a writable folder"
  "echo original > file" --unchanged @D@/file -- ${cli} view pillar -o @D@/file/page)
output_path_test(view_png_to_folder 2 "" "^contactlab: error: @D@/shot.png: is a folder${not_a_file}$"
  "mkdir shot.png" --dir @D@/shot.png --absent "@D@/shot.png/*" --absent "@D@/shot.png.*"
  -- ${cli} view pillar --png @D@/shot.png)
output_path_test(view_png_in_missing_folder 2 "" "^contactlab: error: @D@/missing/shot.png: the folder '@D@/missing' does not exist; expected an existing folder$"
  "true" --absent "@D@/missing" -- ${cli} view pillar --png @D@/missing/shot.png)
output_path_test(view_vtp_contacts_is_fifo 2 "" "^contactlab: error: @D@/p_contacts_0.vtp: is a FIFO"
  "${cli} contacts pillar --method ground-truth -o c.json 2>/dev/null && mkfifo p_contacts_0.vtp"
  --fifo @D@/p_contacts_0.vtp --absent "@D@/p_surfaces.vtp*" --absent "@D@/p_contacts_0.vtp.*"
  -- ${cli} view pillar --contacts @D@/c.json --vtp @D@/p)

# assess -o DIR: the report appears all or none. A `plots` that is a file stopped the writer after
# tables.txt, assessment.csv and assessment.json; a folder index.html after everything else.
set(assess_quick assess --methods opposing --cases pillar --threads 1)
output_path_test(assess_plots_is_a_file 2 "" "^contactlab: error: @D@/rep/plots: exists and is not a folder; expected a folder"
  "mkdir rep && echo original > rep/plots" --unchanged @D@/rep/plots --absent "@D@/rep/[!p]*" --absent "@D@/rep/plots.*"
  -- ${cli} ${assess_quick} -o @D@/rep)
output_path_test(assess_index_is_a_folder 2 "" "^contactlab: error: @D@/rep/index.html: is a folder${not_a_file}$"
  "mkdir -p rep/index.html" --dir @D@/rep/index.html --absent "@D@/rep/[!i]*" --absent "@D@/rep/index.html.*"
  -- ${cli} ${assess_quick} -o @D@/rep)
output_path_test(assess_to_fifo 2 "" "^contactlab: error: @D@/rep: exists and is not a folder; expected a folder"
  "mkfifo rep" --fifo @D@/rep -- ${cli} ${assess_quick} -o @D@/rep)
