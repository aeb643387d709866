// Constant-evaluated helpers the slider methods build their tables from (bit_scan.cpp,
// magic.cpp, qugiy.cpp): rays from a square, and the byte reversal of a bitboard.
#pragma once

#include "engine/bitboard_base.h"

namespace sashite::slider_tables {

constexpr Bitboard with(Bitboard b, Square s) {
  if (s < 63)
    b.p[0] |= 1ULL << s;
  else
    b.p[1] |= 1ULL << (s - 63);
  return b;
}

// From s (excluded) in direction (df, dr) up to the edge or the first square of occ (included);
// dr < 0 is towards rank a.
constexpr Bitboard ray(Square s, int df, int dr, const Bitboard& occ = Bitboard()) {
  Bitboard a;
  for (int f = file_of(s) + df, r = rank_of(s) + dr; unsigned(f) < 9 && unsigned(r) < 9; f += df, r += dr) {
    const Square t = make_square(File(f), Rank(r));
    a = with(a, t);
    if (occ.test(t)) break;
  }
  return a;
}

// The bitboard as one 128-bit value (p[1]:p[0]) with its 16 bytes in reverse order: what
// _mm_shuffle_epi8 with indices 15..0 gives. A bit keeps its place inside its byte, so the
// order of two squares reverses exactly when they lie in different bytes.
constexpr Bitboard byte_reversed(const Bitboard& b) { return {__builtin_bswap64(b.p[1]), __builtin_bswap64(b.p[0])}; }

constexpr Square msb(const Bitboard& b) {
  return b.p[1] ? Square(126 - __builtin_clzll(b.p[1])) : Square(63 - __builtin_clzll(b.p[0]));
}

}  // namespace sashite::slider_tables
