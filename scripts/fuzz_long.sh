#!/usr/bin/env bash
# The long fuzz run (docs/errors-and-limits.md "Fuzzing"): every fuzz target under ASan + UBSan
# (the fuzz preset: -O2 with sanitizers and asserts) with the project's driver, 10^6 inputs per
# reader and 10^6 tet pairs per contact method by default, the targets in parallel. Prints per
# target: inputs run, accepted, refused, skipped, crashes, hangs, retried, NaN, invariant violations,
# exceptions, time; then every finding with its reproducer. Findings do not stop the run; reproducers are saved under the output folder.
# Usage: scripts/fuzz_long.sh [--inputs N] [--seed S] [--jobs J] [--timeout SECONDS] [--out DIR]
#                             [--only "obj off tetgen scene_json contacts_json methods"]
#   (an --only entry may give its own input count: "obj:2000000 scene_json:100000")
#                             [--preset fuzz|asan|default]   (default: fuzz, optimised; asan is -O1)
# Replay a reproducer: build/fuzz/tests/fuzz/fuzz_<target> [--subtarget METHOD] FILE
# (the sed below prints this header as the usage)
set -euo pipefail
cd "$(dirname "$0")/.."

inputs=1000000
seed=2
jobs=2
timeout=1
out=""
only="obj off tetgen scene_json contacts_json methods"
preset=fuzz
while (($#)); do
  case $1 in
    --inputs) inputs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --preset) preset=$2; shift 2 ;;
    *) sed -n '2,12p' "$0" >&2; exit 2 ;;
  esac
done
[[ -n $out ]] || out=build/$preset/fuzz-long/$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
out=$(cd "$out" && pwd)

targets=()
declare -A count
for t in $only; do
  name=${t%%:*}
  targets+=("fuzz_$name")
  count[fuzz_$name]=$([[ $t == *:* ]] && echo "${t#*:}" || echo "$inputs")
done
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" --target "${targets[@]}"
bin=build/$preset/tests/fuzz

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# One job per target ("log name|command..."); fuzz_methods runs every method on each tet pair
# (one pair per input: the bodies are built once for all methods), its findings name the method.
job_list=()
for t in "${targets[@]}"; do
  corpus=tests/fuzz/corpus/${t#fuzz_}
  corpus_option=""
  [[ -d $corpus ]] && corpus_option=" --corpus $corpus"
  job_list+=("${t#fuzz_}|${count[$t]}|$bin/$t$corpus_option")
done

echo "fuzz_long: $preset build, ${#job_list[@]} jobs ($only), seed $seed, timeout $timeout s, $jobs at a time; output in $out"
start=$(date +%s)
running=0
for job in "${job_list[@]}"; do
  name=${job%%|*}
  rest=${job#*|}
  n=${rest%%|*}
  command=${rest#*|}
  # shellcheck disable=SC2086
  $command --inputs "$n" --seed "$seed" --timeout "$timeout" --allow-findings \
    --findings "$out/findings/$name" >"$out/$name.log" 2>"$out/$name.stderr" &
  running=$((running + 1))
  if ((running >= jobs)); then
    wait -n || true
    running=$((running - 1))
  fi
done
wait || true

echo "== fuzz_long: $(( $(date +%s) - start )) s in all"
for job in "${job_list[@]}"; do
  name=${job%%|*}
  cat "$out/$name.log"
done
