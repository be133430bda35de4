#!/usr/bin/env bash
# `contactlab simulate` checks that need more than one command (tests/cli/simulate.cmake).
# Usage: simulate_run.sh CLI SCRATCH CHECK
#   threads    — the run files (all but timings.csv) are the same bytes with --threads 1 and 2
#   interrupt  — SIGINT during a run: exit 130, the run is written and marked incomplete, with as
#                many frames as steps done + 1
#   study_interrupt — SIGINT during `contactlab study` (one study, and `study all` in its third
#                     study): exit 130 and nothing written
set -u
cli=$1 scratch=$2 check=$3
dir=$scratch/simulate_$check
rm -rf "$dir" && mkdir -p "$dir"
fail() { echo "FAIL: $*"; exit 1; }
# interrupted PATTERN COMMAND...: runs COMMAND (stderr to $dir/stderr) until stderr shows a line
# matching PATTERN (the run is under way), then sends Ctrl-C; fails unless it exits with 130.
interrupted() {
  local pattern=$1
  shift
  "$@" 2>"$dir/stderr" &
  local pid=$!
  for _ in $(seq 1 600); do grep -q "$pattern" "$dir/stderr" 2>/dev/null && break; sleep 0.1; done
  kill -INT $pid
  wait $pid
  local status=$?
  [[ $status == 130 ]] || fail "exit status $status, expected 130; stderr: $(tail -3 "$dir/stderr")"
}
case $check in
  threads)
    for t in 1 2; do
      "$cli" simulate wall --method opposing --steps 3 --iterations 50 --threads $t -o "$dir/run$t" 2>/dev/null ||
        fail "simulate --threads $t exited $?"
    done
    for f in run.json frames.ndjson final-scene.json; do
      cmp -s "$dir/run1/$f" "$dir/run2/$f" || fail "$f differs between --threads 1 and 2"
    done
    grep -q '^# threads 1$' "$dir/run1/timings.csv" || fail "timings.csv of run1 does not name 1 thread"
    ;;
  interrupt)
    interrupted '^\[' "$cli" simulate pillar --method opposing --steps 100000 --iterations 20 -o "$dir/run"
    grep -q '"complete": false' "$dir/run/run.json" || fail "run.json is not marked incomplete"
    steps=$(sed -n 's/^  "steps": \([0-9]*\),$/\1/p' "$dir/run/run.json")
    [[ -n $steps && $steps -ge 1 && $steps -lt 100000 ]] || fail "steps '$steps' in run.json"
    frames=$(wc -l < "$dir/run/frames.ndjson")
    [[ $frames == $((steps + 1)) ]] || fail "$frames frames for $steps steps"
    grep -q "interrupted after $steps of 100000 steps" "$dir/stderr" || fail "stderr does not say where it stopped"
    ls "$dir"/run.* >/dev/null 2>&1 && fail "a temporary was left beside the run"
    ;;
  study_interrupt)
    interrupted 'counts study: [1-9]' \
      "$cli" study counts --steps 100000 --iterations 20 --methods opposing --cases pillar -o "$dir/study"
    grep -q "nothing written" "$dir/stderr" || fail "stderr does not say that nothing was written"
    [[ -e $dir/study ]] && fail "the study folder was written"
    # study all: interrupted in its third study (step-quality runs --at + 1 steps), after counts and
    # stability have finished — still nothing written.
    interrupted 'step-quality study: [1-9]' \
      "$cli" study all --steps 30 --iterations 20 --at 100000 --methods opposing --cases pillar -o "$dir/all"
    grep -q "^stability study: 1 runs" "$dir/stderr" || fail "study all did not finish its first studies"
    [[ -e $dir/all ]] && fail "study all wrote its folder"
    ;;
  *) fail "unknown check $check" ;;
esac
echo "ok: $check"
