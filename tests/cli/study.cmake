# `contactlab study` (issue 14). Uses cli_test, ${cli}, ${scratch} from CMakeLists.txt.
set(study_dir ${scratch}/study)

# --quick on every case: the Table 6 layout with the paper's pillar rows, and the three files.
# (Each test empties only its own folder: they run in parallel, and emptying ${study_dir} removed
# study_all_quick's files while it wrote them — a failure seen once in the ASan run.)
cli_test(study_counts_quick 0
  "^pillar: contacts per step over 5 steps +mean +min +max +std\\. dev\\.$\n^opposing +[0-9.]+ +[0-9]+ +[0-9]+ +[0-9.]+$\n^  paper +403\\.12 +117 +459 +24\\.83$"
  "^counts study: 6 runs \\(2 methods × 3 cases, 5 steps each\\) in .* s$"
  --setup "rm -rf '${study_dir}/counts'" --file ${study_dir}/counts/tables.txt --file ${study_dir}/counts/steps.csv
  --file ${study_dir}/counts/study.json --file ${study_dir}/counts/counts-pillar.png
  --file ${study_dir}/counts/counts-wall.svg --file ${study_dir}/counts/index.html
  -- ${cli} study counts --quick --methods opposing,growth -o ${study_dir}/counts)
cli_test(study_stability_quick 0
  "^pillar: after 5 steps +displacement m +% of L +body +rotation ° +body +moved +verdict$\n^volume-sat +[0-9.e-]+ +[0-9.e-]+ +[a-z0-9-]+ +[0-9.e-]+ +[a-z0-9-]+ +[0-9]+/7 +(standing|collapsed)$"
  "" -- ${cli} study stability --quick --methods volume-sat --cases pillar)

cli_test(study_step_quality_quick 0
  "^pillar: 7 interfaces, minimal contacts 40, true contact area 0\\.896632 m²$\n.*\n.*\n^opposing +[0-9.]+ +[0-9]+ .* \\| +91\\.6 +214 +5\\.3 +–$"
  "" --setup "rm -rf '${study_dir}/quality'" --file ${study_dir}/quality/abs-normal-y-pillar.png
  --file ${study_dir}/quality/normal-quality-pillar.svg
  -- ${cli} study step-quality --quick --methods opposing --cases pillar -o ${study_dir}/quality)

# The studies that compare settings: a column group per setting.
cli_test(study_perturbation_quick 0
  "^pillar: perturbation D, 1 seed each; quality and contacts at step 3, standing after 5 steps$\n.*D = 0\\.01 m +\\| +D = 0\\.02 m +\\| +D = 0\\.03 m$\n.*\n^opposing +\\| +[0-9.]+ +[0-9]+ +[01]/1 +\\|"
  "" --setup "rm -rf '${study_dir}/perturbation'" --file ${study_dir}/perturbation/variants.csv --file ${study_dir}/perturbation/variants.json
  --file ${study_dir}/perturbation/normal-quality-d0.03-pillar.svg --file ${study_dir}/perturbation/normal-quality-d0.01-pillar.png
  -- ${cli} study perturbation --quick --methods opposing --cases pillar -o ${study_dir}/perturbation)
cli_test(study_timestep_quick 0 "^pillar: time step h; quality and contacts at step 4$\n.*h = 0\\.001 s +\\| +h = 0\\.01 s +\\| +h = 0\\.1 s$"
  "" -- ${cli} study timestep --quick --methods opposing --cases pillar)
cli_test(study_refinement_quick 0 "^pillar: tet meshes; quality and contacts at step 3$\n.*coarse \\(pq2\\.0Y\\) +\\| +refined \\(pq1\\.015a0\\.015\\)$"
  "" -- ${cli} study refinement --quick --methods opposing --cases pillar)

# Bad input: exit 2, nothing written.
cli_test(study_unknown_method 2 "" "unknown method 'frob': expected one of" --absent ${study_dir}/bad
  -- ${cli} study counts --quick --methods frob -o ${study_dir}/bad)
cli_test(study_unknown_study 2 "" "NAME: frob not in \\{counts,stability,step-quality,perturbation,timestep,refinement,all,penalty-stability,rounded-sphere\\}" --absent ${study_dir}/bad
  -- ${cli} study frob -o ${study_dir}/bad)
