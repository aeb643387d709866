// Random occupancies of varying density (sparse, dense and in between), on the board's 81
// squares only: the inputs of the attack tests (bitboard_test, sliders_test).
#pragma once

#include <cstdint>

#include "engine/bitboard.h"
#include "movegen_full/random_walk.h"

namespace sashite {

inline Bitboard random_occupancy(Rng& rng) {
  uint64_t lo = rng.next(), hi = rng.next();
  switch (rng.below(4)) {
    case 0: lo &= rng.next() & rng.next(), hi &= rng.next() & rng.next(); break;
    case 1: lo |= rng.next(), hi |= rng.next(); break;
    case 2: lo &= rng.next(), hi &= rng.next(); break;
    default: break;
  }
  return Bitboard(lo & 0x7fffffffffffffffULL, hi & 0x3ffffULL);
}

}  // namespace sashite
