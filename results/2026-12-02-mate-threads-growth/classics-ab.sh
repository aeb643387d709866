#!/bin/bash
# old and new in turn, problem by problem
cd /tmp/classics_ab
for f in tsume_very_long tsume_classics; do
  grep -v '^#' /work/main/tests/data/$f.txt | grep -v '^\s*$' > $f.problems
  n=0
  while IFS= read -r line; do
    n=$((n+1)); echo "$line" > one.txt
    for b in old new; do
      /tmp/mate_report_$b --mb 4096 --gpsusi none --solver unbounded-df-pn --table pn-dn --post-search none --runs 1 --threads 2 --ms 60000 one.txt 2>&1 | grep -E "^\| 1 " | sed "s/^| 1 /| $f $n $b /" >> rows.txt
    done
  done < $f.problems
done
date > done.txt
