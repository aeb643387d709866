#!/usr/bin/env bash
# The main job: installs what is missing, builds, runs the `bench` harness (every area, variants
# interleaved, repetitions with medians) and writes results/<date>-<cpu>/: bench.json (raw),
# bench.txt (console, plain text), report.md (tables with the machine line, the dirty-flag
# answers), one SVG chart per area, and the extras (whole-process perft against
# fairy-stockfish; the dirty-flag kernels' deterministic counts, llvm-mca models and asm; the
# perft/full (start d5, matsuri d3) and search_node rows built by g++ and by clang++, alternated,
# in compilers/).
# At the end the raw data is compressed, as results/ commits it (README's results budget):
# bench.json.xz, bench.txt.xz, compilers/*.json.xz, asm/*.s.xz. stages.tsv: each stage's
# seconds, so a run over the README's 15 minutes shows where they went.
# Extra arguments go to `bench`, e.g. --filter=dirty_flags. SASHITE_YANEURAOU=<binary> adds perft
# against YaneuraOu (scripts/external_perft.sh; README, "Anchor figures").
set -euo pipefail
cd "$(dirname "$0")/.."
stage_names=() stage_seconds=() stage_t=$(date +%s)
stage() {  # records the seconds since the previous stage under this name
  local now; now=$(date +%s)
  stage_names+=("$1") stage_seconds+=($((now - stage_t))) stage_t=$now
}
source scripts/deps.sh
sashite_install_deps
stage "packages"
# Only what this script runs: on 2 cores every skipped target is minutes (the tests are test.sh's).
SASHITE_TARGETS="bench bench_compilers sashite tt_index_study repetition_study dirty_asm" sashite_build build
stage "build"

source scripts/machine.sh
out=results/$(date +%F)-$(sashite_cpu_tag)
# A second run on the same day and CPU keeps the first: <date>-<cpu>-2, -3, ...
if [ -e "$out" ] && [ "${SASHITE_BENCH_OVERWRITE:-0}" != 1 ]; then
  n=2; while [ -e "$out-$n" ]; do n=$((n + 1)); done; out=$out-$n
fi
mkdir -p "$out"
sashite_machine_line > "$out/machine.txt"
echo "Machine: $(cat "$out/machine.txt")"

# No colour codes in bench.txt (arguments given to this script still override).
./build/bin/bench --benchmark_out="$out/bench.json" --benchmark_out_format=json --benchmark_color=false "$@" |
  tee "$out/bench.txt"
stage "benchmark binary"

# g++ against clang++: the same sources and flags, bench_compilers (the perft and search_node
# areas alone, so clang++ builds two generator libraries, not the engine) from each compiler, on
# the shallower perft rows (start d6 and matsuri d4 took two thirds of the rounds' time); the
# two processes alternate over five rounds (which one goes first alternates too) so that both
# see the same drift of the machine; report.py merges the rounds.
SASHITE_TARGETS=bench_compilers sashite_build build-clang -DCMAKE_CXX_COMPILER=clang++ -DSASHITE_BUILD_TESTS=OFF
stage "clang++ build of bench_compilers"
mkdir -p "$out/compilers"
for round in 1 2 3 4 5; do
  order="gcc clang"; [ $((round % 2)) -eq 0 ] && order="clang gcc"
  for cc in $order; do
    dir=build; [ "$cc" = clang ] && dir=build-clang
    "./$dir/bin/bench_compilers" --benchmark_filter='^(perft/full/(start/5|matsuri/3)|search_node/(full|diff))/' \
      --benchmark_repetitions=2 \
      --benchmark_out="$out/compilers/$cc-$round.json" --benchmark_out_format=json >/dev/null 2>"$out/compilers/$cc-$round.log"
  done
done
stage "g++/clang++ rounds"
echo "g++ vs clang++: build ${stage_seconds[-2]} s, rounds ${stage_seconds[-1]} s" | tee "$out/compilers/time.txt"

./scripts/external_perft.sh "${SASHITE_YANEURAOU:-}" > "$out/external_perft.md"
stage "perft against fairy-stockfish and YaneuraOu"
python3 scripts/search_anchor.py build/bin/sashite > "$out/search_anchor.md"
stage "search anchor"
SASHITE_TARGETS="dirty_count hash_count" sashite_build build-portable -DSASHITE_PORTABLE=ON -DSASHITE_BUILD_TESTS=OFF
stage "portable build"
./scripts/dirty_flags_models.sh build build-portable "$out"
stage "dirty-flag models"
for tool in build/bin/tt_index_study build/bin/repetition_study build-portable/bin/hash_count; do
  [ -x "$tool" ] && "$tool" > "$out/$(basename "$tool").md"
done
stage "studies"

python3 scripts/report.py "$out"
python3 scripts/index_results.py results
python3 scripts/cpu_findings.py results > /dev/null
# The committed form (README's results budget: a run adds under 1 MB): the raw data compressed
# once report.py has read it; report.py and cpu_findings.py read bench.json or bench.json.xz, the
# compiler rounds and asm listings alike. report.py has already slimmed the charts.
find "$out" -type f \( -name bench.json -o -name bench.txt -o -path "$out/compilers/*.json" -o -path "$out/asm/*.s" \) \
  -exec xz -9e -f {} +
stage "report and compression"
{
  printf 'stage\tseconds\n'
  for i in "${!stage_names[@]}"; do printf '%s\t%s\n' "${stage_names[$i]}" "${stage_seconds[$i]}"; done
  total=0; for t in "${stage_seconds[@]}"; do total=$((total + t)); done
  printf 'whole run\t%s\n' "$total"
} > "$out/stages.tsv"
echo "Report: $out/report.md ($(du -sb "$out" | cut -f1) bytes)"
