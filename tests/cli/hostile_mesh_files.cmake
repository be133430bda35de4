# Hostile input: mesh files (issue 11). Uses cli_test, ${cli}, ${scratch} from CMakeLists.txt.

# --- Text: byte-order mark, line ends, binary data, empty files (issue 11, items 5 and 6) --------
# Ground truth from geometry: the unit right tetrahedron has volume 1/6; the BOM file adds an unused
# fifth vertex, which a reader that dropped the BOM's line would shift into the faces (volume 7/3).
cli_test(mesh_info_byte_order_mark 0 "^vertices +5$\n^volume +0.166666666667$" ""
  -- ${cli} mesh info ${meshes}/byte_order_mark_tetrahedron.obj)
cli_test(mesh_info_cr_line_ends 0 "^vertices +4$\n^triangles +4$\n^volume +0.166666666667$" ""
  -- ${cli} mesh info ${meshes}/cr_line_ends_tetrahedron.obj)
# Line numbers count CR-only line ends: the bad index is on line 7.
cli_test(mesh_info_cr_line_numbers 2 "" "cr_line_ends_index_out_of_range.obj:7: vertex index 5 out of range: valid 1..4"
  -- ${cli} mesh info ${meshes}/bad/cr_line_ends_index_out_of_range.obj)
cli_test(mesh_info_empty_obj 2 "" "empty.obj: no vertices and no faces in the file: expected an OBJ surface mesh"
  -- ${cli} mesh info ${meshes}/bad/empty.obj)
cli_test(mesh_info_comment_only_obj 2 "" "comment_only.obj:2: no vertices and no faces in the file"
  -- ${cli} mesh info ${meshes}/bad/comment_only.obj)
cli_test(mesh_info_no_faces_obj 2 "" "no_faces.obj:3: 3 vertices but no faces in the file: expected 'f i j k' lines"
  -- ${cli} mesh info ${meshes}/bad/no_faces.obj)
# Binary data is generated here rather than committed: two vertices, then a line of NUL and control bytes.
add_test(NAME cli.make_binary_obj
  COMMAND sh -c "printf 'v 0 0 0\\nv 1 0 0\\n\\000\\001\\002ELF\\n' > '${scratch}/binary.obj'")
set_tests_properties(cli.make_binary_obj PROPERTIES FIXTURES_SETUP binary_obj LABELS cli)
cli_test(mesh_info_binary_obj 2 "" "binary.obj:3: binary data \\(byte \\\\x00 at column 1\\): expected a text mesh file"
  -- ${cli} mesh info ${scratch}/binary.obj)
set_tests_properties(cli.mesh_info_binary_obj PROPERTIES FIXTURES_REQUIRED binary_obj)

# --- OBJ statements and vertex values (item 6) ----------------------------------------------------
cli_test(mesh_info_unknown_obj_statement 2 "" "unknown_keyword.obj:5: unknown statement 'vx': expected 'v', 'f'"
  -- ${cli} mesh info ${meshes}/bad/unknown_keyword.obj)
cli_test(mesh_info_extra_vertex_values 2 ""
  "extra_vertex_values.obj:2: vertex with 7 values, the last '0': expected 'v x y z', 'v x y z w' or 'v x y z r g b'"
  -- ${cli} mesh info ${meshes}/bad/extra_vertex_values.obj)
cli_test(mesh_info_repeated_vertex 2 "" "repeated_vertex.obj:6: face corners 2 and 3 are both vertex 2: expected distinct"
  -- ${cli} mesh info ${meshes}/bad/repeated_vertex.obj)
cli_test(mesh_info_repeated_node 2 "" "repeated_node.ele:3: tet lists node 0 twice \\(corners 0 and 3\\): expected 4 distinct"
  -- ${cli} mesh info ${meshes}/bad/repeated_node.node)

