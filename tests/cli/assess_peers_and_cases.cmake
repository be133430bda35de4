# `contactlab assess --peers` (docs/peers.md) and cases that could be one case twice (docs/assessment.md,
# "Cases"). Included from tests/cli/CMakeLists.txt, which defines cli, expect, scratch and cli_test.

# Peers: only the built ones can run; asking for an unknown one is bad input whatever is built.
cli_test(assess_unknown_peer 2 "" "--peers: unknown peer 'havok': expected one of fcl, bullet, ode" --absent "${scratch}/assess_bad"
  -- ${cli} assess --peers havok -o ${scratch}/assess_bad)
cli_test(assess_methods_none_without_peers 2 "" "'none' runs only the peers, and no --peers are given" --absent "${scratch}/assess_bad"
  -- ${cli} assess --methods none -o ${scratch}/assess_bad)
if(CONTACTLAB_PEERS_BUILT)
  list(JOIN CONTACTLAB_PEERS_BUILT "," peer_list)
  set(peer_rows "")
  foreach(peer IN LISTS CONTACTLAB_PEERS_BUILT)
    string(APPEND peer_rows "\n^${peer} \\(peer\\) +[0-9]+\\.[0-9]")
  endforeach()
  # Every built peer on internal-edge, after one method: a row each in the table, labelled.
  add_test(NAME cli.assess_peers
    COMMAND ${expect} 0 "^Coverage \\(%\\)$\n^opposing +[0-9.]+$\n  paper +[0-9.]+${peer_rows}\n"
            "runs \\(1 methods \\+ [0-9] peers × 1 cases\\)"
            -- ${cli} assess --methods opposing --peers ${peer_list} --cases internal-edge -o ${scratch}/assess_peers)
  set(csv_rows "^opposing,internal-edge,true,.*,false$")
  foreach(peer IN LISTS CONTACTLAB_PEERS_BUILT)
    string(APPEND csv_rows "\n^${peer},internal-edge,true,[0-9]+,.*,true$")
  endforeach()
  add_test(NAME cli.assess_peers_csv COMMAND ${expect} 0 "${csv_rows}" "" -- cat ${scratch}/assess_peers/assessment.csv)
  add_test(NAME cli.assess_peers_json COMMAND ${expect} 0 "\"peers\": \\[\"" "" -- cat ${scratch}/assess_peers/assessment.json)
  set_tests_properties(cli.assess_peers PROPERTIES FIXTURES_SETUP assess_peers LABELS "cli;peers")
  set_tests_properties(cli.assess_peers_csv cli.assess_peers_json PROPERTIES FIXTURES_REQUIRED assess_peers LABELS "cli;peers")
  # A peer listed twice, and the peers alone.
  list(GET CONTACTLAB_PEERS_BUILT 0 first_peer)
  cli_test(assess_repeated_peer 2 "" "peer '${first_peer}' is listed twice" --absent "${scratch}/assess_bad"
    -- ${cli} assess --peers ${first_peer},${first_peer} -o ${scratch}/assess_bad)
  cli_test(assess_peers_only 0 "^${first_peer} \\(peer\\) " "0 methods \\+ 1 peers"
    -- ${cli} assess --methods none --peers ${first_peer} --cases slide-spike -o ${scratch}/assess_peers_only)
endif()
foreach(peer fcl bullet ode)
  if(NOT peer IN_LIST CONTACTLAB_PEERS_BUILT)
    cli_test(assess_unbuilt_peer_${peer} 2 "" "peer '${peer}' .* is not built into this contactlab .*install the Debian package lib"
      --absent "${scratch}/assess_bad" -- ${cli} assess --peers ${peer} -o ${scratch}/assess_bad)
  endif()
endforeach()

# Cases are named by the text given, so the built-in crack-spike and a scene file of the same scene
# named crack-spike.json are two cases, both scored, each with its own viewer page (the built-in keeps
# crack-spike.html). The same file by two paths, or a name that is both a built-in scene and a file
# in the working folder, is an error naming both: never one case dropped or run twice.
set(dup_dir ${scratch}/duplicate_cases)
file(MAKE_DIRECTORY ${dup_dir})
add_test(NAME cli.assess_file_named_like_builtin_export
  COMMAND ${expect} 0 "" "" -- ${cli} scene crack-spike -o ${dup_dir}/crack-spike.json)
