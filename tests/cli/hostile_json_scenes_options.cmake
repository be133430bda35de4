# Hostile input: json scenes options (issue 11). Uses cli_test, ${cli}, ${scratch} from CMakeLists.txt.
# The large inputs (JSON nested 10^5 and 10^6 deep, a 1 MB body name) are written here at configure
# time into the build folder, not committed.
set(hostile_json ${CMAKE_CURRENT_BINARY_DIR}/hostile_json)
file(MAKE_DIRECTORY ${hostile_json})

# --- JSON nesting deeper than kMaxJsonDepth (256): refused with the line of the first bracket too
# deep, before any value is built (a 10^5-deep value inside a field overflowed the stack, exit 139).
# deep_json(VAR KIND DEPTH): VAR = KIND "array" ([[…1…]]) or "object" ({"a": {"a": … 1 …}}).
function(deep_json var kind depth)
  if(kind STREQUAL "array")
    string(REPEAT "[" ${depth} open)
    string(REPEAT "]" ${depth} close)
  else()
    string(REPEAT "{\"a\": " ${depth} open)
    string(REPEAT "}" ${depth} close)
  endif()
  set(${var} "${open}1${close}" PARENT_SCOPE)
endfunction()

set(scene_head "{\n  \"format\": \"contactlab-scene\",\n  \"version\": 1,\n  \"name\": \"deep\",\n")
set(contacts_head "{\n  \"format\": \"contactlab-contacts\",\n  \"version\": 1,\n")
set(contacts_method "  \"method\": {\"name\": \"opposing\", \"parameters\": {}},\n")
foreach(depth 100000 1000000)
  foreach(kind array object)
    deep_json(deep ${kind} ${depth})
    set(tag ${kind}_${depth})
    # A scene: inside "description" (line 5), and the whole file (line 1).
    file(WRITE ${hostile_json}/scene_description_${tag}.json "${scene_head}  \"description\": ${deep},\n  \"bodies\": []\n}\n")
    file(WRITE ${hostile_json}/top_${tag}.json "${deep}\n")
    cli_test(json_deep_${tag}_in_scene_description 2 ""
      "scene_description_${tag}.json:5: arrays and objects nested deeper than 256 levels; expected at most 256"
      --absent ${scratch}/deep_scene.json -- ${cli} scene ${hostile_json}/scene_description_${tag}.json -o ${scratch}/deep_scene.json)
    cli_test(json_deep_${tag}_top_level_scene 2 ""
      "top_${tag}.json:1: arrays and objects nested deeper than 256 levels"
      -- ${cli} scene ${hostile_json}/top_${tag}.json)
    # A contacts file: inside the method's "parameters" (line 4), "scene" (line 4) and a contact's "gap" (line 6).
    file(WRITE ${hostile_json}/contacts_parameters_${tag}.json
      "${contacts_head}  \"scene\": \"pillar\",\n  \"method\": {\"name\": \"opposing\", \"parameters\": {\"p\": ${deep}}},\n  \"contacts\": []\n}\n")
    file(WRITE ${hostile_json}/contacts_scene_${tag}.json
      "${contacts_head}  \"scene\": ${deep},\n${contacts_method}  \"contacts\": []\n}\n")
    file(WRITE ${hostile_json}/contacts_gap_${tag}.json
      "${contacts_head}  \"scene\": \"pillar\",\n${contacts_method}  \"contacts\": [\n    {\"gap\": ${deep}}\n  ]\n}\n")
    foreach(field_line parameters:5 scene:4 gap:7)
      string(REPLACE ":" ";" field_line ${field_line})
      list(GET field_line 0 field)
      list(GET field_line 1 line)
      cli_test(json_deep_${tag}_in_contacts_${field} 2 ""
        "contacts_${field}_${tag}.json:${line}: arrays and objects nested deeper than 256 levels"
        --absent ${scratch}/deep_view -- ${cli} view pillar --contacts ${hostile_json}/contacts_${field}_${tag}.json -o ${scratch}/deep_view)
    endforeach()
    file(WRITE ${hostile_json}/top_contacts_${tag}.json "${deep}\n")
    cli_test(json_deep_${tag}_top_level_contacts 2 "" "top_contacts_${tag}.json:1: arrays and objects nested deeper than 256"
      --absent ${scratch}/deep_view -- ${cli} view pillar --contacts ${hostile_json}/top_contacts_${tag}.json -o ${scratch}/deep_view)
  endforeach()
