#!/usr/bin/env bash
# The test command: installs what is missing, checks the source (layers, formatting, commit
# subjects), builds, runs the default test suite.
# Exhaustive checks carry the ctest label "slow": scripts/test.sh --slow runs them too, then
# builds again with clang++, ASan + UBSan and the libFuzzer targets (build-san: one build proves
# that clang compiles the project (all but tests/slow/, which it would never run), runs the
# default suite under the sanitizers, and fuzzes),
# and runs each fuzz target for 60 s on a copy of its seed corpus; both builds of --slow treat
# warnings as errors (SASHITE_WERROR). Any failure fails the script; each stage's duration is
# printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
sashite_install_deps

timings=()
print_timings() {
  [ ${#timings[@]} -eq 0 ] && return
  echo "Stage durations:"
  printf '  %s\n' "${timings[@]}"
}
trap print_timings EXIT
# stage <name> <command...>: runs the command and records how long it took.
stage() {
  local name=$1 t0=$SECONDS
  shift
  "$@"
  timings+=("$(printf '%-28s %5d s' "$name" $((SECONDS - t0)))")
}

# The source checks need no build, so they come first and a failure fails in seconds (ctest
# runs them too): the layers (layers.txt), the formatting (.clang-format), the commit subjects.
stage "check layers" python3 scripts/check_layers.py
stage "check format" scripts/check_format.sh
stage "check commits" python3 scripts/check_commits.py

# CI runs --slow: there a warning fails the build, with g++ and with clang++ (explicitly off
# otherwise, as the build directory's cache would keep it).
werror=(-DSASHITE_WERROR=OFF)
[ "${1:-}" = "--slow" ] && werror=(-DSASHITE_WERROR=ON)
stage "build" sashite_build build "${werror[@]}"
if [ "${1:-}" != "--slow" ]; then
  stage "ctest (default)" ctest --test-dir build --output-on-failure -j "$(nproc)" -LE slow
  exit 0
fi
stage "ctest (all labels)" ctest --test-dir build --output-on-failure -j "$(nproc)"

stage "build-san (clang, sanitizers)" sashite_build build-san -DCMAKE_CXX_COMPILER=clang++ "${werror[@]}" \
  -DSASHITE_SANITIZE=address,undefined -DSASHITE_FUZZ=ON -DSASHITE_BUILD_BENCH=OFF -DSASHITE_SLOW_TESTS=OFF
stage "build-san ctest (default)" ctest --test-dir build-san --output-on-failure -j "$(nproc)" -LE slow

# Each fuzzer on a scratch copy of its corpus: what it finds stays out of the repository; a
# crash leaves its input in build-san/fuzz-artifacts/ and fails the script.
fuzz() {
  local name=$1 work=build-san/fuzz-work/$1 status=0
  rm -rf "$work" && mkdir -p "$work" build-san/fuzz-artifacts
  cp tests/fuzz/corpus/"$name"/* "$work"/
  build-san/bin/"$name"_fuzz -max_total_time=60 -timeout=30 -print_final_stats=1 \
    -artifact_prefix=build-san/fuzz-artifacts/"$name"- "$work" >"$work.log" 2>&1 || status=$?
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added)' "$work.log" || true
  [ "$status" -eq 0 ] || tail -n 40 "$work.log"
  return "$status"
}
for name in sfen moves usi; do
  stage "fuzz $name (60 s)" fuzz "$name"
done
