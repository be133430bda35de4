# `contactlab simulate` (issue 13). Uses cli_test, ${cli}, ${scratch} from CMakeLists.txt.
set(simulate_dir ${scratch}/simulate)

# A short run writes the four files of docs/simulation-format.md.
cli_test(simulate_writes_a_run 0 "" "^ran 5 of 5 steps of pillar with opposing in .* s$\n^largest displacement [0-9.e+-]+ m \\([a-z0-9-]+\\), largest rotation [0-9.e+-]+° \\([a-z0-9-]+\\)$\n^wrote ${simulate_dir}/run$"
  --setup "rm -rf '${simulate_dir}/run'" --file ${simulate_dir}/run/run.json --file ${simulate_dir}/run/frames.ndjson
  --file ${simulate_dir}/run/timings.csv --file ${simulate_dir}/run/final-scene.json
  -- ${cli} simulate pillar --method opposing --steps 5 --iterations 50 -o ${simulate_dir}/run)
# The final scene is a scene: every command takes it.
cli_test(simulate_final_scene_is_a_scene 0 "" "^opposing on pillar: [0-9]+ contacts"
  -- ${cli} contacts ${simulate_dir}/run/final-scene.json --method opposing -o ${simulate_dir}/final-contacts.json)
set_tests_properties(cli.simulate_final_scene_is_a_scene PROPERTIES DEPENDS cli.simulate_writes_a_run)

# Bad input: exit 2, the option named, nothing written.
cli_test(simulate_unknown_method 2 "" "^contactlab: error: --method: unknown method 'frob': expected one of"
  --absent ${simulate_dir}/bad -- ${cli} simulate pillar --method frob -o ${simulate_dir}/bad)
cli_test(simulate_zero_steps 2 "" "--steps: expected an integer in \\[1, 10000000\\], got '0'"
  --absent ${simulate_dir}/bad -- ${cli} simulate pillar --method opposing --steps 0 -o ${simulate_dir}/bad)
cli_test(simulate_negative_dt 2 "" "--dt: expected a time step in \\[1e-9, 1\\] s, got '-0.01'"
  --absent ${simulate_dir}/bad -- ${cli} simulate pillar --method opposing --dt -0.01 -o ${simulate_dir}/bad)
cli_test(simulate_unknown_scene 2 "" "no_such_scene"
  --absent ${simulate_dir}/bad -- ${cli} simulate no_such_scene --method opposing -o ${simulate_dir}/bad)

foreach(check threads interrupt)
  add_test(NAME cli.simulate_${check} COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/simulate_run.sh ${cli} ${scratch} ${check})
  set_tests_properties(cli.simulate_${check} PROPERTIES LABELS cli)
endforeach()

# --band: the paper's "numerical threshold" (§7.1). With the default band (1e-9 of the length) the
# intersection method loses every contact once the blocks sink into each other and the pillar falls
# (0.43 m after 30 steps, free fall); with a band of 1e-4 it keeps its contacts and stands (under
# 1 cm; measured 0.74 mm).
cli_test(simulate_intersection_default_band_falls 0 "" "^largest displacement 0\\.[1-9][0-9]* m"
  -- ${cli} simulate pillar --method intersection --steps 30)
cli_long_test(simulate_intersection_band_stands 0 "" "^largest displacement (0\\.00[0-9]*|[0-9.]+e-0[4-9]) m"
  -- ${cli} simulate pillar --method intersection --steps 30 --band 1e-4)
cli_test(simulate_band_out_of_range 2 "" "--band: expected a relative band in \\[0, 0\\.1\\], got '0.5'"
  --absent ${simulate_dir}/bad -- ${cli} simulate pillar --method intersection --band 0.5 -o ${simulate_dir}/bad)

# --solver (issue 16): Lemke solves the pillar's polyhedral LCP exactly each step, so the pillar
# stands still to round-off (2.2e-8 m in 500 steps; PGS prox's 1000 sweeps leave 1 mm). 200 steps:
# step 184 once ended "solved" with a residual of 0.77 and kicked the top off (lemke.h).
cli_long_test(simulate_lcp_lemke_pillar_stands 0 "" "^largest displacement [0-9.]+e-(0[7-9]|[1-9][0-9]) m"
  -- ${cli} simulate pillar --method semi-local --steps 200 --solver lcp-lemke)
cli_test(simulate_unknown_solver 2 "" "--solver: unknown solver 'frob': expected one of prox, lcp, lcp-lemke, blcp"
  --absent ${simulate_dir}/bad -- ${cli} simulate pillar --method opposing --solver frob -o ${simulate_dir}/bad)