endforeach()
# 256 levels are read (the root object and 255 in "description": the scene is then refused for
# what "description" is, not for its depth), 257 are not; brackets inside strings do not count.
deep_json(deep_255 array 255)
deep_json(deep_256 array 256)
string(REPEAT "[" 100000 brackets_in_string)
file(WRITE ${hostile_json}/scene_depth_256.json "${scene_head}  \"description\": ${deep_255},\n  \"bodies\": []\n}\n")
file(WRITE ${hostile_json}/scene_depth_257.json "${scene_head}  \"description\": ${deep_256},\n  \"bodies\": []\n}\n")
file(WRITE ${hostile_json}/scene_brackets_in_string.json
  "${scene_head}  \"description\": \"${brackets_in_string}\\\"[{\",\n  \"bodies\": []\n}\n")
cli_test(json_depth_256_is_read 2 "" "scene_depth_256.json: description: expected a string, got an array"
  -- ${cli} scene ${hostile_json}/scene_depth_256.json)
cli_test(json_depth_257_is_refused 2 "" "scene_depth_257.json:5: arrays and objects nested deeper than 256 levels"
  -- ${cli} scene ${hostile_json}/scene_depth_257.json)
cli_test(json_brackets_in_strings_do_not_nest 0 "^deep: \\[\\[\\[" "" -- ${cli} scene ${hostile_json}/scene_brackets_in_string.json)

# --- A folder or a NUL byte where a JSON file is expected (both read as "unexpected end of input").
file(MAKE_DIRECTORY ${hostile_json}/a_folder.json)
cli_test(json_scene_is_a_folder 2 "" "a_folder.json: is a folder; expected a JSON file"
  -- ${cli} scene ${hostile_json}/a_folder.json)
cli_test(json_contacts_is_a_folder 2 "" "a_folder.json: is a folder; expected a JSON file" --absent ${scratch}/folder_view
  -- ${cli} view pillar --contacts ${hostile_json}/a_folder.json -o ${scratch}/folder_view)
cli_test(json_nul_byte 2 "" "nul_byte.json:3: NUL byte; expected UTF-8 text" --absent ${scratch}/nul.json
  -- ${cli} scene ${scenes}/bad/nul_byte.json -o ${scratch}/nul.json)

# --- The user's text is quoted as an excerpt: control bytes escaped, long text cut with its length.
string(REPEAT "\\u0001\\u001b" 200 control_key)  # 400 control bytes once parsed
file(WRITE ${hostile_json}/control_bytes_field.json "${scene_head}  \"${control_key}\": 1,\n  \"bodies\": []\n}\n")
cli_test(json_control_bytes_in_field_name 2 ""
  "control_bytes_field.json: (\\\\x01\\\\x1b){30}…\\(400 bytes\\): unknown field; expected one of: format,"
  -- ${cli} scene ${hostile_json}/control_bytes_field.json)
string(REPEAT "n" 1048576 long_name)
set(box_body "{\"name\": \"${long_name}\", \"shape\": {\"generator\": \"box\", \"size\": [1, 1, 1]}}")
file(WRITE ${hostile_json}/long_body_name.json "${scene_head}  \"bodies\": [${box_body}, ${box_body}]\n}\n")
cli_test(json_long_body_name 2 ""
  "long_body_name.json: bodies\\[1\\].name: duplicate body name 'n{60}…\\(1048576 bytes\\)' \\(also bodies\\[0\\]\\)"
  -- ${cli} scene ${hostile_json}/long_body_name.json)
string(REPEAT "9" 1048576 long_number)
file(WRITE ${hostile_json}/long_number.json "${scene_head}  \"gravity\": [0, -1${long_number}, 0],\n  \"bodies\": []\n}\n")
cli_test(json_long_number 2 "" "long_number.json:5: non-finite number: number overflow parsing '-19{58}…\\(1048578 bytes\\)'"
  -- ${cli} scene ${hostile_json}/long_number.json)
file(WRITE ${hostile_json}/unknown_body_in_contacts.json
  "${contacts_head}  \"scene\": \"pillar\",\n${contacts_method}  \"contacts\": [{\"body_a\": \"${long_name}\"}]\n}\n")
cli_test(json_long_body_name_in_contacts 2 "" "contacts\\[0\\].body_a: unknown body 'n{60}…\\(1048576 bytes\\)' in scene 'pillar'"
  --absent ${scratch}/long_view -- ${cli} view pillar --contacts ${hostile_json}/unknown_body_in_contacts.json -o ${scratch}/long_view)

