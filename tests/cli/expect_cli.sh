#!/usr/bin/env bash
# Runs a command and checks its exit status and output.
# Usage: expect_cli.sh STATUS STDOUT_REGEX STDERR_REGEX [OPTION]... -- COMMAND [ARGS...]
# A regex may hold several lines: each line is a separate extended regex, and every one must match
# some line of the output. A regex of "" matches anything. Prints what differed and exits 1 on
# mismatch. Options:
#   --setup SCRIPT    run `bash -c SCRIPT` first (e.g. make the FIFO or link the command must not
#                     replace); the script should start by removing what it makes, so that the test
#                     gives the same result when run again
#   --absent PATH     the path (a glob: also catches leftover temporaries) must not exist afterwards
#   --unchanged PATH  the file's content afterwards is the content it had before the command
#   --file PATH       afterwards PATH is a regular file (not a link)
#   --dir PATH        afterwards PATH is a directory (not a link)
#   --fifo PATH       afterwards PATH is still a FIFO
#   --symlink PATH    afterwards PATH is still a symbolic link
#   --contains PATH RE  afterwards the file PATH has a line matching the extended regex RE
set -u
expected_status=$1 stdout_re=$2 stderr_re=$3
shift 3
absent=() unchanged=() kinds=() setup=() contains=()
while [[ $# -gt 0 && $1 != -- ]]; do
  case $1 in
    --setup) setup+=("$2"); shift 2 ;;
    --absent) absent+=("$2"); shift 2 ;;
    --unchanged) unchanged+=("$2"); shift 2 ;;
    --contains) contains+=("$2" "$3"); shift 3 ;;
    --file | --dir | --fifo | --symlink) kinds+=("${1#--}" "$2"); shift 2 ;;
    *) echo "expect_cli.sh: unknown option $1" >&2; exit 1 ;;
  esac
done
shift  # the --
out=$(mktemp) err=$(mktemp) before=$(mktemp -d)
trap 'rm -rf "$out" "$err" "$before"' EXIT
for script in "${setup[@]}"; do
  bash -c "$script" || { echo "setup failed: $script"; exit 1; }
done
for i in "${!unchanged[@]}"; do
  cp -- "${unchanged[$i]}" "$before/$i" || { echo "--unchanged ${unchanged[$i]}: cannot read it before the command"; exit 1; }
done
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
for ((i = 0; i < ${#contains[@]}; i += 2)); do
  p=${contains[$i]} re=${contains[$((i + 1))]}
  grep -Eq -- "$re" "$p" 2>/dev/null || { echo "$p has no line matching /$re/"; fail=1; }
done
for i in "${!unchanged[@]}"; do
  cmp -s -- "$before/$i" "${unchanged[$i]}" || { echo "${unchanged[$i]} changed (or is gone)"; fail=1; }
done
for ((i = 0; i < ${#kinds[@]}; i += 2)); do
  kind=${kinds[$i]} p=${kinds[$((i + 1))]}
  case $kind in
    file) [[ -f $p && ! -L $p ]] ;;
    dir) [[ -d $p && ! -L $p ]] ;;
    fifo) [[ -p $p && ! -L $p ]] ;;
    symlink) [[ -L $p ]] ;;
  esac || { echo "$p is not a $kind afterwards"; fail=1; }
done
if [[ $fail -ne 0 ]]; then
  echo "--- command: $*"; echo "--- stdout:"; cat "$out"; echo "--- stderr:"; cat "$err"
fi
exit $fail
