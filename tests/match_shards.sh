#!/usr/bin/env bash
# ctest match_shards: a match played whole and the same match played as three shards by GNU
# parallel (as README's multi-host recipe runs them), then merged, give the same games and the
# same summary. Fixed nodes per move and usinewgame clearing the engine make each game
# depend only on its opening and colours, not on which process or host played it.
#   tests/match_shards.sh <bin dir> <source dir> <scratch dir>
set -euo pipefail
bin=$1 src=$2 work=$3
command -v parallel >/dev/null || { echo "GNU parallel is missing (Debian package parallel: scripts/deps.sh)"; exit 1; }
rm -rf "$work" && mkdir -p "$work"
match=(
  "$bin/match" run --quiet --pairs 6 --concurrency 1 --max-plies 80 --openings "$src/match/openings/balanced.sfen"
  --engine name=n400 "cmd=$bin/sashite" tc=nodes=400
  --engine name=n1200 "cmd=$bin/sashite" option.MoveGen=diff tc=nodes=1200
)
"${match[@]}" --out "$work/whole.jsonl" > "$work/whole.txt"
parallel --will-cite --halt now,fail=1 -j 2 "${match[@]}" --shard {}/3 --out "$work/shard{}.jsonl" '>' "$work/shard{}.txt" ::: 1 2 3
"$bin/match" merge "$work"/shard*.jsonl > "$work/merged.txt"
"$bin/match" merge "$work/whole.jsonl" > "$work/whole_merged.txt"

# The games: everything but the timings, in pair order.
games() {
  python3 -c '
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
for r in sorted(rows, key=lambda r: (r["pair"], r["game"])):
    print(r["pair"], r["game"], r["first"], r["second"], r["result"], r["reason"], r["first_nodes"], r["second_nodes"], r["opening"], r["moves"])
' "$@"
}
cat "$work"/shard*.jsonl > "$work/shards.jsonl"
diff <(games "$work/whole.jsonl") <(games "$work/shards.jsonl")
[ "$(games "$work/whole.jsonl" | wc -l)" -eq 12 ]
# The summaries, without the speed line (nodes are equal, think times are not).
diff <(grep -v '^Speed' "$work/whole_merged.txt") <(grep -v '^Speed' "$work/merged.txt")
# More pairs than openings under node limits: the runner says so, and pair 2 replays pair 0.
# (awk stops by itself: `grep | head` under pipefail fails whenever head exits before grep writes.)
awk '!/^#/ && NF { print; if (++n == 2) exit }' "$src/match/openings/balanced.sfen" > "$work/two.sfen"
"$bin/match" run --quiet --pairs 3 --concurrency 1 --max-plies 80 --openings "$work/two.sfen" \
  --engine name=n400 "cmd=$bin/sashite" tc=nodes=400 --engine name=n1200 "cmd=$bin/sashite" tc=nodes=1200 \
  --out "$work/repeat.jsonl" > /dev/null 2> "$work/repeat.err"
grep -q "warning: 3 pairs on 2 openings under node or depth limits" "$work/repeat.err"
diff <(games "$work/repeat.jsonl" | awk '$1 == 0' | cut -d' ' -f2-) <(games "$work/repeat.jsonl" | awk '$1 == 2' | cut -d' ' -f2-)
echo "whole and sharded matches agree:"
cat "$work/merged.txt"
