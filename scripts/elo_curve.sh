#!/usr/bin/env bash
# The Elo a speed-up is worth: sashite against itself with node odds (the first engine searches
# K times the base's nodes per move), each point a match of PAIRS game pairs on
# OPENINGS, then scripts/elo_curve_fit.py fits Elo = k * log2(K) per base.
# Node limits make every game a function of its opening and colours alone (tests/match_shards.sh),
# so the points can be split into shards and played anywhere, then merged.
#   scripts/elo_curve.sh [play|fit]   (default: play every shard point this host is given, then fit)
# Environment: BASES (nodes per move, default "2000 8000"), ODDS (default "1.05 1.1 1.25 1.5 2
# 4"), PAIRS (per point, default 1000: 2,000 games), SHARD (K/N: this host's share of every
# point, default 1/1), CONCURRENCY (default: the number of cores), OUT (default
# results/elo_curve/<date>-<cpu>), OPENINGS (default match/openings/balanced.sfen; another file
# names the shard files <K>of<N>-<its name>, so its shards sit beside the default's). Pair p
# plays opening p mod (openings), so PAIRS beyond the file's openings repeat games move for
# move: the fit counts each distinct pair once; match/openings/curve.sfen adds 800 others.
# Games adjudicate by score as scripts/sprt.sh's do (both engines agree on 1500 cp for 3 moves
# each: a loss; from ply 200, 10 cp for 8 moves each: a draw). Each point writes OUT/n<BASE>/x<K>/: games-<K>of<N>.jsonl, summary-<K>of<N>.txt and
# records-<K>of<N>/ (CSA; fit packs them into records.tar.xz after `match check`). SKIP_BUILD=1:
# use build/ as it is (the multi-host scripts build once).
# TIME_ODDS (default empty: none) adds the check of the model against time odds: the same
# engine with the first one's movetime times K, at MOVETIME ms (default 20; the engine thinks
# at least 10 ms a move, search/time_manager.h, so a smaller movetime gives no odds) with
# MoveOverhead 0, in OUT/movetime<MS>/x<K>/; the fit predicts each from the node-odds line of the
# base closest to the nodes per move the games show (choose BASES to include it).
# Many hosts: scripts/elo_curve_hosts.sh (GNU parallel over ssh) or scripts/elo_curve.slurm
# (a Slurm array); each runs this script with its own SHARD and the same OUT on a shared disk.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
source scripts/machine.sh
what=${1:-all}
BASES=${BASES:-2000 8000}
ODDS=${ODDS:-1.05 1.1 1.25 1.5 2 4}
PAIRS=${PAIRS:-1000}
SHARD=${SHARD:-1/1}
CONCURRENCY=${CONCURRENCY:-$(nproc)}
OUT=${OUT:-results/elo_curve/$(date +%F)-$(sashite_cpu_tag)}
case $SHARD in */*) ;; *) echo "SHARD must be K/N" >&2; exit 2 ;; esac
OPENINGS=${OPENINGS:-match/openings/balanced.sfen}
tag=${SHARD/\//of}
[ "$OPENINGS" = match/openings/balanced.sfen ] || tag+=-$(basename "$OPENINGS" .sfen)

if [ "$what" != fit ]; then
  if [ -z "${SKIP_BUILD:-}" ]; then  # set by the multi-host scripts, which build once
    sashite_install_deps
    SASHITE_TARGETS="sashite match" sashite_build build
  fi
  mkdir -p "$OUT"
  sashite_machine_line > "$OUT/machine-$tag.txt"
  # play_point DIR ODDS-OPTIONS...: one point's shard, the common match settings plus the
  # point's own (engines' options, control, odds), unless its summary exists.
  play_point() {
    local dir=$1; shift
    mkdir -p "$dir"
    [ -s "$dir/summary-$tag.txt" ] && { echo "== $dir shard $SHARD: played"; return; }
    echo "== $dir shard $SHARD"
    local cmd=(build/bin/match run --quiet "$@" --openings "$OPENINGS" --pairs "$PAIRS"
               --shard "$SHARD" --concurrency "$CONCURRENCY" --max-plies 320 --resign moves=3,cp=1500
               --draw from=200,moves=8,cp=10 --out "$dir/games-$tag.jsonl" --records "$dir/records-$tag")
    printf '%q ' "${cmd[@]}" > "$dir/command-$tag.txt"
    echo >> "$dir/command-$tag.txt"
    local start end games
    start=$(date +%s.%N)
    "${cmd[@]}" > "$dir/summary-$tag.tmp"
    end=$(date +%s.%N)
    games=$(wc -l < "$dir/games-$tag.jsonl")
    echo "Wall time: $(echo "$end - $start" | bc) s for $games games, $(echo "scale=2; $games / ($end - $start)" | bc) games/s at concurrency $CONCURRENCY" >> "$dir/summary-$tag.tmp"
    mv "$dir/summary-$tag.tmp" "$dir/summary-$tag.txt"
    tail -n 4 "$dir/summary-$tag.txt"
  }
  for base in $BASES; do
    for k in $ODDS; do
      play_point "$OUT/n$base/x$k" --engine cmd=build/bin/sashite "name=x$k" --engine cmd=build/bin/sashite name=base \
        --tc "nodes=$base" --node-odds "$k"
    done
  done
  for k in ${TIME_ODDS:-}; do
    play_point "$OUT/movetime${MOVETIME:-20}/x$k" --engine cmd=build/bin/sashite "name=x$k" option.MoveOverhead=0 \
      --engine cmd=build/bin/sashite name=base option.MoveOverhead=0 --tc "movetime=${MOVETIME:-20}" --time-odds "$k"
  done
fi
[ "$what" = play ] && exit 0
python3 scripts/elo_curve_fit.py "$OUT"
