#!/usr/bin/env bash
# Deterministic models of the dirty-flag kernels (seed 003), as one Markdown table:
#   - instructions per call, from callgrind (exactly repeatable): dirty_count run with N and 2N
#     calls, (Ir(2N) - Ir(N)) / N, minus the same for the empty loop ("none");
#   - cycles per iteration from llvm-mca for each kernel body dirty_asm writes.
# usage: scripts/dirty_flags_models.sh <build-dir> <portable-build-dir> <out-dir>
# <portable-build-dir> must be a -DSASHITE_PORTABLE=ON build (valgrind cannot decode AVX-512),
# with the dirty_count target built; <build-dir> needs dirty_asm.
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 <build-dir> <portable-build-dir> <out-dir>" >&2
  exit 2
fi
build=$1 portable=$2 out=$3
for tool in valgrind llvm-mca objdump; do
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
loop22=$(per_call none 22)
{
  echo "## Dirty-flag kernels: deterministic models"
  echo
  echo "Instructions per call: callgrind on \`$portable/bin/dirty_count\` (portable x86-64-v3 build),"
  echo "midgame inputs (64 random-walk positions, every legal move), \`(Ir(2N) - Ir(N)) / N\` with N = $N,"
  echo "minus the empty loop (${loop22} instructions per call). Kernels needing AVX-512 cannot run under valgrind."
  echo
  echo "| kernel | instructions/call, 22 pieces | instructions/call, 40 pieces |"
  echo "|---|---:|---:|"
  for k in $kernels; do
    i22=$(per_call "$k" 22); i40=$(per_call "$k" 40)
    net() { [ "$1" = "-" ] && echo "n/a" || echo "scale=2; $1 - $loop22" | bc; }
    echo "| $k | $(net "$i22") | $(net "$i40") |"
  done
} >"$tmp/counts.md"

"$build/bin/dirty_asm" "$out/asm" >/dev/null
cpus=(sandybridge skylake znver3 skylake-avx512)
{
  echo
  echo "llvm-mca (LLVM 14) cycles per iteration (Total Cycles / 100 iterations) of each body written by"
  echo "\`dirty_asm\` to \`asm/\`: \`jit_*\` are the xbyak kernels' own bytes disassembled, \`compiled_*\` what"
  echo "GCC made of the C++ / inline-asm / intrinsics bodies. \`*_piece\` is one piece of the 22. A body"
  echo "with a branch is a compiler loop: llvm-mca runs it as straight-line code, one loop iteration = one"
  echo "piece. n/a: the CPU model lacks the instruction set (AVX2 on Sandy Bridge, AVX-512 off skylake-avx512)."
  echo
  printf '| body | instructions |'; for c in "${cpus[@]}"; do printf ' %s |' "$c"; done; echo
  printf '|---|---:|'; for c in "${cpus[@]}"; do printf -- '---:|'; done; echo
  for f in "$out"/asm/*.s; do
    body=$(basename "$f" .s)
    ninsn=$(grep -vc '^\.' "$f")
    loop=""; grep -qE '^j[a-z]+ ' "$f" && loop=" (loop body)"
    printf '| %s%s | %s |' "$body" "$loop" "$ninsn"
    for c in "${cpus[@]}"; do
      supported=1
      case "$body" in
        *avx512*|*vptestmq*) [ "$c" = skylake-avx512 ] || supported=0 ;;
        *avx2*) [ "$c" = sandybridge ] && supported=0 ;;
      esac
      if [ $supported = 0 ]; then printf ' n/a |'; continue; fi
      cyc=$(llvm-mca -mcpu="$c" -iterations=100 "$f" 2>/dev/null | awk '/^Total Cycles:/ {print $3}')
      if [ -z "$cyc" ]; then printf ' error |'; else printf ' %s |' "$(echo "scale=2; $cyc / 100" | bc)"; fi
    done
    echo
  done
} >"$tmp/mca.md"

cat "$tmp/counts.md" "$tmp/mca.md" >"$out/dirty_flags_models.md"
echo "wrote $out/dirty_flags_models.md"
