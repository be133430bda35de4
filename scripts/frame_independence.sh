#!/usr/bin/env bash
# The full frame-independence run (docs/methods.md "Frame independence"): every method on every
# suite case under 10 seeded similarity transforms, coarse, refined, pushed, far and perturbed;
# prints each (method, move) whose measures differ — as failures for the methods held to it, as
# "spread" for the others. --far-reach R moves the "far" variant up to R × scale away (default 1e3;
# docs/methods.md "How far"). Usage:
#   scripts/frame_independence.sh [--seeds N] [--methods a,b] [--far-reach R] [--preset default]
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=10
methods=""
far_reach=1e3
preset=default
while (($#)); do
  case $1 in
    --seeds) seeds=$2; shift 2 ;;
    --methods) methods=$2; shift 2 ;;
    --far-reach) far_reach=$2; shift 2 ;;
    --preset) preset=$2; shift 2 ;;
    *) sed -n '2,7p' "$0" >&2; exit 2 ;;
  esac
done
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" --target test_frame_independence
CONTACTLAB_FRAME_SEEDS=$seeds CONTACTLAB_FRAME_REFINED_SEEDS=$seeds CONTACTLAB_FRAME_METHODS=$methods \
  CONTACTLAB_FRAME_FAR_REACH=$far_reach \
  "build/$preset/tests/test_frame_independence"
