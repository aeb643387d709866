#!/usr/bin/env bash
# Real matches: the strength questions of README "Matches", each a build/bin/match run.
#   scripts/match.sh [experiment...]    (default: all, in this order)
#     full-diff   the full against the differential generator at equal time per move
#     odds        the full generator against itself with the time odds that full-diff measured
#                 (its nps ratio) and with double time: the Elo a speed-up of that size is worth
#     tt          TT entry with a bound type against 謎電's (2005) two bound fields
#     key         additive against XOR key (padded32 hands)
#     gpsusi      sashite against gpsusi (Debian gpsshogi)
#     fairy       sashite against fairy-stockfish at full strength and at Skill Level 10 and 0
# Environment: PAIRS (game pairs per match, default 40), MOVETIME (ms per move for the
# sashite-only matches, default 100), BYOYOMI (ms, for the matches against other engines,
# default 200), CONCURRENCY (default: the number of cores). Each match writes
# results/matches/<date>-<cpu>/<experiment>[-<variant>]/: command.txt, games.jsonl,
# summary.txt, summary.json and records/ (CSA); then scripts/match_report.py writes the
# folder's README.md and charts.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
sashite_install_deps
SASHITE_TARGETS="sashite match" sashite_build build

PAIRS=${PAIRS:-40}
MOVETIME=${MOVETIME:-100}
BYOYOMI=${BYOYOMI:-200}
CONCURRENCY=${CONCURRENCY:-$(nproc)}
family=$(awk -F: '/^cpu family/{printf "%x", $2; exit}' /proc/cpuinfo)
model=$(awk -F: '/^model[ \t]*:/{printf "%x", $2; exit}' /proc/cpuinfo)
name=$(awk -F: '/^model name/{sub(/^ /, "", $2); print $2; exit}' /proc/cpuinfo)
tag=$(echo "$name" | tr 'A-Z' 'a-z' | tr -cs 'a-z0-9' '-' | sed 's/-$//')-f$family
out=${MATCH_OUT:-results/matches/$(date +%F)-$tag}
mkdir -p "$out"
{
  printf '%s (family 0x%s, model 0x%s), %s logical CPUs' "$name" "$family" "$model" "$(nproc)"
  grep -q hypervisor /proc/cpuinfo && printf ', virtualised'
  printf '; Linux %s; %s' "$(uname -r)" "$(date -u +'%Y-%m-%d %H:%M UTC')"
} > "$out/machine.txt"
echo "Machine: $(cat "$out/machine.txt")"

sashite=build/bin/sashite
gpsusi=$(command -v gpsusi || echo /usr/games/gpsusi)
fairy=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
common=(--openings match/openings/balanced.sfen --pairs "$PAIRS" --concurrency "$CONCURRENCY" --max-plies 320)

# play <folder> <match run arguments...>: one match, its command line and its outputs.
play() {
  local dir=$out/$1
  shift
  mkdir -p "$dir"
  local cmd=(build/bin/match run "${common[@]}" "$@" --out "$dir/games.jsonl" --records "$dir/records" --summary-json "$dir/summary.json")
  printf '%q ' "${cmd[@]}" > "$dir/command.txt"
  echo >> "$dir/command.txt"
  echo "== $dir"
  local t0=$SECONDS
  "${cmd[@]}" | tee "$dir/summary.txt"
  echo "Wall time: $((SECONDS - t0)) s" | tee -a "$dir/summary.txt"
}

sashite_engine() {  # sashite_engine <label> [option.NAME=VALUE...]
  local label=$1
  shift
  echo --engine "name=$label" "cmd=$sashite" option.USI_Hash=64 "$@"
}

experiments=("$@")
[ ${#experiments[@]} -eq 0 ] && experiments=(full-diff odds tt key gpsusi fairy)
for e in "${experiments[@]}"; do
  case $e in
    full-diff)
      # shellcheck disable=SC2046
      play full-diff $(sashite_engine full option.MoveGen=full) $(sashite_engine diff option.MoveGen=diff) --tc "movetime=$MOVETIME" ;;
    odds)
      [ -f "$out/full-diff/summary.json" ] || { echo "odds needs full-diff's measured nps ratio: run full-diff first"; exit 1; }
      k=$(python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print(f"{s[\"first_nps\"] / s[\"second_nps\"]:.3f}")' "$out/full-diff/summary.json")
      # shellcheck disable=SC2046
      play odds-nps-ratio $(sashite_engine "full-x$k" option.MoveGen=full) $(sashite_engine full option.MoveGen=full) --tc "movetime=$MOVETIME" --time-odds "$k"
      # shellcheck disable=SC2046
      play odds-x2 $(sashite_engine full-x2 option.MoveGen=full) $(sashite_engine full option.MoveGen=full) --tc "movetime=$MOVETIME" --time-odds 2 ;;
    tt)
      # shellcheck disable=SC2046
      play tt $(sashite_engine two-bounds option.TTLayout=two-bounds) $(sashite_engine classic option.TTLayout=classic) --tc "movetime=$MOVETIME" ;;
    key)
      # shellcheck disable=SC2046
      play key $(sashite_engine additive option.KeyScheme=additive) $(sashite_engine xor option.KeyScheme=xor) --tc "movetime=$MOVETIME" ;;
    gpsusi)
      # gpsusi's go takes exactly "btime B wtime W byoyomi X"; its stderr carries a board per move.
      # shellcheck disable=SC2046
      play gpsusi $(sashite_engine sashite) --engine name=gpsusi "cmd=$gpsusi" option.Thread=1 stderr=/dev/null \
        --tc "byoyomi=$BYOYOMI" --handshake-ms 60000 ;;
    fairy)
      for skill in 20 10 0; do
        # shellcheck disable=SC2046
        play "fairy-skill$skill" $(sashite_engine sashite) --engine "name=fairy-stockfish-skill$skill" "cmd=$fairy" \
          option.UCI_Variant=shogi option.Threads=1 option.Hash=64 "option.Skill Level=$skill" --tc "byoyomi=$BYOYOMI"
      done ;;
    *) echo "unknown experiment $e"; exit 2 ;;
  esac
done
python3 scripts/match_report.py "$out"
