#!/usr/bin/env bash
# Installs the Debian packages sashite needs, when any is missing. Sourced by test.sh and bench.sh.
SASHITE_PACKAGES=(cmake g++ make libbenchmark-dev libbenchmark-tools libgtest-dev libxbyak-dev
                  fairy-stockfish valgrind llvm binutils bc gnuplot-nox python3 python3-scipy
                  clang libclang-rt-14-dev clang-format gpsshogi parallel)
# gpsshogi: gpsusi, the games and go mate tests play against it; clang: test.sh --slow's
# sanitizer/libFuzzer build, bench.sh's g++ vs clang++ rounds; clang-format: test.sh's format
# check (scripts/check_format.sh, the root .clang-format); parallel: GNU parallel, which the
# match runner's shard test drives (tests/match_shards.sh) as a multi-host run would.

sashite_install_deps() {
  local missing=()
  for p in "${SASHITE_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ]; then
    echo "Installing missing packages: ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null || return 1
  else
    echo "Missing packages. Run:"
    echo "  sudo apt-get install -y ${missing[*]}"
    return 1
  fi
}

# Configures and builds into $1 (default: build) with the remaining arguments passed to cmake;
# only the targets in $SASHITE_TARGETS when it is set (bench.sh skips the test binaries).
sashite_build() {
  local dir=${1:-build}; shift || true
  local targets=()
  [ -n "${SASHITE_TARGETS:-}" ] && targets=(--target $SASHITE_TARGETS)
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null &&
    cmake --build "$dir" -j "$(nproc)" "${targets[@]}"
}