cli_test(simulate_friction_directions_out_of_range 2 "" "--friction-directions: expected an integer from 3 to 360, got '2'"
  --absent ${simulate_dir}/bad -- ${cli} simulate pillar --method opposing --solver lcp --friction-directions 2 -o ${simulate_dir}/bad)

# --export-fclib (issue 16): every step's problem and solution in FCLIB's format, which `contactlab
# fclib` reads back (W = J M^-1 J^T of the arch's 56 contacts; the stored u is W r + q exactly).
# (Its own folder, as every test here empties only its own: they may run at the same time.)
set(fclib_dir ${scratch}/fclib-export)
cli_test(simulate_exports_fclib 0 "" "^ran 2 of 2 steps of arch with semi-local"
  --setup "rm -rf '${fclib_dir}'" --file ${fclib_dir}/step-000001.hdf5
  --file ${fclib_dir}/step-000002.hdf5 --absent ${fclib_dir}/step-000003.hdf5
  -- ${cli} simulate arch --method semi-local --steps 2 --iterations 50 --export-fclib ${fclib_dir})
cli_test(fclib_describes_an_export 0 "^${fclib_dir}/step-000002.hdf5: 56 contacts, W 168x168 with [0-9]+ non-zeros, mu 0.5 to 0.5.*\n.*title: arch step 2 \\(56 contacts\\)\n.*solution: fc3d error [0-9.e-]+ \\(Siconos' measure, relative to \\|q\\|\\), \\|u - \\(W r \\+ q\\)\\| 0$" ""
  -- ${cli} fclib ${fclib_dir}/step-000002.hdf5)
set_tests_properties(cli.fclib_describes_an_export PROPERTIES DEPENDS cli.simulate_exports_fclib)
cli_test(fclib_refuses_a_text_file 2 "" "contactlab: error: .*simulate.cmake: not an HDF5 file"
  -- ${cli} fclib ${CMAKE_CURRENT_SOURCE_DIR}/simulate.cmake)

# The solfec method (issue 17) in simulation: the pillar stands 50 steps (measured 0.49 mm) with
# Solfec's contacts, and --sparsify is checked before anything runs.
cli_long_test(simulate_solfec_pillar_stands 0 "" "^largest displacement (0\\.000[0-9]*|[0-9.]+e-0[4-9]) m"
  -- ${cli} simulate pillar --method solfec --steps 50)
cli_test(simulate_sparsify_bad_threshold 2 "" "--sparsify: threshold must be in \\[0, 1\\]"
  --absent ${simulate_dir}/bad -- ${cli} simulate pillar --method solfec --sparsify 2 -o ${simulate_dir}/bad)

# --ccd (issue 18 item 4): a 5 cm box at 10 m/s onto a 1 cm plate (data/scenes/box_over_plate.json).
# Without CCD it falls through (3.46 m in 30 steps); with it it lands: its centre drops 0.175 m, from
# 0.2 m to the plate's top plus half its size.
cli_test(simulate_box_tunnels_without_ccd 0 "" "^largest displacement [1-9][0-9.]* m \\(box\\)"
  -- ${cli} simulate ${PROJECT_SOURCE_DIR}/data/scenes/box_over_plate.json --method opposing --steps 30 --iterations 200)
cli_test(simulate_box_stops_with_ccd 0 "" "^largest displacement 0\\.17[4-6][0-9]* m \\(box\\)"
  -- ${cli} simulate ${PROJECT_SOURCE_DIR}/data/scenes/box_over_plate.json --method opposing --steps 30 --iterations 200 --ccd)
# Two thin bars crossing (data/scenes/crossing_bars.json): only edges meet. Without CCD the falling
# bar passes through; with it (edge–edge impacts) it lands: its centre drops 0.195 m, from 0.2 m to
# the fixed bar's top plus half its thickness.
cli_test(simulate_bar_tunnels_without_ccd 0 "" "^largest displacement [1-9][0-9.]* m \\(falling\\)"
  -- ${cli} simulate ${PROJECT_SOURCE_DIR}/data/scenes/crossing_bars.json --method opposing --steps 30 --iterations 200)
cli_test(simulate_bar_stops_with_ccd 0 "" "^largest displacement 0\\.19[4-6][0-9]* m \\(falling\\)"
  -- ${cli} simulate ${PROJECT_SOURCE_DIR}/data/scenes/crossing_bars.json --method opposing --steps 30 --iterations 200 --ccd)

