#!/usr/bin/env bash
# The test command: installs what is missing, builds, runs the default test suite.
# Exhaustive checks carry the ctest label "slow": scripts/test.sh --slow runs them too.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/deps.sh
sashite_install_deps
sashite_build build
args=(-LE slow)
[ "${1:-}" = "--slow" ] && args=()
ctest --test-dir build --output-on-failure -j "$(nproc)" "${args[@]}"
