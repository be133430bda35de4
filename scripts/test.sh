#!/usr/bin/env bash
# The test command: install dependencies, build (release and ASan+UBSan presets), run every test.
# Usage: scripts/test.sh [--fast]   (--fast skips the sanitizer build)
set -euo pipefail
cd "$(dirname "$0")/.."

fast=0
[[ ${1:-} == --fast ]] && fast=1

scripts/setup.sh

echo "== format (.clang-format)"
scripts/check_format.sh

presets=(default)
((fast)) || presets+=(asan)

for preset in "${presets[@]}"; do
  echo "== $preset: configure + build"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
  echo "== $preset: test"
  ctest --preset "$preset"
done
