#!/usr/bin/env bash
# All of the paper's dynamic studies at full size (docs/studies.md), one folder each under DIR
# (default studies/): counts, stability, step-quality, perturbation, timestep, refinement. Builds
# the release preset first. On this 2-core machine counts and stability take about 10 and 7
# minutes, step-quality, timestep and refinement a few minutes, and perturbation (3 displacements ×
# 5 seeds × the 24 runs of 500 steps) about an hour and a half. Extra arguments go to every study
# (e.g. --methods opposing,growth --cases pillar, or --quick for a first look).
# Usage: scripts/studies.sh [DIR] [study options...]
set -euo pipefail
cd "$(dirname "$0")/.."
out=studies
if [[ $# -gt 0 && $1 != -* ]]; then
  out=$1
  shift
fi
cmake --preset default >/dev/null
cmake --build --preset default --target contactlab_cli
for study in counts stability step-quality timestep refinement perturbation; do
  echo "== $study → $out/$study"
  build/default/bin/contactlab study "$study" -o "$out/$study" "$@"
done
{
  echo '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>contactlab studies</title></head><body>'
  echo '<h1>contactlab studies</h1><ul>'
  for study in counts stability step-quality timestep refinement perturbation; do
    echo "<li><a href=\"$study/index.html\">$study</a></li>"
  done
  echo '</ul></body></html>'
} >"$out/index.html"
echo "wrote $out/index.html"
