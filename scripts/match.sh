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
#                 (FAIRY_SKILLS, default "20 10 0")
#     yaneuraou   sashite against YaneuraOu's MATERIAL edition built from its public source
#                 (README "Anchors to build"): every binary of YANEURAOU (space-separated paths)
#                 at every control of YO_BYOYOMI (ms, default "200 1000"), YO_PAIRS pairs (default
#                 ENGINE_PAIRS); one thread, 64 MB, no book, NetworkDelay and NetworkDelay2 20
#     selfplay    sashite against itself at MOVETIME: how games end (repetitions above all)
#     effects     the evaluation's effect sources at equal time (search/effects/: the same trees,
#                 so only their speed differs): recomputed against diff-kept (MoveGen diff) and
#                 against incremental
# Environment: PAIRS (game pairs per sashite-only match, default 40), MOVETIME (ms per move
# there, default 100), ENGINE_PAIRS (pairs against each other engine, default 20), BYOYOMI (ms,
# against fairy-stockfish, default 100), GPS_BYOYOMI and GPS_PAIRS (against gpsusi, default
# 1000 ms and 8 pairs; see below), CONCURRENCY (default: the number of cores), SASHITE_OPTIONS
# (option.NAME=VALUE words given to every sashite engine, after the experiment's own: an option
# tried against the other engines without changing its default), GPS_OPTIONS (option.NAME=VALUE
# words for gpsusi, after option.Thread=1: e.g. option.BookDepth=0 plays it without its book). The
# sashite-only matches adjudicate by score (both sides agree on 1500 cp for 3 moves each: a
# loss; from ply 200, 10 cp or less for 8 moves each: a draw) to save time; the matches
# against other engines play every game out (their scores are on other scales). Each match writes
# results/matches/<date>-<cpu>/<experiment>[-<variant>]/: command.txt, games.jsonl,
# summary.txt, summary.json and records/ (CSA), beside the run's machine.txt and engine.txt;
# then scripts/match_report.py writes the folder's README.md and charts, and the raw data is
# packed as results/ commits it (README's results budget): games.jsonl.xz and records.tar.xz.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
sashite_install_deps
SASHITE_TARGETS="sashite match" sashite_build build

PAIRS=${PAIRS:-40}
MOVETIME=${MOVETIME:-100}
ENGINE_PAIRS=${ENGINE_PAIRS:-20}
BYOYOMI=${BYOYOMI:-100}
GPS_BYOYOMI=${GPS_BYOYOMI:-1000}
GPS_PAIRS=${GPS_PAIRS:-8}
CONCURRENCY=${CONCURRENCY:-$(nproc)}
source scripts/machine.sh
out=${MATCH_OUT:-results/matches/$(date +%F)-$(sashite_cpu_tag)}
mkdir -p "$out"
sashite_machine_line > "$out/machine.txt"
echo "Machine: $(cat "$out/machine.txt")"

sashite=build/bin/sashite
# Which engine played: the commit (-dirty when tracked files outside results/ differ from it)
# and the default search's bench tree (equal trees: equal search and evaluation), so that
# scripts/gauntlets.py can pool the runs of one engine across sessions and CPUs.
{
  echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- . ':(exclude)results' 2>/dev/null || echo -dirty)"
  echo "bench: $(printf 'bench\nquit\n' | "$sashite" | sed -n 's/^Nodes searched *: *//p') nodes (the default search's bench tree)"
} > "$out/engine.txt"
gpsusi=$(command -v gpsusi || echo /usr/games/gpsusi)
fairy=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
common=(--openings match/openings/balanced.sfen --concurrency "$CONCURRENCY" --max-plies 320)
own=(--pairs "$PAIRS" --resign moves=3,cp=1500 --draw from=200,moves=8,cp=10)
others=(--pairs "$ENGINE_PAIRS")

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

# MoveOverhead 20: sashite keeps MoveOverhead (default 100 ms, for GUIs on slow pipes) back
# from every limit, which would leave nothing of a 100 ms move; the runner's pipes take well
# under a millisecond and its margin is 1 s.
sashite_engine() {  # sashite_engine <label> [option.NAME=VALUE...]
  local label=$1
  shift
  # shellcheck disable=SC2086  # SASHITE_OPTIONS is a word list on purpose
  echo --engine "name=$label" "cmd=$sashite" option.USI_Hash=64 option.MoveOverhead=20 "$@" ${SASHITE_OPTIONS:-}
}

