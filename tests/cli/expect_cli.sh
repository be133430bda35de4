#!/usr/bin/env bash
# Runs a command and checks its exit status and output.
# Usage: expect_cli.sh STATUS STDOUT_REGEX STDERR_REGEX [--absent PATH]... -- COMMAND [ARGS...]
# A regex may hold several lines: each line is a separate extended regex, and every one must match
# some line of the output. A regex of "" matches anything. --absent PATH: the path must not exist afterwards (no partial
# output on failure). Prints what differed and exits 1 on mismatch.
set -u
expected_status=$1 stdout_re=$2 stderr_re=$3
shift 3
absent=()
while [[ $# -gt 0 && $1 != -- ]]; do
  case $1 in
    --absent) absent+=("$2"); shift 2 ;;
    *) echo "expect_cli.sh: unknown option $1" >&2; exit 1 ;;
  esac
done
shift  # the --
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
"$@" >"$out" 2>"$err"
status=$?
fail=0
if [[ $status -ne $expected_status ]]; then
  echo "exit status $status, expected $expected_status"; fail=1
fi
check_patterns() {  # $1 = name, $2 = patterns (one per line), $3 = file
  local pattern
  while IFS= read -r pattern; do
    [[ -z $pattern ]] && continue
    if ! grep -Eq -- "$pattern" "$3"; then
      echo "$1 has no line matching /$pattern/"; fail=1
    fi
  done <<<"$2"
}
check_patterns stdout "$stdout_re" "$out"
check_patterns stderr "$stderr_re" "$err"
for p in "${absent[@]}"; do
  compgen -G "$p" >/dev/null && { echo "$p exists but must not"; fail=1; }
done
if [[ $fail -ne 0 ]]; then
  echo "--- command: $*"; echo "--- stdout:"; cat "$out"; echo "--- stderr:"; cat "$err"
fi
exit $fail
