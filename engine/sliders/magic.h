// Slider method `magic`: the bishop by magic multiplication, the pre-BMI2 method (Apery's). A
// bishop's relevant squares lie on files 2-8 (an edge square ends its ray and is left out), so
// word 0's part (files 2-7, bits 9-62) and word 1's (file 8, bits 0-8) never share a bit and OR
// into one 64-bit key; key times the square's magic number, its top bits index the square's
// part of the table (2^bits entries, the same 20224 as the PEXT table). Lance and rook are
// `library`'s. The magics (magic.cpp) were found once by a seeded search of sparse random
// candidates; the constant-evaluated build rejects one that maps two occupancies with
// different attack sets to one entry, so a wrong magic does not compile.
#pragma once

#include "engine/sliders/library.h"

namespace sashite {

struct MagicTables {
  struct Entry {
    uint64_t mask0, mask1, magic;
    uint32_t shift, offset;
  };
  static constexpr int kEntries = 20224;
  alignas(64) Entry entry[SQ_NB];
  alignas(64) Bitboard attacks[kEntries];
};
extern const MagicTables kMagicTables;

struct MagicSliders : LanceAndRookOf<LibrarySliders> {
  static constexpr const char* name = "magic";
  static constexpr unsigned own = kSliderBishop;

  static Bitboard bishop(Square s, const Bitboard& occ) {
    const MagicTables::Entry& e = kMagicTables.entry[s];
    const uint64_t key = (occ.p[0] & e.mask0) | (occ.p[1] & e.mask1);
    return kMagicTables.attacks[e.offset + ((key * e.magic) >> e.shift)];
  }
};

}  // namespace sashite
