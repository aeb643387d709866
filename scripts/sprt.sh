#!/usr/bin/env bash
# One SPRT of a change, as Stockfish's and YaneuraOu's authors test: the new engine against the
# previous one through build/bin/match (pentanomial GSPRT), logged whatever the verdict.
#   scripts/sprt.sh NAME "CHANGE" "NEW ENGINE" "BASE ENGINE"
# The engines are build/bin/match --engine specs ("cmd=PATH name=X option.SearchProbCut=false").
# Environment: TC (default nodes=20000), BOUNDS (default elo0=0,elo1=10), PAIRS (the most game
# pairs, default 1000), CONCURRENCY (default: the number of cores), RESIGN (the runner's --resign
# adjudication, default moves=3,cp=1500: both engines agree for three moves each).
# Writes results/sprt/<date>-<NAME>/ (command.txt, games.jsonl.xz: the games, compressed once the
# summary is written (README's results budget), summary.txt, summary.json, machine.txt) and appends one row to results/sprt/log.md: the change, the control, the bounds,
# games, W-D-L, Elo with its 95 % interval, LLR and the verdict (H1 accepted, H0 accepted, or
# stopped without one at the pair limit).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 4 ] || { sed -n 2,12p "$0"; exit 2; }
name=$1 change=$2 new=$3 base=$4
TC=${TC:-nodes=20000}
BOUNDS=${BOUNDS:-elo0=0,elo1=10}
PAIRS=${PAIRS:-1000}
CONCURRENCY=${CONCURRENCY:-$(nproc)}
RESIGN=${RESIGN:-moves=3,cp=1500}
source scripts/machine.sh
dir=results/sprt/$(date +%F)-$name
mkdir -p "$dir"
sashite_machine_line > "$dir/machine.txt"
# shellcheck disable=SC2206  # the engine specs are word lists on purpose
cmd=(build/bin/match run --engine $new --engine $base --tc "$TC" --openings match/openings/balanced.sfen
     --pairs "$PAIRS" --concurrency "$CONCURRENCY" --max-plies 320 --resign "$RESIGN"
     --draw from=200,moves=8,cp=10 --sprt "$BOUNDS" --out "$dir/games.jsonl" --summary-json "$dir/summary.json" --quiet)
printf '%q ' "${cmd[@]}" > "$dir/command.txt"
echo >> "$dir/command.txt"
"${cmd[@]}" | tee "$dir/summary.txt"
python3 - "$dir" "$name" "$change" "$TC" "$BOUNDS" <<'PY'
import json, sys, os
d, name, change, tc, bounds = sys.argv[1:]
s = json.load(open(os.path.join(d, "summary.json")))
llr, lo, hi = s["llr"], s["llr_low"], s["llr_high"]
# The runner's verdict (match/stats.h: none before Sprt::kMinPairs pairs, the LLR's variance
# floored). It stops at the first crossing; the pairs in flight then finish and count, which can
# leave the final LLR just inside the bounds.
crossed = "Stopped by the SPRT." in open(os.path.join(d, "summary.txt")).read()
if s["verdict"] == "H1": verdict = "H1 (passed)"
elif s["verdict"] == "H0": verdict = "H0 (failed)"
elif crossed: verdict = ("H1 (passed" if llr > 0 else "H0 (failed") + "; final LLR after the pairs in flight)"
else: verdict = "no verdict (pair limit)"
machine = open(os.path.join(d, "machine.txt")).read().split(" (")[0]
log = "results/sprt/log.md"
if not os.path.exists(log):
    open(log, "w").write("# SPRT log\n\nEvery engine change tested against the previous engine with scripts/sprt.sh, passed or not.\n"
                         "Elo: pentanomial, 95 % interval; LLR with its bounds. Folders: results/sprt/<date>-<name>/.\n\n"
                         "| date | test | change | control | bounds | games | W-D-L | Elo [95 %] | LLR (bounds) | verdict | CPU |\n"
                         "|---|---|---|---|---|---|---|---|---|---|---|\n")
row = (f"| {os.path.basename(d)[:10]} | {name} | {change} | {tc} | {bounds} | {s['wins']+s['draws']+s['losses']} | "
       f"{s['wins']}-{s['draws']}-{s['losses']} | {s['elo']:+.1f} [{s['elo_low']:+.1f}, {s['elo_high']:+.1f}] | "
       f"{llr:.2f} ({lo:.2f}, {hi:.2f}) | {verdict} | {machine} |\n")
open(log, "a").write(row)
print(row, end="")
PY
# The verdict is in summary.txt, summary.json and the log: the raw games are committed compressed.
xz -9e -f "$dir/games.jsonl"
