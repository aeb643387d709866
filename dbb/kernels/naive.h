// Baseline: every piece's full core bitboard against the two-square board, with a branch.
// Also the oracle of the tests: it reads the same attacks_bb sets as everything else but no
// DBB, no window and no pawn table.
#pragma once

#include "dbb/dirty_kernel.h"

namespace sashite::dbb {

struct NaiveKernel : AnyCpu {
  static constexpr const char* kName = "naive";
  static uint64_t dirty_first(int n, const PieceAttacks& pa, Square from, Square to) {
    const Bitboard m = square_bb(from) | square_bb(to);
    uint64_t d = 0;
    for (int i = 0; i < n; ++i)
      if (pa.core[i] & m) d |= 1ULL << i;
    return d;
  }
  static uint64_t dirty22(const PieceAttacks& pa, Square from, Square to) {
    return dirty_first(kWordPieces, pa, from, to);
  }
  static uint64_t dirty40(const PieceAttacks& pa, Square from, Square to) { return dirty_first(kPieces, pa, from, to); }
};

}  // namespace sashite::dbb
