#!/usr/bin/env bash
# A/B timing of two (or more) methods_bench binaries, e.g. before and after a change: the binaries'
# runs alternate N times (one cached query per row, one thread, interleaved with FCL as the bench
# does), so that the host's drift — large on this project's shared 2-core machines, where one
# binary's median moved by half between runs minutes apart — falls on every binary alike. Prints,
# per scene, row and binary, the median over the runs of the run's median ms and of its × FCL.
# Usage:
#   scripts/bench_ab.sh [--runs N] [--repetitions R] [--scenes a,b] [--methods a,b] BINARY BINARY...
# Defaults: 8 runs of 15 repetitions, scenes pillar,wall,arch,grid-pair, methods vertex-only.
set -euo pipefail
runs=8
repetitions=15
scenes=pillar,wall,arch,grid-pair
methods=vertex-only
binaries=()
usage() { sed -n '2,9p' "$0" >&2; exit 2; }
while (($#)); do
  case $1 in
    --runs) runs=${2:?}; shift 2 ;;
    --repetitions) repetitions=${2:?}; shift 2 ;;
    --scenes) scenes=${2:?}; shift 2 ;;
    --methods) methods=${2:?}; shift 2 ;;
    -*) usage ;;
    *) binaries+=("$1"); shift ;;
  esac
done
((${#binaries[@]} >= 2)) || usage
[[ $runs =~ ^[1-9][0-9]*$ && $repetitions =~ ^[1-9][0-9]*$ ]] || usage
for b in "${binaries[@]}"; do
  [[ -x $b ]] || { echo "bench_ab: $b: not an executable" >&2; exit 2; }
done
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
for ((r = 1; r <= runs; ++r)); do
  echo "bench_ab: run $r of $runs" >&2
  for i in "${!binaries[@]}"; do
    "${binaries[$i]}" --repetitions "$repetitions" --threads 1 --scenes "$scenes" --methods "$methods" --no-cold |
      awk -v b="$i" '/^[a-z-]+: [0-9]+ bodies/ { scene = $1 }
                     /^FCL OBBRSS/ { print b, scene, "FCL", $4, 1 }
                     /^[a-z-]+ +1 / { print b, scene, $1, $3, $8 }' >>"$raw"
  done
done
/usr/bin/python3 - "$raw" "${binaries[@]}" <<'PY'
import collections, statistics, sys
raw, binaries = sys.argv[1], sys.argv[2:]
ms, ratio = collections.defaultdict(list), collections.defaultdict(list)
order = []
for line in open(raw):
    b, scene, row, t, x = line.split()
    key = (scene, row, int(b))
    if key not in ms:
        order.append(key)
    ms[key].append(float(t))
    ratio[key].append(float(x))
print(f"{'scene':11s} {'row':18s} {'median ms':>9s} {'x FCL':>6s}  binary (medians over {len(ms[order[0]])} runs)")
for key in sorted(order, key=lambda k: (order.index((k[0], k[1], 0)), k[2])):
    scene, row, b = key
    print(f"{scene:11s} {row:18s} {statistics.median(ms[key]):9.3f} {statistics.median(ratio[key]):6.2f}  {binaries[b]}")
PY
