#!/usr/bin/env bash
# Perft of several sashite binaries (a change step by step) and, when given, YaneuraOu, in one
# run: each program's own perft timer, start d6 and matsuri d4, the programs in turn within each
# round (the order rotating), every count checked against the reference. Prints Markdown: median
# and minimum over the rounds, and the median of the rounds' time ratios to the first program.
#   scripts/perft_ab.sh [--rounds N] [--yaneuraou PATH] NAME=BINARY ...     (default 5 rounds)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=5 yaneuraou=
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --yaneuraou) yaneuraou=$2; shift 2 ;;
    *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: $0 [--rounds N] [--yaneuraou PATH] NAME=BINARY ..." >&2; exit 2; }
source scripts/machine.sh
programs=("$@")
[ -n "$yaneuraou" ] && programs+=("YaneuraOu=$yaneuraou")
positions=("start|lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1|6|547581517"
  "matsuri|l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1|4|516925165")

# Prints "ms leaves" of one perft by the program's own timer.
run() {
  local name=$1 bin=$2 sfen=$3 depth=$4
  if [ "$name" = YaneuraOu ]; then
    printf 'usi\nsetoption name Threads value 1\nsetoption name USI_Hash value 16\nsetoption name BookFile value no_book\nisready\nposition sfen %s\ngo perft %s\nquit\n' \
      "$sfen" "$depth" | "$bin" | awk '/^Elapsed Time = /{ms=$4} /^Nodes searched/{n=$3} END{print ms, n}'
  else
    "$bin" "position sfen $sfen" "go perft $depth" |
      sed -nE 's/^info string perft [0-9]+ time ([0-9]+) ms.*/\1/p; s/^Nodes searched: ([0-9]+)/\1/p' | paste -sd' '
  fi
}

n=${#programs[@]}
for round in $(seq "$rounds"); do
  for i in $(seq 0 $((n - 1))); do
    entry=${programs[$(((i + round) % n))]}
    name=${entry%%=*} bin=${entry#*=}
    for p in "${positions[@]}"; do
      IFS='|' read -r pos sfen depth leaves <<< "$p"
      read -r ms counted <<< "$(run "$name" "$bin" "$sfen" "$depth")"
      [ "$counted" = "$leaves" ] || { echo "$name counted $counted leaves at $pos d$depth, not $leaves" >&2; exit 1; }
      echo "$round $name $pos $ms"
    done
  done
done | python3 -c '
import collections, statistics, sys
order = sys.argv[1:]
ms = collections.defaultdict(dict)
for line in sys.stdin:
    rnd, name, pos, t = line.split()
    ms[(name, pos)][rnd] = float(t)
first = order[0]
print(f"| program | start d6 ms (min) | matsuri d4 ms (min) | start / {first} (min-max) | matsuri / {first} (min-max) |")
print("|---|---:|---:|---:|---:|")
for name in order:
    cells = []
    for pos in ("start", "matsuri"):
        t = ms[(name, pos)]
        cells.append(f"{statistics.median(t.values()):.0f} ({min(t.values()):.0f})")
    for pos in ("start", "matsuri"):
        r = [ms[(name, pos)][k] / ms[(first, pos)][k] for k in ms[(first, pos)]]
        cells.append(f"{statistics.median(r):.3f}x ({min(r):.3f}-{max(r):.3f})")
    print(f"| {name} | " + " | ".join(cells) + " |")
' "${programs[@]%%=*}"
echo
echo "Machine: $(sashite_machine_line). $rounds rounds; each program's own perft timer (YaneuraOu's \`Elapsed Time\`)."
