#!/usr/bin/env bash
# The node-odds curve over several hosts with GNU parallel: one shard of every point per job,
# each job `SHARD=k/N scripts/elo_curve.sh play` in the same checkout on a shared disk (the
# games are functions of their openings, so any host may play any shard); then the fit here.
#   scripts/elo_curve_hosts.sh N [HOSTS_FILE]
# HOSTS_FILE: GNU parallel's --sshloginfile ("4/host1", one line per host; ":" is this host).
# Without it the N shards run here, two at a time: the local test of the same recipe. The
# other variables of scripts/elo_curve.sh (BASES, ODDS, PAIRS, OUT) pass through; OUT must be
# the same path on every host. CONCURRENCY defaults to 1 per job (parallel spreads the jobs).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { sed -n 2,10p "$0"; exit 2; }
n=$1 hosts=${2:-}
source scripts/machine.sh
export BASES=${BASES:-2000 8000} ODDS=${ODDS:-1.05 1.1 1.25 1.5 2 4} PAIRS=${PAIRS:-1000}
export OUT=${OUT:-$PWD/results/elo_curve/$(date +%F)-$(sashite_cpu_tag)} CONCURRENCY=${CONCURRENCY:-1}
SASHITE_TARGETS="sashite match" bash -c 'source scripts/deps.sh && sashite_install_deps && sashite_build build'
mkdir -p "$OUT"
export SKIP_BUILD=1
where=(-j 2)
[ -n "$hosts" ] && where=(--sshloginfile "$hosts" --workdir "$PWD")
parallel --will-cite --halt now,fail=1 "${where[@]}" --env BASES --env ODDS --env PAIRS --env OUT --env CONCURRENCY --env SKIP_BUILD \
  'SHARD={}/'"$n"' scripts/elo_curve.sh play > "$OUT/log-{}of'"$n"'.txt" 2>&1' ::: $(seq 1 "$n")
python3 scripts/elo_curve_fit.py "$OUT"
