#!/usr/bin/env bash
# pgo_build.sh BUILD OUT [EXTRA_CXX_FLAGS [EXTRA_LINK_FLAGS]]: builds the engine with GCC's
# profile-guided optimisation in BUILD (a fresh build directory; the profile's file names follow
# the object paths, so both passes use the same one) and copies it to OUT. The training run
# stays off the measured positions: perft of the two middle-game positions and the drop
# position of ../shared/SPEC.md section 4, then `bench` (search). Run from the repository root.
set -euo pipefail
build=$1 out=$2 extra=${3:-} link=${4:-}
prof=$(realpath -m "$build")/prof  # -fprofile-*= needs an absolute path
rm -rf "$prof"
configure() { cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DSASHITE_BUILD_TESTS=OFF \
  -DSASHITE_BUILD_BENCH=OFF "-DCMAKE_CXX_FLAGS=$extra $1" "-DCMAKE_EXE_LINKER_FLAGS=$link" >/dev/null; }
configure "-fprofile-generate=$prof -fprofile-update=single"
cmake --build "$build" -j2 --target sashite >/dev/null
bin=$build/bin/sashite
$bin "position sfen l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b SBG3ps 91" "go perft 4"
$bin "position sfen 8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124" "go perft 4"
$bin "position sfen 9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1" "go perft 3"
printf 'bench\nquit\n' | $bin >/dev/null
# Partial training keeps the functions the run never entered optimised for speed, not size.
configure "-fprofile-use=$prof -fprofile-partial-training -Wno-missing-profile"
cmake --build "$build" -j2 --target sashite >/dev/null
cp "$bin" "$out"
