#!/bin/bash
# The threshold control (MateTCA) off and on, first proofs on one thread (node counts are
# deterministic): the test sets with 64 MB, the long problems with 4 GB.
#   results/2026-12-03-mate-tca/run.sh [MATE_REPORT]   (from the repository's root; rows to stdout)
set -euo pipefail
bin=${1:-build/bin/mate_report}
pick() { grep -v '^#' "$1" | grep -v '^\s*$' | sed -n "$2"; }
tmp=$(mktemp -d)
pick tests/data/tsume_very_long.txt '1p' > "$tmp/kotobuki.txt"
pick tests/data/tsume_very_long.txt '2p' > "$tmp/mikro.txt"
pick tests/data/tsume_classics.txt '2p;5p;6p;8p' > "$tmp/classics.txt"
run() {  # label file mb ms
  for tca in off on; do
    "$bin" --mb "$3" --gpsusi none --solver unbounded-df-pn --table pn-dn --post-search none --runs 1 \
      --threads 1 --tca $tca --ms "$4" "$2" | grep -E '^\| [0-9]+ ' | sed "s/^/$1 $tca /"
  done
}
for set in tsume tsume_generated tsume_hard tsume_long; do run $set tests/data/$set.txt 64 60000; done
run very_long "$tmp/kotobuki.txt" 4096 60000
run classics "$tmp/classics.txt" 4096 60000
run very_long "$tmp/mikro.txt" 4096 120000
rm -r "$tmp"
