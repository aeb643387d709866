#!/bin/bash
# The long sets, two mate_report builds in turn problem by problem (two threads, 4 GB, 60 s):
#   classics-ab.sh OLD_MATE_REPORT NEW_MATE_REPORT   (run from the repository's root)
# Appends one row per problem and build to rows.txt in the current directory.
set -euo pipefail
declare -A bin=([old]="$1" [new]="$2")
for f in tsume_very_long tsume_classics; do
  n=0
  grep -v '^#' "tests/data/$f.txt" | grep -v '^\s*$' | while IFS= read -r line; do
    n=$((n + 1))
    echo "$line" > one.txt
    for b in old new; do
      "${bin[$b]}" --mb 4096 --gpsusi none --solver unbounded-df-pn --table pn-dn --post-search none --runs 1 \
        --threads 2 --ms 60000 one.txt 2>&1 | grep -E "^\| 1 " | sed "s/^| 1 /| $f $n $b /" >> rows.txt
    done
  done
done
rm -f one.txt
