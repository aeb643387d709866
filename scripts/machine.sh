#!/usr/bin/env bash
# The machine a run measured, as bench.sh and match.sh record it. Sourced.
#   sashite_cpu_tag       e.g. amd-epyc-f1am2: the results folder's suffix
#   sashite_machine_line  e.g. "AMD EPYC (family 0x1a, model 0x2), 2 logical CPUs, virtualised,
#                         avx2 avx512f bmi2; Linux 6.18; 2026-11-25 11:20 UTC": machine.txt
sashite_cpu_field() { awk -F: -v key="$1" '$0 ~ "^" key "[ \t]*:" {sub(/^ /, "", $2); print $2; exit}' /proc/cpuinfo; }

# The model too: one family and model name can be two microarchitectures (AMD EPYC family 0x19
# is Zen 3 at model 0x01 and Zen 4 at 0x11; earlier folders carry the family alone).
sashite_cpu_tag() {
  local family model
  family=$(printf '%x' "$(sashite_cpu_field 'cpu family')")
  model=$(printf '%x' "$(sashite_cpu_field model)")
  echo "$(sashite_cpu_field 'model name' | tr 'A-Z' 'a-z' | tr -cs 'a-z0-9' '-' | sed 's/-$//')-f${family}m$model"
}

sashite_machine_line() {
  printf '%s (family 0x%x, model 0x%x), %s logical CPUs' "$(sashite_cpu_field 'model name')" \
    "$(sashite_cpu_field 'cpu family')" "$(sashite_cpu_field model)" "$(nproc)"
  grep -q hypervisor /proc/cpuinfo && printf ', virtualised'
  printf ', %s' "$(grep -o -w -E 'avx512f|avx2|bmi2' /proc/cpuinfo | sort -u | tr '\n' ' ' | sed 's/ $//')"
  printf '; Linux %s; %s' "$(uname -r)" "$(date -u +'%Y-%m-%d %H:%M UTC')"
}
