#!/usr/bin/env bash
# Writes what every contactlab command prints and writes, for a fixed set of inputs, into OUTDIR —
# one file per command (stdout, stderr, exit status) plus the files the command wrote — so that two
# builds can be compared byte for byte (`diff -r`). Used to check that a restructuring changes no
# output: run it with the old and the new binary and compare. Timings are the only measured values
# that change from run to run; mask_times.py replaces them by "<time>".
#
# Usage: tests/golden/golden_outputs.sh CONTACTLAB_BIN OUTDIR [--quick]
#   --quick: 3 scenes instead of 13 for the per-method contacts (what `ctest -R golden` runs)
set -euo pipefail
bin=$(realpath "$1")
out=$2
quick=0
[[ ${3:-} == --quick ]] && quick=1
root=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$out" && mkdir -p "$out"
out=$(realpath "$out")
data=$root/data

# run NAME ARGS...: runs the binary in a scratch folder, keeps stdout/stderr/status and written files.
run() {
  local name=$1
  shift
  local dir=$out/$name
  mkdir -p "$dir/files"
  set +e
  (cd "$dir/files" && "$bin" "$@" >"$dir/stdout" 2>"$dir/stderr")
  echo $? >"$dir/status"
  set -e
  # The binary's and the data folder's absolute paths are the same for both builds only when run
  # from the same checkout: make them relative.
  sed -i -e "s#$root#ROOT#g" -e "s#$out#OUT#g" "$dir/stdout" "$dir/stderr"
  # measured times (contacts, demo, assess): "12.3 ms", "in 1.7 s"
  sed -i -E -e "s/[0-9]+(\\.[0-9]+)? ms\\b/<time>/g" -e "s/ in [0-9]+(\\.[0-9]+)? s\\b/ in <time>/g" "$dir/stdout" "$dir/stderr"
}

scenes=(crack-spike crack-hole crack-wedge slide-spike slide-wedge two-spikes two-spike-wedge two-wedges
        internal-edge cliff-edge pillar wall arch)
contact_scenes=("${scenes[@]}")
((quick)) && contact_scenes=(crack-hole internal-edge arch)

run scenes scenes
run methods methods
run mesh-info-cube mesh info "$data/meshes/unit_cube.obj"
run mesh-info-pyramid mesh info "$data/meshes/square_pyramid.off"
for f in "$data"/meshes/bad/*; do run "mesh-info-bad-$(basename "$f")" mesh info "$f"; done
run tetrahedralize mesh tetrahedralize "$data/meshes/unit_cube.obj" -o cube
run demo demo

for s in "${scenes[@]}"; do run "scene-$s" scene "$s" -o "$s.json"; done
run scene-pillar-refined scene pillar --refined -o pillar.json
run scene-wall-moved scene wall --perturb 0.01 --seed 7 --rotate 0.3 1 0.2 30 --scale 2.5 --translate 1 -2 3 -o w.json
for f in "$data"/scenes/*.json; do run "scene-file-$(basename "$f" .json)" scene "$f" -o s.json; done
for f in "$data"/scenes/bad/*; do run "scene-bad-$(basename "$f")" scene "$f" -o s.json; done

methods=(ground-truth intersection closest-points vertex-only consistent-vertex volume-sat surface-sat opposing growth)
for s in "${contact_scenes[@]}"; do
  for m in "${methods[@]}"; do run "contacts-$s-$m" contacts "$s" --method "$m" -o c.json; done
done
run contacts-csv contacts crack-wedge --method intersection --csv
run contacts-bad-method contacts wall --method nope -o c.json

run view-arch view arch --contacts "$out/contacts-arch-ground-truth/files/c.json" \
  "$out/contacts-arch-opposing/files/c.json" -o view --vtp arch
run view-crack-hole view crack-hole --tets -o view

run assess assess -o report --threads 2
# Timings change from run to run: mask them (and the column widths that follow them).
/usr/bin/python3 "$root/tests/golden/mask_times.py" "$out/assess/stdout" "$out/assess/stderr" \
  "$out"/assess/files/report/{tables.txt,assessment.csv,assessment.json,index.html}
echo "golden_outputs: $(find "$out" -type f | wc -l) files in $out"