# --- Coordinates beyond kMaxCoordinateMagnitude (1e50) in a scene, refused with the field path
# (a 1e300 box gave "height -nan"; a body at 1e300 gave "candidate_body_pairs: margin … inf").
function(scene_with_body file body)
  file(WRITE ${hostile_json}/${file} "${scene_head}  \"bodies\": [${body}]\n}\n")
endfunction()
scene_with_body(huge_box.json "{\"name\": \"b\", \"shape\": {\"generator\": \"box\", \"size\": [1e300, 1, 1]}}")
cli_test(scene_huge_generator_size 2 ""
  "huge_box.json: bodies\\[0\\].shape.size\\[0\\]: expected a number within ±1e\\+50 \\(the coordinate limit"
  -- ${cli} scene ${hostile_json}/huge_box.json)
scene_with_body(far_body.json "{\"name\": \"b\", \"shape\": {\"generator\": \"box\", \"size\": [1, 1, 1]}, \"position\": [0, 1e300, 0]}")
cli_test(scene_far_body 2 "" "far_body.json: bodies\\[0\\].position\\[1\\]: expected a number within ±1e\\+50 .*got 1e\\+300"
  -- ${cli} scene ${hostile_json}/far_body.json)
scene_with_body(huge_vertex.json
  "{\"name\": \"b\", \"shape\": {\"vertices\": [[0, 0, 0], [1, 0, 0], [0, 1e51, 0], [0, 0, 1]], \"triangles\": [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]}}")
cli_test(scene_huge_inline_vertex 2 "" "huge_vertex.json: bodies\\[0\\].shape.vertices\\[2\\]\\[1\\]: expected a number within ±1e\\+50"
  -- ${cli} scene ${hostile_json}/huge_vertex.json)