experiments=("$@")
[ ${#experiments[@]} -eq 0 ] && experiments=(full-diff odds tt key gpsusi fairy selfplay)
for e in "${experiments[@]}"; do
  case $e in
    full-diff)
      # shellcheck disable=SC2046
      play full-diff $(sashite_engine full option.MoveGen=full) $(sashite_engine diff option.MoveGen=diff) --tc "movetime=$MOVETIME" "${own[@]}" ;;
    odds)
      [ -f "$out/full-diff/summary.json" ] || { echo "odds needs full-diff's measured nps ratio: run full-diff first"; exit 1; }
      k=$(python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print("%.3f" % (s["first_nps"] / s["second_nps"]))' "$out/full-diff/summary.json")
      # shellcheck disable=SC2046
      play odds-nps-ratio $(sashite_engine "full-x$k" option.MoveGen=full) $(sashite_engine full option.MoveGen=full) --tc "movetime=$MOVETIME" "${own[@]}" --time-odds "$k"
      # shellcheck disable=SC2046
      play odds-x2 $(sashite_engine full-x2 option.MoveGen=full) $(sashite_engine full option.MoveGen=full) --tc "movetime=$MOVETIME" "${own[@]}" --time-odds 2 ;;
    tt)
      # shellcheck disable=SC2046
      play tt $(sashite_engine two-bounds option.TTLayout=two-bounds) $(sashite_engine classic option.TTLayout=classic) --tc "movetime=$MOVETIME" "${own[@]}" ;;
    key)
      # shellcheck disable=SC2046
      play key $(sashite_engine additive option.KeyScheme=additive) $(sashite_engine xor option.KeyScheme=xor) --tc "movetime=$MOVETIME" "${own[@]}" ;;
    gpsusi)
      # gpsusi's go takes exactly "btime B wtime W byoyomi X"; its stderr carries a board per move.
      # It overshoots a short byoyomi (a trial of one pair at 300 ms, not committed, averaged 0.92-
      # 0.96 s a move, every move late), so both sides get GPS_BYOYOMI and a 2 s margin; the
      # summary counts the late moves (the committed 1000 ms run: 930 ms on average, 340 of 717 late).
      # shellcheck disable=SC2046,SC2086  # GPS_OPTIONS is a word list on purpose
      play gpsusi $(sashite_engine sashite) --engine name=gpsusi "cmd=$gpsusi" option.Thread=1 ${GPS_OPTIONS:-} stderr=/dev/null \
        --tc "byoyomi=$GPS_BYOYOMI" --margin-ms 2000 --handshake-ms 60000 --pairs "$GPS_PAIRS" ;;
    fairy)
      for skill in ${FAIRY_SKILLS:-20 10 0}; do
        # shellcheck disable=SC2046
        play "fairy-skill$skill" $(sashite_engine sashite) --engine "name=fairy-stockfish-skill$skill" "cmd=$fairy" \
          option.UCI_Variant=shogi option.Threads=1 option.Hash=64 "option.Skill Level=$skill" --tc "byoyomi=$BYOYOMI" "${others[@]}"
      done ;;
    effects)
      # shellcheck disable=SC2046
      play effects-diff-kept $(sashite_engine diff-kept option.MoveGen=diff option.EffectSource=diff-kept) \
        $(sashite_engine recomputed option.EffectSource=recomputed) --tc "movetime=$MOVETIME" "${own[@]}"
      # shellcheck disable=SC2046
      play effects-incremental $(sashite_engine incremental option.EffectSource=incremental) \
        $(sashite_engine recomputed option.EffectSource=recomputed) --tc "movetime=$MOVETIME" "${own[@]}" ;;
    yaneuraou)
      [ -n "${YANEURAOU:-}" ] || { echo "yaneuraou needs YANEURAOU=/path/to/YaneuraOu (README, Anchors to build)"; exit 2; }
      for yo in $YANEURAOU; do
        # Its id line names the evaluation level ("YaneuraOu MaterialLv9 ..."): the folder and label.
        level=$(printf 'usi\nquit\n' | "$yo" | sed -n 's/^id name YaneuraOu \(MaterialLv[0-9]*\).*/\1/p' | tr 'A-Z' 'a-z')
        [ -n "$level" ] || { echo "$yo is not a YaneuraOu MATERIAL edition"; exit 2; }
        for ms in ${YO_BYOYOMI:-200 1000}; do
          # NetworkDelay2 (default 1120 ms) is what YaneuraOu keeps back in byoyomi: 20, as sashite's MoveOverhead.
          # shellcheck disable=SC2046
          play "yaneuraou-$level-byoyomi$ms" $(sashite_engine sashite) --engine "name=yaneuraou-$level" "cmd=$yo" \
            option.Threads=1 option.USI_Hash=64 option.BookFile=no_book option.NetworkDelay=20 option.NetworkDelay2=20 \
            --tc "byoyomi=$ms" --pairs "${YO_PAIRS:-$ENGINE_PAIRS}"
        done
      done ;;
    selfplay)
      # shellcheck disable=SC2046
      play selfplay $(sashite_engine black-first) $(sashite_engine white-first) --tc "movetime=$MOVETIME" "${own[@]}" ;;
    *) echo "unknown experiment $e"; exit 2 ;;
  esac
done
python3 scripts/match_report.py "$out"
# Every match against another engine under results/matches, and the runs of one engine pooled.
python3 scripts/gauntlets.py "$(dirname "$out")" --write "$(dirname "$out")/gauntlets.md"
# The committed form: the games compressed (the scripts read games.jsonl or games.jsonl.xz), the
# CSA records in one reproducible tarball per match (xz -dc records.tar.xz | tar x restores them).
for dir in "$out"/*/; do
  [ -f "$dir/games.jsonl" ] && xz -9e -f "$dir/games.jsonl"
  if [ -d "$dir/records" ]; then
    tar -C "$dir" --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -cf - records | xz -9e > "$dir/records.tar.xz"
    rm -r "$dir/records"
  fi
done
