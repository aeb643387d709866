#!/usr/bin/env bash
# Perft against other programs, like for like (each bulk-counts the last ply):
#   - fairy-stockfish (Debian; the independent oracle): whole-process wall time, interleaved
#     A B A B over three rounds, start d5 and matsuri d3;
#   - YaneuraOu, when the path of a binary built from its public source is given (README, "Anchors
#     to build": the MATERIAL edition with clang++), each program's own perft timer (YaneuraOu's
#     start-up before `readyok` costs about half a second, so process times would flatter
#     sashite), start d6 and matsuri d4, seven interleaved rounds, the median of the rounds' ratios.
# Prints a Markdown section. Every row checks that both programs counted the same leaves.
#   scripts/external_perft.sh [YANEURAOU_BINARY]      (bench.sh passes $SASHITE_YANEURAOU)
set -euo pipefail
cd "$(dirname "$0")/.."
yaneuraou=${1:-${SASHITE_YANEURAOU:-}}
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
start="lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
matsuri="l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

seconds() { local t0 t1; t0=$(date +%s.%N); "$@" > "$tmp"; t1=$(date +%s.%N); calc "$t1 - $t0"; }
calc() { awk "BEGIN { print $1 }"; }
nodes() { awk '/^Nodes searched/{print $3}' "$tmp"; }
median() { sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }

run_sashite() { ./build/bin/sashite "position sfen $1" "go perft $2"; }  # the end of the arguments waits for perft
run_fsf() { printf 'usi\nsetoption name UCI_Variant value shogi\nposition sfen %s\ngo perft %s\nquit\n' "$1" "$2" | "$fsf"; }
# YaneuraOu's `go perft` runs inside its input loop, so `quit` waits for it.
run_yaneuraou() {
  printf 'usi\nsetoption name Threads value 1\nsetoption name USI_Hash value 16\nsetoption name BookFile value no_book\nisready\nposition sfen %s\ngo perft %s\nquit\n' \
    "$1" "$2" | "$yaneuraou"
}
# Each program's own perft time in ms, from the output in $tmp.
sashite_ms() { sed -nE 's/^info string perft [0-9]+ time ([0-9]+) ms.*/\1/p' "$tmp"; }
yaneuraou_ms() { sed -nE 's/^Elapsed Time = ([0-9]+) \[ms\].*/\1/p' "$tmp"; }

echo "## External comparison: whole-process perft"
echo
echo "Wall time of the whole process (start-up included), median of 3 interleaved rounds."
echo
echo "| position | depth | leaves | sashite s | sashite leaves/s (last ply bulk-counted) | fairy-stockfish s | fairy-stockfish leaves/s (last ply bulk-counted too) | speed-up |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for spec in "start:$start:5" "matsuri:$matsuri:3"; do
  IFS=: read -r label sfen depth <<< "$spec"
  a=(); b=(); na=0; nb=0
  for round in 1 2 3; do
    a+=("$(seconds run_sashite "$sfen" "$depth")"); na=$(nodes)
    b+=("$(seconds run_fsf "$sfen" "$depth")"); nb=$(nodes)
  done
  ma=$(printf '%s\n' "${a[@]}" | median); mb=$(printf '%s\n' "${b[@]}" | median)
  [ "$na" = "$nb" ] || echo "| $label | $depth | MISMATCH sashite $na vs fairy-stockfish $nb | | | | | |"
  printf '| %s | %s | %s | %.3f | %.1f M | %.3f | %.1f M | %.1fx |\n' "$label" "$depth" "$na" "$ma" \
    "$(calc "$na / $ma / 1000000")" "$mb" "$(calc "$nb / $mb / 1000000")" "$(calc "$mb / $ma")"
done
echo
echo "Node definitions: both programs bulk-count the last ply, so the speed-up compares like with like."

[ -n "$yaneuraou" ] || exit 0
if [ ! -x "$yaneuraou" ]; then
  echo
  echo "YaneuraOu: \`$yaneuraou\` is not an executable file; no comparison."
  exit 0
fi
rounds=7
echo
echo "## External comparison: perft against YaneuraOu"
echo
echo "Each program's own perft timer (YaneuraOu's \`Elapsed Time\`, sashite's \`info string perft ... time\`;"
echo "the full generator), $rounds interleaved rounds (the order alternating), medians; the ratio is the"
echo "median of the rounds' sashite/YaneuraOu time ratios (below 1: sashite is faster). YaneuraOu:"
echo "\`$(basename "$yaneuraou")\`, $(sed -nE 's/^id name (.*)/\1/p' < <(printf 'usi\nquit\n' | "$yaneuraou") | head -1)."
echo
echo "| position | depth | leaves | sashite ms | YaneuraOu ms | sashite leaves/s | YaneuraOu leaves/s | sashite/YaneuraOu time (min-max) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for spec in "start:$start:6" "matsuri:$matsuri:4"; do
  IFS=: read -r label sfen depth <<< "$spec"
  a=(); b=(); r=(); na=0; nb=0
  for round in $(seq "$rounds"); do
    order="s y"; [ $((round % 2)) -eq 0 ] && order="y s"
    for who in $order; do
      if [ "$who" = s ]; then
        run_sashite "$sfen" "$depth" > "$tmp"; ta=$(sashite_ms); na=$(nodes)
      else
        run_yaneuraou "$sfen" "$depth" > "$tmp"; tb=$(yaneuraou_ms); nb=$(nodes)
      fi
    done
    a+=("$ta"); b+=("$tb"); r+=("$(calc "$ta / $tb")")
  done
  ma=$(printf '%s\n' "${a[@]}" | median); mb=$(printf '%s\n' "${b[@]}" | median)
  mr=$(printf '%s\n' "${r[@]}" | median)
  lo=$(printf '%s\n' "${r[@]}" | sort -g | head -1); hi=$(printf '%s\n' "${r[@]}" | sort -g | tail -1)
  [ "$na" = "$nb" ] || echo "| $label | $depth | MISMATCH sashite $na vs YaneuraOu $nb | | | | | |"
  printf '| %s | %s | %s | %d | %d | %.1f M | %.1f M | %.3fx (%.3f-%.3f) |\n' "$label" "$depth" "$na" "$ma" "$mb" \
    "$(calc "$na / $ma / 1000")" "$(calc "$nb / $mb / 1000")" "$mr" "$lo" "$hi"
done
