#!/usr/bin/env bash
# mk.sh BUILD OUT: builds the default hand layout's generator unit and the engine library in
# BUILD (a configured build of the repository, the current directory), then links harness.cpp
# against their object files as OUT. Check out each step, run mk.sh, then ab.sh the binaries.
set -euo pipefail
build=$1 out=$2 here=$(dirname "$0")
cmake --build "$build" -j2 --target sashite_movegen_full_layout0 sashite_engine >/dev/null
g++ -std=c++20 -O3 -march=native -fno-tree-slp-vectorize -I. "$here/harness.cpp" \
  "$build"/movegen_full/CMakeFiles/sashite_movegen_full_layout0.dir/*.o "$build/engine/libsashite_engine.a" \
  $(find "$build/hand" "$build/base" -name '*.a') -o "$out"