# --- Limits: coordinates and header counts (items 2 and 8) ----------------------------------------
cli_test(mesh_info_huge_coordinate_obj 2 ""
  "huge_coordinate.obj:2: x coordinate of vertex 2 '1e308' is beyond the coordinate limit: expected a magnitude of at most 1e\\+50"
  -- ${cli} mesh info ${meshes}/bad/huge_coordinate.obj)
cli_test(mesh_info_huge_coordinate_off 2 "" "huge_coordinate.off:5: y coordinate of vertex 2 '1e200' is beyond the coordinate limit"
  -- ${cli} mesh info ${meshes}/bad/huge_coordinate.off)
cli_test(mesh_info_huge_count_off 2 "" "huge_count.off:2: unexpected end of file: expected 2000000000 vertices, found 0"
  -- ${cli} mesh info ${meshes}/bad/huge_count.off)
cli_test(mesh_info_huge_count_node 2 "" "huge_count.node:1: unexpected end of file: expected 2000000000 nodes, found 0"
  -- ${cli} mesh info ${meshes}/bad/huge_count.node)
cli_test(mesh_info_huge_count_ele 2 "" "huge_tet_count.ele:1: unexpected end of file: expected 2000000000 tets, found 0"
  -- ${cli} mesh info ${meshes}/bad/huge_tet_count.node)

# --- Surfaces that touch themselves (face, edge, vertex): refused, naming file and face line ------
foreach(contact face edge vertex)
  cli_test(tetrahedralize_cubes_touching_${contact} 2 ""
    "cubes_touching_${contact}.obj:[0-9]+: self-contact: triangles [0-9]+ and [0-9]+ share no vertex but"
    --absent "${scratch}/touching_${contact}*"
    -- ${cli} mesh tetrahedralize ${meshes}/bad/cubes_touching_${contact}.obj -o ${scratch}/touching_${contact})
endforeach()
cli_test(mesh_info_cubes_touching_edge 0 "^surface +INVALID, 1 issue\\(s\\)$\n^  - self-contact \\(element 0\\): triangles 0 and 12" ""
  -- ${cli} mesh info ${meshes}/bad/cubes_touching_edge.obj)
# In a scene, the mesh file and the face's line are named too.
cli_test(scene_mesh_touching_itself 2 "" "cubes_touching_edge.obj:18: self-contact" --absent "${scratch}/touching_scene.json"
  -- ${cli} scene ${scenes}/bad/mesh_touching_itself.json -o ${scratch}/touching_scene.json)
cli_test(scene_mesh_repeated_vertex 2 "" "repeated_vertex.obj:6: face corners 2 and 3 are both vertex 2"
  -- ${cli} scene ${scenes}/bad/mesh_repeated_vertex.json)

# --- TetGen switches, checked in full (TetGen would only print "Unknown switch") -------------------
cli_test(tetrahedralize_negative_max_volume 2 ""
  "tetrahedralize switches: \"pq2.0Ya-1\": TetGen switch 'a' has the number '-1': expected a maximum tet volume > 0 \\(accepted: p Y A M z Q V J I C"
  --absent "${scratch}/negative_volume*"
  -- ${cli} mesh tetrahedralize ${meshes}/unit_cube.obj -o ${scratch}/negative_volume --switches pq2.0Ya-1)
cli_test(tetrahedralize_unknown_switch 2 "" "\"pq2.0Yx\": unknown TetGen switch 'x' \\(accepted:"
  --absent "${scratch}/unknown_switch*"
  -- ${cli} mesh tetrahedralize ${meshes}/unit_cube.obj -o ${scratch}/unknown_switch --switches pq2.0Yx)

# --- Generator caps (item 9): 600 slices are refused (~3.5 s to tetrahedralize; 2000 take ~66 s) ---
cli_test(scene_frustum_too_many_slices 2 ""
  "frustum_too_many_slices.json: bodies\\[0\\].shape.slices: expected an integer ≤ 500 \\(the cap: tetrahedralisation time grows with slices²"
  -- ${cli} scene ${scenes}/bad/frustum_too_many_slices.json)
