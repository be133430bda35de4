#!/usr/bin/env bash
# The main job: install dependencies, build the release preset, and run contactlab's main command.
# Until the assessment suite exists (issue "Assessment"), the main command is `contactlab demo`:
# a built-in mesh tetrahedralized with TetGen, its topology and mass properties, and a broad phase +
# tet–tet SAT between two posed copies. Extra arguments are passed to the command.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset default >/dev/null
cmake --build --preset default --target contactlab_cli
build/default/bin/contactlab demo "$@"
