#!/usr/bin/env bash
# The full frame-independence run (docs/methods.md "Frame independence"): every method on every
# suite case under 10 seeded similarity transforms, coarse, refined and pushed; prints each
# (method, move) whose measures differ — as failures for the methods held to it, as "spread" for
# the others. Usage: scripts/frame_independence.sh [--seeds N] [--methods a,b] [--preset default]
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=10
methods=""
preset=default
while (($#)); do
  case $1 in
    --seeds) seeds=$2; shift 2 ;;
    --methods) methods=$2; shift 2 ;;
    --preset) preset=$2; shift 2 ;;
    *) sed -n '2,5p' "$0" >&2; exit 2 ;;
  esac
done
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" --target test_frame_independence
CONTACTLAB_FRAME_SEEDS=$seeds CONTACTLAB_FRAME_REFINED_SEEDS=$seeds CONTACTLAB_FRAME_METHODS=$methods \
  "build/$preset/tests/test_frame_independence"
