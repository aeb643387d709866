// Slider method `library`: the method the library was built on (engine/bitboard_base.h holds
// its tables). Lance and the rook's file part: a file is 9 contiguous bits of one word
// (base/types.h), so its 7 inner squares are one shift and mask away (no PEXT needed); a 9x128
// table indexed by rank and that occupancy gives the 9-bit pattern, shifted back to the file.
// Kept over a sentinel bit scan (bit_scan.h: one lzcnt/tzcnt per direction, no table): per
// call the two trade the lead from run to run, in perft the table was faster (FINDINGS.md
// F-slider-attacks). The rook's rank part and the bishop: PEXT tables.
#pragma once

#include <immintrin.h>

#include "engine/sliders/method.h"

namespace sashite {

namespace detail {
struct FileWord {
  int w;      // which word holds the file
  int start;  // bit of rank a of that file in that word
  explicit FileWord(Square s) : w(s >= 63), start(int(s) - 63 * w - int(rank_of(s))) {}
  unsigned inner(const Bitboard& occ) const { return unsigned((occ.p[w] >> (start + 1)) & 127); }
  // A one-word result placed without an indexed store (which would go through memory).
  Bitboard place(uint64_t pattern) const {
    const uint64_t r = pattern << start;
    return {w ? 0 : r, w ? r : 0};
  }
};
}  // namespace detail

struct LibrarySliders {
  static constexpr const char* name = "library";
  static constexpr unsigned own = kSliderAll;

  template <Color C>
  static Bitboard lance(Square s, const Bitboard& occ) {
    const detail::FileWord f(s);
    return f.place(kTables.file_attacks[C][rank_of(s)][f.inner(occ)]);
  }

  static Bitboard rook_file(Square s, const Bitboard& occ) {
    const detail::FileWord f(s);
    return f.place(kTables.file_attacks[2][rank_of(s)][f.inner(occ)]);
  }

  // Shift the rank down to rank 1, gather the 7 inner files with PEXT (files 2-7 in word 0,
  // file 8 in word 1), look up the rank-1 pattern and shift it back.
  static Bitboard rook_rank(Square s, const Bitboard& occ) {
    const int r = rank_of(s);
    const uint64_t inner0 = 0x0040201008040200ULL;  // files 2..7 of rank 1 (bits 9,18,...,54)
    const unsigned idx = unsigned(_pext_u64(occ.p[0] >> r, inner0)) | unsigned((occ.p[1] >> r) & 1) << 6;
    const Bitboard& a = kTables.rank_attacks[file_of(s)][idx];
    return {a.p[0] << r, a.p[1] << r};
  }

  static Bitboard rook(Square s, const Bitboard& occ) { return rook_file(s, occ) | rook_rank(s, occ); }

  static Bitboard bishop(Square s, const Bitboard& occ) {
    const AttackTables::PextIndex& e = kTables.bishop_index[s];
    const uint64_t idx = _pext_u64(occ.p[0], e.mask0) | _pext_u64(occ.p[1], e.mask1) << e.shift1;
    return kTables.bishop[e.offset + idx];
  }
};

}  // namespace sashite
