// Slider method `bit_scan`: the nearest blocker of each direction by one bit scan.
//   lance and rook file: a file is 9 contiguous bits of one word, so the nearest blocker
//     towards rank a is the highest occupied bit below the piece, towards rank i the lowest
//     above it; a sentinel bit on the file's end square keeps each scan inside the file and
//     never empty. No table. Per call about as fast as the `library` table (the lead changes
//     between runs and CPUs); in perft the table won (FINDINGS.md F-slider-attacks).
//   rook rank: `library`'s PEXT table (borrowed, as bench rows have always measured it).
//   bishop: per diagonal, the ray from the square minus the ray beyond its nearest blocker
//     (lsb for the two diagonals towards file 9, whose squares rise, msb for the other two).
#pragma once

#include "engine/sliders/library.h"

namespace sashite {

struct BitScanTables {
  // ray[d][s]: from s (excluded) to the edge along kDiagonals[d] of bit_scan.cpp: (file, rank)
  // steps (+1, +1), (+1, -1), (-1, +1), (-1, -1).
  alignas(64) Bitboard ray[4][SQ_NB];
};
extern const BitScanTables kBitScanTables;

struct BitScanSliders {
  static constexpr const char* name = "bit_scan";
  static constexpr unsigned own = kSliderAll;

  static uint64_t towards_a(uint64_t occ, int b, int start) {
    const uint64_t m = (occ & ((1ULL << b) - 1)) | (1ULL << start);
    return (1ULL << b) - (1ULL << (63 - __builtin_clzll(m)));
  }
  static uint64_t towards_i(uint64_t occ, int b, int start) {
    const uint64_t m = (occ & ~((2ULL << b) - 1)) | (1ULL << (start + 8));
    return (2ULL << __builtin_ctzll(m)) - (2ULL << b);
  }
  template <bool A, bool I>
  static Bitboard file(Square s, const Bitboard& occ) {
    const int w = s >= 63, b = int(s) - 63 * w, start = b - int(rank_of(s));
    const uint64_t o = w ? occ.p[1] : occ.p[0];
    const uint64_t r = (A ? towards_a(o, b, start) : 0) | (I ? towards_i(o, b, start) : 0);
    return {w ? 0 : r, w ? r : 0};
  }

  template <Color C>
  static Bitboard lance(Square s, const Bitboard& occ) {
    return file<C == BLACK, C == WHITE>(s, occ);
  }
  static Bitboard rook_file(Square s, const Bitboard& occ) { return file<true, true>(s, occ); }
  static Bitboard rook_rank(Square s, const Bitboard& occ) { return LibrarySliders::rook_rank(s, occ); }
  static Bitboard rook(Square s, const Bitboard& occ) { return rook_file(s, occ) | rook_rank(s, occ); }

  template <int D>
  static Bitboard diagonal(Square s, const Bitboard& occ) {
    const Bitboard& ray = kBitScanTables.ray[D][s];
    const Bitboard blockers = ray & occ;
    if (!blockers) return ray;
    const Square nearest =
        D < 2           ? Square(blockers.p[0] ? __builtin_ctzll(blockers.p[0]) : 63 + __builtin_ctzll(blockers.p[1]))
        : blockers.p[1] ? Square(126 - __builtin_clzll(blockers.p[1]))
                        : Square(63 - __builtin_clzll(blockers.p[0]));
    return ray ^ kBitScanTables.ray[D][nearest];
  }
  static Bitboard bishop(Square s, const Bitboard& occ) {
    return diagonal<0>(s, occ) | diagonal<1>(s, occ) | diagonal<2>(s, occ) | diagonal<3>(s, occ);
  }
};

}  // namespace sashite
