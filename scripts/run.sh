#!/usr/bin/env bash
# The main job: install dependencies, build the release preset, and run contactlab's main command,
# `contactlab assess`: every contact method on every case of the assessment suite (Erleben 2018),
# scored against the ground truth. The tables (the paper's Table 8 and Table 7 layouts, with the
# paper's values) go to stdout; the report goes to assessment/ — open assessment/index.html.
# Extra arguments are passed to the command (e.g. --methods opposing,growth --cases wall -o DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset default >/dev/null
cmake --build --preset default --target contactlab_cli
build/default/bin/contactlab assess -o assessment "$@"
