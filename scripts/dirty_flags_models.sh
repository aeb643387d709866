#!/usr/bin/env bash
# Deterministic models of the dirty-flag kernels (LS3600, differential generation (2009)), as data for scripts/report.py:
#   <out>/dirty_flags_counts.tsv  instructions per call from callgrind (exactly repeatable):
#       dirty_count run with N and 2N calls, (Ir(2N) - Ir(N)) / N, minus the same for the empty
#       loop ("none"); columns: kernel, pieces, instructions (n/a: the kernel cannot run under
#       valgrind, i.e. AVX-512);
#   <out>/dirty_flags_mca.tsv  llvm-mca (LLVM 14) estimates of each body dirty_asm writes to
#       <out>/asm/; columns: body, instructions, loop (1: a compiler loop, modelled as
#       straight-line code), cpu, throughput, latency. throughput = Total Cycles / 100 for
#       -iterations=100: calls back to back, overlapping (each starts from a fresh accumulator);
#       latency = Total Cycles for -iterations=1: one call alone, first dispatch to last
#       retirement. n/a: the CPU model lacks the instruction set.
# LLVM 14 has no Core 2 model (its "core2" is Sandy Bridge, README Measurement conditions): sandybridge stands in
# for LS3600's Core 2.
# usage: scripts/dirty_flags_models.sh <build-dir> <portable-build-dir> <out-dir>
# <portable-build-dir> must be a -DSASHITE_PORTABLE=ON build (valgrind cannot decode AVX-512),
# with the dirty_count target built; <build-dir> needs dirty_asm.
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 <build-dir> <portable-build-dir> <out-dir>" >&2
  exit 2
fi
build=$1 portable=$2 out=$3
for tool in valgrind llvm-mca objdump bc; do
  command -v "$tool" >/dev/null || { echo "$0: $tool is not installed" >&2; exit 1; }
done
[ -x "$build/bin/dirty_asm" ] || { echo "$0: no $build/bin/dirty_asm (build the dirty_asm target)" >&2; exit 1; }
[ -x "$portable/bin/dirty_count" ] || { echo "$0: no $portable/bin/dirty_count (build the dirty_count target)" >&2; exit 1; }
grep -q 'SASHITE_PORTABLE:BOOL=ON' "$portable/CMakeCache.txt" 2>/dev/null ||
  { echo "$0: $portable is not a -DSASHITE_PORTABLE=ON build" >&2; exit 1; }
mkdir -p "$out/asm"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

N=20000
# Instructions counted by callgrind for one dirty_count run.
instructions() {  # kernel calls pieces
  local f="$tmp/cg.$1.$2.$3"
  valgrind --tool=callgrind --callgrind-out-file="$f" "$portable/bin/dirty_count" "$1" "$2" "$3" >/dev/null 2>&1 ||
    { echo "-"; return; }
  awk '/^(summary|totals):/ {print $2; exit}' "$f"
}
per_call() {  # kernel pieces -> instructions per call, loop included
  local a b
  a=$(instructions "$1" $N "$2"); b=$(instructions "$1" $((2 * N)) "$2")
  if [ "$a" = "-" ] || [ "$b" = "-" ]; then echo "-"; else echo "scale=2; ($b - $a) / $N" | bc; fi
}

kernels=$({ "$portable/bin/dirty_count" 2>&1 || true; } | sed -n "s/^kernels: *//p")
{
  printf 'kernel\tpieces\tinstructions\n'
  for pieces in 22 40; do
    loop=$(per_call none "$pieces")
    printf 'loop\t%s\t%s\n' "$pieces" "$loop"
    for k in $kernels; do
      i=$(per_call "$k" "$pieces")
      if [ "$i" = "-" ]; then i=n/a; else i=$(echo "scale=2; $i - $loop" | bc); fi
      printf '%s\t%s\t%s\n' "$k" "$pieces" "$i"
    done
  done
} >"$tmp/counts.tsv"

"$build/bin/dirty_asm" "$out/asm" >/dev/null
cycles() {  # cpu iterations file -> Total Cycles
  llvm-mca -mcpu="$1" -iterations="$2" "$3" 2>/dev/null | awk '/^Total Cycles:/ {print $3}'
}
{
  printf 'body\tinstructions\tloop\tcpu\tthroughput\tlatency\n'
  for f in "$out"/asm/*.s; do
    body=$(basename "$f" .s)
    ninsn=$(grep -vc '^\.' "$f")
    loop=0; grep -qE '^j[a-z]+ ' "$f" && loop=1
    for c in sandybridge skylake znver3 skylake-avx512; do
      case "$body" in
        *avx512*|*vptestmq*) [ "$c" = skylake-avx512 ] || { printf '%s\t%s\t%s\t%s\tn/a\tn/a\n' "$body" "$ninsn" "$loop" "$c"; continue; } ;;
        *avx2*) [ "$c" = sandybridge ] && { printf '%s\t%s\t%s\t%s\tn/a\tn/a\n' "$body" "$ninsn" "$loop" "$c"; continue; } ;;
      esac
      thr=$(cycles "$c" 100 "$f"); lat=$(cycles "$c" 1 "$f")
      [ -n "$thr" ] && thr=$(echo "scale=2; $thr / 100" | bc) || thr=error
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$body" "$ninsn" "$loop" "$c" "$thr" "${lat:-error}"
    done
  done
} >"$tmp/mca.tsv"

cp "$tmp/counts.tsv" "$out/dirty_flags_counts.tsv"
cp "$tmp/mca.tsv" "$out/dirty_flags_mca.tsv"
echo "wrote $out/dirty_flags_counts.tsv $out/dirty_flags_mca.tsv $out/asm/"
