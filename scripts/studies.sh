#!/usr/bin/env bash
# All of the paper's dynamic studies at full size (docs/studies.md): `contactlab study all`, one
# folder per study under DIR (default studies/) — counts, stability, step-quality, timestep,
# refinement, perturbation — and DIR/index.html with a section per study. Builds the release preset
# first. On this 2-core machine counts takes about 6 minutes (stability reports the same runs),
# step-quality, timestep and refinement about a minute together, and perturbation (3 displacements ×
# 5 seeds × the 24 runs of 500 steps) about 75 minutes. Nothing is written unless every study finishes. Extra arguments go
# to every study (e.g. --methods opposing,growth --cases pillar, --band 1e-4 for the paper-like
# touching band, or --quick for a first look).
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
build/default/bin/contactlab study all -o "$out" "$@"