# --solver penalty|cpf (issue 19): a 120 kg box resting on a slab on its 4 vertex-only corner
# contacts, k = 2e4 N/m each, settles m g / 4k = 1.47 cm deep under symplectic Euler's penalty
# forces; CPF's predicted motion and dashpot hold it a little higher. The stiffness is required and
# belongs to these two only.
set(box_on_slab ${PROJECT_SOURCE_DIR}/data/scenes/box_on_slab.json)
cli_test(simulate_penalty_box_sinks_mg_over_4k 0 "" "^largest displacement 0\\.0147[0-9]* m \\(box\\)"
  -- ${cli} simulate ${box_on_slab} --method vertex-only --solver penalty --stiffness 2e4 --damping 300 --steps 300)
cli_test(simulate_cpf_box_rests 0 "" "^largest displacement 0\\.01[34][0-9]* m \\(box\\)"
  -- ${cli} simulate ${box_on_slab} --method vertex-only --solver cpf --stiffness 2e4 --damping 300 --steps 300)
cli_test(simulate_penalty_needs_stiffness 2 "" "--stiffness: --solver penalty needs the contacts' stiffness"
  --absent ${simulate_dir}/pen -- ${cli} simulate ${box_on_slab} --method vertex-only --solver penalty -o ${simulate_dir}/pen)
cli_test(simulate_stiffness_needs_penalty 2 "" "--stiffness: applies to --solver penalty or cpf only"
  -- ${cli} simulate ${box_on_slab} --method vertex-only --stiffness 1e4)
# A penalty run is a run like any other: the viewer plays it back.
cli_test(view_cpf_run 0 "" "^run of box-on-slab with vertex-only: 6 frames"
  --setup "rm -rf '${simulate_dir}/cpf' '${simulate_dir}/cpf_view' && ${cli} simulate ${box_on_slab} --method vertex-only --solver cpf --stiffness 2e4 --steps 5 -o ${simulate_dir}/cpf"
  --file ${simulate_dir}/cpf_view/index.html -- ${cli} view ${simulate_dir}/cpf -o ${simulate_dir}/cpf_view)
# --search-pairs (cpf): a bar laid crosswise on another touches it only along edges; CPF's own
# edge-edge pairs hold it at m g / 4k - g h^2/2 = 1.962 mm (k = 200 N/m); it is for cpf only.
cli_test(simulate_cpf_search_pairs_hold_a_bar 0 "" "^largest displacement 0\\.00196[0-9]* m \\(top\\)"
  -- ${cli} simulate ${PROJECT_SOURCE_DIR}/data/scenes/bars_at_rest.json --method vertex-only --solver cpf --search-pairs --stiffness 200 --steps 300)
cli_test(simulate_search_pairs_needs_cpf 2 "" "--search-pairs: applies to --solver cpf only"
  -- ${cli} simulate ${PROJECT_SOURCE_DIR}/data/scenes/bars_at_rest.json --method vertex-only --solver penalty --search-pairs --stiffness 200)
# --penalty-law per-area (issue 19, seed 000): a 523.6 kg finely triangulated sphere on a plate,
# rounded-triangle contacts as pressures on their areas, settles about 2.6 mm deep (docs/penalty.md:
# the law's 5.0 mm less this mesh's force error); a method without contact areas is refused before
# the run, and the law's name is checked.
set(sphere_on_plate ${PROJECT_SOURCE_DIR}/data/scenes/sphere_on_plate.json)
cli_long_test(simulate_per_area_sphere_settles 0 "" "^largest displacement 0\\.00(2[4-9]|3[0-6])[0-9]* m \\(sphere\\)"
  -- ${cli} simulate ${sphere_on_plate} --method rounded-triangles --solver cpf --penalty-law per-area --stiffness 1.3e8 --damping 2e6 --steps 200)
cli_test(simulate_per_area_needs_areas 2 "" "penalty law per-area: method 'vertex-only' gives no contact areas"
  --absent ${simulate_dir}/per_area -- ${cli} simulate ${sphere_on_plate} --method vertex-only --solver cpf --penalty-law per-area --stiffness 1e8 -o ${simulate_dir}/per_area)
cli_test(simulate_penalty_law_unknown 2 "" "--penalty-law: unknown law 'area': expected per-contact or per-area"
  -- ${cli} simulate ${sphere_on_plate} --method rounded-triangles --solver cpf --penalty-law area --stiffness 1e8)