cli_test(study_zero_steps 2 "" "--steps: expected an integer in \\[1, 10000000\\], got '0'" --absent ${study_dir}/bad
  -- ${cli} study counts --steps 0 -o ${study_dir}/bad)

add_test(NAME cli.study_interrupt COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/simulate_run.sh ${cli} ${scratch} study_interrupt)
set_tests_properties(cli.study_interrupt PROPERTIES LABELS cli)

# --band reaches the study's simulations and is repeated in the command line on the page.
cli_test(study_band_on_page 0 "" "" --setup "rm -rf '${study_dir}/band'" --file ${study_dir}/band/index.html
  --contains ${study_dir}/band/index.html "--band 0\\.0001"
  -- ${cli} study stability --quick --methods intersection --cases pillar --band 1e-4 -o ${study_dir}/band)

# study all: every study in its subfolder and one page over them, all written at the end.
cli_test(study_all_quick 0 "^== counts$\n^== perturbation$" "^wrote ${study_dir}/all/index.html$"
  --setup "rm -rf '${study_dir}/all'" --file ${study_dir}/all/index.html --file ${study_dir}/all/counts/index.html
  --file ${study_dir}/all/stability/study.json --file ${study_dir}/all/step-quality/abs-normal-y-pillar.svg
  --file ${study_dir}/all/timestep/variants.csv --file ${study_dir}/all/refinement/tables.txt
  --file ${study_dir}/all/perturbation/variants.csv
  --contains ${study_dir}/all/index.html "href=\"perturbation/index.html\""
  -- ${cli} study all --quick --methods opposing --cases pillar -o ${study_dir}/all)

# study penalty-stability (issue 19, seed 001 §C): the particle's largest stable ω h within 0.1 % of
# 2 (symplectic Euler) and √2 (CPF) even in the quick run; the box of data/scenes/box_on_slab.json
# on its 4 vertex-only contacts; the files it writes.
cli_test(study_penalty_stability_quick 0
  "^particle on a plane +symplectic Euler +1\\.99[89][0-9] +2\\.0000 .*\n^particle on a plane +CPF +1\\.41[34][0-9] +1\\.4142 .*\n^box \\(vertex-only\\) +symplectic Euler .*\n^box: 4 penetrating contacts"
  "" --setup "rm -rf '${scratch}/penalty_stability'" --file ${scratch}/penalty_stability/tables.txt
  --file ${scratch}/penalty_stability/sweep.csv --file ${scratch}/penalty_stability/study.json
  --file ${scratch}/penalty_stability/stability.png --file ${scratch}/penalty_stability/index.html
  -- ${cli} study penalty-stability --quick -o ${scratch}/penalty_stability)
cli_test(study_penalty_stability_two_methods 2 "" "--methods: penalty-stability takes one method"
  -- ${cli} study penalty-stability --quick --methods vertex-only,opposing)
cli_test(study_penalty_stability_no_depths 2 "" "no penetrating contacts at rest under opposing"
  -- ${cli} study penalty-stability --quick --methods opposing)

# study rounded-sphere (issue 19, seed 000): the quick run's three meshes, the table's rows for the
# finest (20480 triangles) with a positive error below 60 %, and the files it writes.
cli_test(study_rounded_sphere_quick 0
  "^Rounded triangles \\(seed 000\\) under the per-area law.*\n^20480 +0\\.0189 +14x14 +1 % +[0-9]+ +[0-9.e+-]+ +3\\.9139e-05 +\\+[1-5][0-9]\\.[0-9]+ %"
  "" --setup "rm -rf '${scratch}/rounded_sphere'" --file ${scratch}/rounded_sphere/tables.txt
  --file ${scratch}/rounded_sphere/points.csv --file ${scratch}/rounded_sphere/study.json
  --file ${scratch}/rounded_sphere/index.html
  -- ${cli} study rounded-sphere --quick -o ${scratch}/rounded_sphere)
cli_test(study_rounded_sphere_no_methods 2 "" "--methods: rounded-sphere has its own scene and method"
  -- ${cli} study rounded-sphere --quick --methods vertex-only)
