#!/usr/bin/env bash
# A/B of the bench binary: this tree against an earlier revision, interleaved round by round on
# the same rows, cycles per op as the medians of the rounds' medians, and their ratio (new/old).
# For a change whose cost should show in rows it did not mean to touch. Prints Markdown.
#   scripts/bench_ab.sh REV 'FILTER' [ROUNDS]     (ROUNDS default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
rev=$1 filter=$2 rounds=${3:-5}
source scripts/deps.sh
sashite_install_deps
source scripts/machine.sh
SASHITE_TARGETS=bench sashite_build build >/dev/null
old=$(mktemp -d)
trap 'git worktree remove --force "$old/src" >/dev/null 2>&1 || true; rm -rf "$old"' EXIT
git worktree add -q --detach "$old/src" "$rev"
(cd "$old/src" && SASHITE_TARGETS=bench sashite_build build >/dev/null)
for round in $(seq "$rounds"); do
  for side in old new; do
    bin=build/bin/bench
    [ "$side" = old ] && bin=$old/src/build/bin/bench
    "$bin" --benchmark_filter="$filter" 2>/dev/null |
      sed -nE "s/^([^ ]+)_median .* cycles\/op=([0-9.]+).*/$side \1 \2/p"
  done
done | python3 -c '
import collections, statistics, sys
rows = collections.defaultdict(lambda: collections.defaultdict(list))
for line in sys.stdin:
    side, name, cycles = line.split()
    rows[name][side].append(float(cycles))
print("| row | old | new | new/old |\n|---|---:|---:|---:|")
for name in sorted(rows):
    o, n = statistics.median(rows[name]["old"]), statistics.median(rows[name]["new"])
    print(f"| {name} | {o:.2f} | {n:.2f} | {n / o:.3f} |")
' > "$old/table.md"
echo "Machine: $(sashite_machine_line). \`scripts/bench_ab.sh $rev '$filter' $rounds\`: new = $(git rev-parse --short HEAD)$(git diff --quiet || echo ' + uncommitted changes'), old = $(git rev-parse --short "$rev"); cycles per op, medians of $rounds interleaved rounds."
echo
cat "$old/table.md"