# A quaternion of huge components is a rotation like any other (it was normalised to zero, read as
# the identity; now kept as written and normalised on use): box b, 1 × 2 × 3 m turned 90° about y by
# [1e300, 0, 1e300, 0], is 3 m wide in x and touches the unit box c beside it over 1 m²; unturned it
# would be 1 m away.
file(WRITE ${hostile_json}/huge_quaternion.json "${scene_head}  \"bodies\": [
    {\"name\": \"b\", \"shape\": {\"generator\": \"box\", \"size\": [1, 2, 3]}, \"orientation\": [1e300, 0, 1e300, 0]},
    {\"name\": \"c\", \"shape\": {\"generator\": \"box\", \"size\": [1, 1, 1]}, \"position\": [2, 0, 0]}
  ]\n}\n")
cli_test(scene_huge_quaternion 0 "^  derived ground truth: 1 interfaces \\(1 planar .*contact area 1 m²$" ""
  -- ${cli} scene ${hostile_json}/huge_quaternion.json --derive-ground-truth)

# --- Options: each value checked with a message that names the option and the accepted range.
cli_test(option_threads_negative 2 "" "^contactlab: error: --threads: expected an integer ≥ 0 \\(0: all cores\\), got '-1'$"
  -- ${cli} contacts pillar --method opposing --threads -1)
cli_test(option_assess_threads_negative 2 "" "--threads: expected an integer ≥ 0 \\(0: all cores\\), got '-1'$"
  --absent ${scratch}/assess_bad -- ${cli} assess --threads -1 -o ${scratch}/assess_bad)
cli_test(option_repetitions_negative 2 "" "--repetitions: expected an integer ≥ 1, got '-3'$"
  --absent ${scratch}/assess_bad -- ${cli} assess --repetitions -3 -o ${scratch}/assess_bad)
cli_test(option_scale_denormal 2 "" "--scale: expected a scale factor in \\[1e-50, 1e\\+50\\], got '1e-320'$"
  --absent ${scratch}/scaled.json -- ${cli} scene pillar --scale 1e-320 -o ${scratch}/scaled.json)
cli_test(option_scale_huge 2 "" "--scale: expected a scale factor in \\[1e-50, 1e\\+50\\], got '1e300'$"
  --absent ${scratch}/scaled.json -- ${cli} scene pillar --scale 1e300 -o ${scratch}/scaled.json)
cli_test(option_scale_beyond_limit_with_scene 2 "" "--scale: the scene would reach [0-9.e+]+ m from the origin, beyond the coordinate limit 1e\\+50 m"
  --absent ${scratch}/scaled.json -- ${cli} scene pillar --scale 1e50 -o ${scratch}/scaled.json)
cli_test(option_perturb_huge 2 "" "--perturb: expected a distance in \\[0, 1e\\+50\\] m, got '1e308'$"
  --absent ${scratch}/perturbed.json -- ${cli} scene pillar --perturb 1e308 -o ${scratch}/perturbed.json)
cli_test(option_translate_huge 2 "" "--translate: expected coordinates in \\[-1e\\+50, 1e\\+50\\] m, got '1e300'$"
  --absent ${scratch}/moved.json -- ${cli} scene pillar --translate 1e300 0 0 -o ${scratch}/moved.json)
cli_test(option_translate_nan 2 "" "--translate: expected coordinates in .* got 'nan'$" -- ${cli} scene pillar --translate 0 nan 0)
cli_test(option_rotate_zero_axis 2 "" "--rotate: zero axis; expected a non-zero axis" -- ${cli} scene pillar --rotate 0 0 0 30)
cli_test(option_rotate_infinite_angle 2 "" "--rotate: expected finite numbers \\(axis X Y Z, angle in degrees\\), got 'inf'$"
  -- ${cli} scene pillar --rotate 1 0 0 inf)
# An axis whose length overflows (1e308 √2) is still the axis (1, 1, 0): the wall is rotated, not
# scaled by cos 30° with its bodies left unrotated, so the derived ground truth is the wall's.
cli_test(option_rotate_huge_axis 0
  "^  derived ground truth: 213 interfaces \\(213 planar from the geometry, 0 non-planar kept as given, 213 planar replaced\\), minimal contacts 852, contact area 37.59375 m²$"
  "" -- ${cli} scene wall --rotate 1e308 1e308 0 30 --derive-ground-truth)
cli_test(option_rotate_tiny_axis 0 "derived ground truth: 7 interfaces \\(7 planar from the geometry" ""
  -- ${cli} scene pillar --rotate 1e-300 0 1e-300 30 --derive-ground-truth)

# --- Commands and lists.
cli_test(unknown_command_named 2 "" "^contactlab: error: unknown command 'frobnicate'; expected one of: mesh, scenes, scene, contacts"
  -- ${cli} frobnicate)
cli_test(unknown_command_suggestion 2 "" "^contactlab: error: unknown command 'sene'; did you mean 'scene'\\?$" -- ${cli} sene pillar)
cli_test(unknown_mesh_command 2 "" "unknown command 'mesh frob'; expected one of: info, tetrahedralize$" -- ${cli} mesh frob)
cli_test(list_option_empty_name 2 "" "^contactlab: error: --cases: empty name in ','; expected names separated by commas$"
  --absent ${scratch}/assess_bad -- ${cli} assess --cases , --methods opposing -o ${scratch}/assess_bad)
cli_test(list_option_empty_method 2 "" "--methods: empty name in 'opposing,,growth'"
  --absent ${scratch}/assess_bad -- ${cli} assess --methods opposing,,growth -o ${scratch}/assess_bad)
cli_test(list_option_missing_value 2 "" "--cases: expects names, got '--methods', which looks like an option"
  --absent ${scratch}/assess_bad -- ${cli} assess --cases --methods opposing -o ${scratch}/assess_bad)
# A seed is a whole number: CLI11 read "-1" into the std::uint64_t seed as 2^64 - 1 without a word.
cli_test(option_seed_negative 2 "" "--seed: expected a whole number in \\[0, 2\\^64 - 1\\], got '-1'"
  -- ${cli} scene pillar --perturb 0.01 --seed -1)
cli_test(option_seed_too_large 2 "" "--seed: expected a whole number in \\[0, 2\\^64 - 1\\], got '18446744073709551616'"
  -- ${cli} scene pillar --perturb 0.01 --seed 18446744073709551616)
cli_test(option_seed_largest 0 "ground truth: 7 interfaces" "" -- ${cli} scene pillar --perturb 0.01 --seed 18446744073709551615)
# Contacts files: positions and gaps within the coordinate limit like the scene's coordinates.
file(WRITE ${scratch}/far_contact.json [=[
{"format": "contactlab-contacts", "version": 1, "scene": "pillar", "method": {"name": "x", "parameters": {}},
 "contacts": [{"body_a": "ground", "body_b": "base", "position": [0, 1e300, 0], "normal": [0, 1, 0], "gap": 0,
   "feature_a": {"kind": "face", "index": 0}, "feature_b": {"kind": "face", "index": 0}, "element_a": 0, "element_b": 0}]}
]=])
cli_test(contacts_position_beyond_limit 2 "" "far_contact.json: contacts\\[0\\].position\\[1\\]: expected a number within ±1e\\+50"
  --absent "${scratch}/far_view" -- ${cli} view pillar --contacts ${scratch}/far_contact.json -o ${scratch}/far_view)
