#!/usr/bin/env bash
# Whole-process perft, sashite against fairy-stockfish (the independent oracle; both bulk-count
# the last ply, so the leaves/s compare like with like), interleaved
# A B A B over three rounds; prints a Markdown section with medians. YaneuraOu is not packaged
# for Debian: its figures stay the README anchors (measured elsewhere on this machine kind).
set -euo pipefail
cd "$(dirname "$0")/.."
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
start="lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
matsuri="l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"

seconds() { local t0 t1; t0=$(date +%s.%N); "$@" > /tmp/sashite_ext.$$; t1=$(date +%s.%N); calc "$t1 - $t0"; }
calc() { awk "BEGIN { print $1 }"; }
nodes() { awk '/^Nodes searched/{print $3}' /tmp/sashite_ext.$$; }
median() { sort -g | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }

run_sashite() { ./build/bin/sashite "position sfen $1" "go perft $2"; }  # the end of the arguments waits for perft
run_fsf() { printf 'usi\nsetoption name UCI_Variant value shogi\nposition sfen %s\ngo perft %s\nquit\n' "$1" "$2" | "$fsf"; }

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
rm -f /tmp/sashite_ext.$$
echo
echo "Node definitions: both programs bulk-count the last ply, so the speed-up compares like with like."
echo "sashite adds the size of the legal move list at depth 1 (as YaneuraOu does); fairy-stockfish $(dpkg-query -W -f='${Version}' fairy-stockfish 2>/dev/null)"
echo "runs Stockfish's perft, which at depth 2 plays each move and adds the size of the child's legal move list"
echo "(\`leaf = depth == 2\` in Fairy-Stockfish's src/search.cpp): neither plays the leaves. Reports before"
echo "2026-11-23's harness change said fairy-stockfish visits every leaf: its source says otherwise."
echo "README anchors for YaneuraOu on this machine kind: start d6 ~178 M leaves/s, matsuri d4 ~489 M leaves/s."