add_test(NAME cli.assess_file_named_like_builtin
  COMMAND ${expect} 0 "" "wrote .*index.html" -- ${cli} assess --methods opposing
          --cases ${dup_dir}/crack-spike.json,crack-spike -o ${dup_dir}/report)
add_test(NAME cli.assess_file_named_like_builtin_rows
  COMMAND ${expect} 0 "^opposing,.*duplicate_cases/crack-spike.json,false,\n^opposing,crack-spike,true," ""
          -- cat ${dup_dir}/report/assessment.csv)
add_test(NAME cli.assess_file_named_like_builtin_views
  COMMAND ${expect} 0 "^crack-spike-2.html$\n^crack-spike.html$" "" -- ls ${dup_dir}/report/view)
add_test(NAME cli.assess_same_file_twice
  COMMAND ${expect} 2 "" "cases '.*crack-spike.json' and '.*/\\./crack-spike.json' are the same scene file"
          --absent "${dup_dir}/bad" -- ${cli} assess --cases ${dup_dir}/crack-spike.json,${dup_dir}/./crack-spike.json -o ${dup_dir}/bad)
# A file called crack-spike in the working folder: `--cases crack-spike` is ambiguous.
add_test(NAME cli.assess_builtin_name_is_also_a_file_setup
  COMMAND ${CMAKE_COMMAND} -E copy ${dup_dir}/crack-spike.json ${dup_dir}/crack-spike)
add_test(NAME cli.assess_builtin_name_is_also_a_file
  COMMAND ${expect} 2 "" "case 'crack-spike' is both the built-in scene 'crack-spike' and the scene file 'crack-spike' in the working folder"
          --absent "${dup_dir}/bad" -- ${cli} assess --cases crack-spike -o ${dup_dir}/bad)
set_tests_properties(cli.assess_builtin_name_is_also_a_file PROPERTIES WORKING_DIRECTORY ${dup_dir})
set_tests_properties(cli.assess_file_named_like_builtin_export PROPERTIES FIXTURES_SETUP dup_scene LABELS cli)
set_tests_properties(cli.assess_builtin_name_is_also_a_file_setup PROPERTIES FIXTURES_SETUP dup_file
  FIXTURES_REQUIRED dup_scene LABELS cli)
set_tests_properties(cli.assess_file_named_like_builtin PROPERTIES FIXTURES_SETUP dup_report FIXTURES_REQUIRED dup_scene LABELS cli)
set_tests_properties(cli.assess_file_named_like_builtin_rows cli.assess_file_named_like_builtin_views PROPERTIES
  FIXTURES_REQUIRED dup_report LABELS cli)
set_tests_properties(cli.assess_same_file_twice PROPERTIES FIXTURES_REQUIRED dup_scene LABELS cli)
set_tests_properties(cli.assess_builtin_name_is_also_a_file PROPERTIES FIXTURES_REQUIRED dup_file LABELS cli)

# Solfec's sparsification (issue 17): `contacts` reports what it deleted; `assess --sparsify` scores
# each method again as "<method>+sparsify"; bad values exit 2.
cli_test(contacts_solfec_sparsify 0 "" "^solfec on pillar: [0-9]+ contacts .*\n^sparsified: [1-9][0-9]* deleted \\(0 by area < minarea, [0-9]+ by area < threshold"
  -- ${cli} contacts pillar --method solfec --sparsify --csv)
cli_test(contacts_sparsify_not_numbers 2 "" "--sparsify: expected THRESHOLD\\[,MINAREA\\[,MINDIST\\]\\] \\(numbers\\), got '0.1,x'"
  -- ${cli} contacts pillar --method solfec --sparsify 0.1,x)
cli_test(contacts_sparsify_negative_mindist 2 "" "--sparsify: mindist must be a finite distance"
  -- ${cli} contacts pillar --method solfec --sparsify 0.1,0,-1)
cli_test(assess_sparsify_rows 0 "^solfec +[0-9.]+ +[0-9]+ .*\n^solfec\\+sparsify +[0-9.]+ +[0-9]+ " ""
  -- ${cli} assess --methods solfec --cases pillar --sparsify -o ${scratch}/assess-sparsify)
cli_test(assess_sparsify_without_methods 2 "" "--sparsify: sparsifies the methods' contacts, and --methods is 'none'"
  --absent ${scratch}/assess-sparsify-none -- ${cli} assess --methods none --peers fcl --sparsify -o ${scratch}/assess-sparsify-none)
