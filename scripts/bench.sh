#!/usr/bin/env bash
# The main job: installs what is missing, builds, runs the `bench` harness (every area, variants
# interleaved, repetitions with medians) and writes results/<date>-<cpu>/: bench.json (raw),
# bench.txt (console, plain text), report.md (tables with the machine line, the dirty-flag
# answers), one SVG chart per area, and the extras (whole-process perft against
# fairy-stockfish; the dirty-flag kernels' deterministic counts, llvm-mca models and asm).
# Extra arguments go to `bench`, e.g. --filter=dirty_flags.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
sashite_install_deps
sashite_build build

family=$(awk -F: '/^cpu family/{printf "%x", $2; exit}' /proc/cpuinfo)
model=$(awk -F: '/^model[ \t]*:/{printf "%x", $2; exit}' /proc/cpuinfo)
name=$(awk -F: '/^model name/{sub(/^ /, "", $2); print $2; exit}' /proc/cpuinfo)
tag=$(echo "$name" | tr 'A-Z' 'a-z' | tr -cs 'a-z0-9' '-' | sed 's/-$//')-f$family
out=results/$(date +%F)-$tag
mkdir -p "$out"
{
  printf '%s (family 0x%s, model 0x%s), %s logical CPUs' "$name" "$family" "$model" "$(nproc)"
  grep -q hypervisor /proc/cpuinfo && printf ', virtualised'
  printf ', %s' "$(grep -o -w -E 'avx512f|avx2|bmi2' /proc/cpuinfo | sort -u | tr '\n' ' ' | sed 's/ $//')"
  printf '; Linux %s; %s' "$(uname -r)" "$(date -u +'%Y-%m-%d %H:%M UTC')"
} > "$out/machine.txt"
echo "Machine: $(cat "$out/machine.txt")"

# No colour codes in bench.txt (arguments given to this script still override).
./build/bin/bench --benchmark_out="$out/bench.json" --benchmark_out_format=json --benchmark_color=false "$@" |
  tee "$out/bench.txt"

./scripts/external_perft.sh > "$out/external_perft.md"
sashite_build build-portable -DSASHITE_PORTABLE=ON -DSASHITE_BUILD_TESTS=OFF
./scripts/dirty_flags_models.sh build build-portable "$out"
for tool in build/bin/tt_index_study build/bin/repetition_study build-portable/bin/hash_count; do
  [ -x "$tool" ] && "$tool" > "$out/$(basename "$tool").md"
done

python3 scripts/report.py "$out"
python3 scripts/index_results.py results
echo "Report: $out/report.md"
