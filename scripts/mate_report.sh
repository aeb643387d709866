#!/usr/bin/env bash
# The mate solvers' report, results/mate_report.md: build/bin/mate_report over the sets of
# tests/data/ (every registered solver and table layout and gpsusi's `go mate`, interleaved
# problem by problem, medians of RUNS runs), 謎電's (2005) per-iteration table for one
# problem, the longer problems once each with a longer time limit, the sets' totals with a 16 MB
# table, and the bench's cycles per node of each solver and table (A/A rows included).
# Then the unbounded df-pn without its post-search (the first mate proven, as gpsusi answers)
# against gpsusi on every set with MateHash's default 64 MB (煙詰 problem by problem), 煙詰
# through USI with MateHash 64 and 4096 (the issue's "as fast with a large table"), and alone
# on the problems of hundreds of plies (tsume_very_long.txt, then the public classics of
# tsume_classics.txt) with a 4 GB table against gpsusi and, when KOMORING gives its path,
# KomoringHeights (built from its public source, README; 4 GB) on those and on tsume_long.txt.
# On the problems of hundreds of plies sashite and KomoringHeights use MATE_THREADS threads
# (default 2: the machines' cores; gpsusi has one).
#   scripts/mate_report.sh    Environment: RUNS (default 3), MS (per problem, default 60000),
#                             LONG_MS (the longer problems, default 60000), VERY_LONG_MS (the
#                             problems of hundreds of plies, default 60000, per problem),
#                             KOMORING (a KomoringHeights binary; default: none), MATE_THREADS
#                             (default 2)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
sashite_install_deps
SASHITE_TARGETS="mate_report sashite bench" sashite_build build
source scripts/machine.sh

RUNS=${RUNS:-3}
MS=${MS:-60000}
LONG_MS=${LONG_MS:-60000}
VERY_LONG_MS=${VERY_LONG_MS:-60000}
MATE_THREADS=${MATE_THREADS:-2}
komoring=()
komoring_long=()
if [ -n "${KOMORING:-}" ]; then
  komoring=(--engine "komoring-heights=$KOMORING,USI_Hash=4096,Threads=1")
  komoring_long=(--engine "komoring-heights=$KOMORING,USI_Hash=4096,Threads=$MATE_THREADS")
fi
out=results/mate_report.md
report=build/bin/mate_report
{
  echo "# Mate solvers: AND-OR (謎電 (2005)), depth-limited df-pn (two table layouts) and unbounded df-pn, against gpsusi"
  echo
  echo "Machine: $(sashite_machine_line). Written by \`scripts/mate_report.sh\` (RUNS=$RUNS, MS=$MS, LONG_MS=$LONG_MS, VERY_LONG_MS=$VERY_LONG_MS)."
  echo "Lengths are those of the legal game tree: every check and evasion with every non-promotion, no"
  echo "futile-interposition rule (mate/solver.h). gpsusi prints one mating line, not always the shortest."
  for set in tsume tsume_generated tsume_hard; do
    echo
    echo "## \`tests/data/$set.txt\`"
    echo
    detail=()
    [ "$set" = tsume_hard ] && detail=(--detail 2)
    "$report" --runs "$RUNS" --ms "$MS" "${detail[@]}" "tests/data/$set.txt"
  done
  echo
  echo "## \`tests/data/tsume_long.txt\` (one run each, $LONG_MS ms)"
  echo
  "$report" --runs 1 --ms "$LONG_MS" "${komoring[@]}" tests/data/tsume_long.txt
  echo
  echo "## The unbounded df-pn's first proof (\`--post-search none\`: any mate, as gpsusi's) against gpsusi, 64 MB (MateHash's default)"
  for set in tsume tsume_generated tsume_hard tsume_long; do
    echo
    echo "\`tests/data/$set.txt\` (median of $RUNS runs, $LONG_MS ms):"
    echo
    "$report" --runs "$RUNS" --ms "$LONG_MS" --mb 64 --post-search none --solver unbounded-df-pn "tests/data/$set.txt" |
      if [ "$set" = tsume_long ]; then sed -n '/^| # | expected/,$p'; else sed -n '/^| solver | table | solved/,/^$/p'; fi
  done
  echo
  echo "## 煙詰's first proof through USI, MateHash 64 against 4096 (one thread, the table prefaulted at isready; median of $RUNS runs, interleaved)"
  echo
  kemuri=$(mktemp)
  grep '煙詰' tests/data/tsume_long.txt > "$kemuri"
  "$report" --runs "$RUNS" --ms "$LONG_MS" --mb 64 --gpsusi none --solver unbounded-df-pn --post-search none --threads 1 \
    --engine "MateHash-64=build/bin/sashite,MatePostSearch=none,MateHash=64" \
    --engine "MateHash-4096=build/bin/sashite,MatePostSearch=none,MateHash=4096" "$kemuri" | sed -n '/^| solver | table | solved/,/^$/p'
  rm -f "$kemuri"
  echo
  for set in tsume_very_long tsume_classics; do
    echo "## \`tests/data/$set.txt\`: the unbounded df-pn's first proof, 4096 MB table, $MATE_THREADS threads, $VERY_LONG_MS ms, against gpsusi${KOMORING:+ and KomoringHeights ($MATE_THREADS threads)}"
    echo
    "$report" --runs 1 --ms "$VERY_LONG_MS" --mb 4096 --post-search none --solver unbounded-df-pn \
      --threads "$MATE_THREADS" "${komoring_long[@]}" "tests/data/$set.txt"
    echo
  done
  echo "## A 16 MB table (MateHash 16), without gpsusi"
  for set in tsume tsume_generated tsume_hard; do
    echo
    echo "\`tests/data/$set.txt\`:"
    echo
    "$report" --runs "$RUNS" --ms "$MS" --mb 16 --gpsusi none "tests/data/$set.txt" | sed -n '/^| solver | table | solved/,/^$/p'
  done
  echo
  echo "## Cycles per node (\`bench --benchmark_filter=^mate/\`: tsume.txt, 64 MB tables; aa rows: A/A)"
  echo
  echo '```'
  build/bin/bench --benchmark_filter='^mate/' 2>&1 | grep -E '^mate/.* cyc ' || true
  echo '```'
} | tee "$out.tmp"
mv "$out.tmp" "$out"
