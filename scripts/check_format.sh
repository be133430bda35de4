#!/usr/bin/env bash
# Checks that every C++ file follows .clang-format (clang-format 14, Debian 12); run by CI.
# Usage: scripts/check_format.sh [--fix]   (--fix rewrites the files instead of reporting them)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "check_format: clang-format not found (apt-get install clang-format)" >&2; exit 2; }
mapfile -t files < <(git ls-files --cached --others --exclude-standard '*.cpp' '*.h')
if [[ ${1:-} == --fix ]]; then
  clang-format -i --style=file "${files[@]}"
  exit 0
fi
bad=0
for f in "${files[@]}"; do
  if ! clang-format --style=file --dry-run --Werror "$f" 2>/dev/null; then
    echo "check_format: $f differs from .clang-format (scripts/check_format.sh --fix)" >&2
    bad=$((bad + 1))
  fi
done
if ((bad)); then
  echo "check_format: $bad of ${#files[@]} files need formatting" >&2
  exit 1
fi
echo "check_format: ${#files[@]} files follow .clang-format"
