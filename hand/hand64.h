// hand64: one byte per kind, indexed by the piece number (PAWN=1 LANCE=2 KNIGHT=3 SILVER=4
// BISHOP=5 ROOK=6 GOLD=7), byte 0 spare (merom686, shogi686 hands (2016)). A count sits at 8 * pr, so a
// drop or capture with a run-time kind needs no bit-position table (merom686's (shogi686 hands, 2016) point).
#pragma once

#include "hand/hand.h"

namespace sashite {

struct Hand64Fields {
  //                                -  P  L   N   S   B   R   G
  static constexpr int kShift[8] = {0, 8, 16, 24, 32, 40, 48, 56};
};

class Hand64 : public FieldHand<Hand64, uint64_t, Hand64Fields> {
 public:
  static constexpr const char* name = "hand64";
  static constexpr uint64_t kBorrowMask = 0x8080808080808000;  // bit 7 of bytes 1..7
  static constexpr uint64_t kSpareBit = 1;                     // byte 0 (merom686, shogi686 hands (2016): White's mark)

  // Counts never exceed 18 < 128, so bit 7 of every byte is a guard: byte-lane subtraction.
  static constexpr bool byte_lanes(uint64_t a, uint64_t b) { return ((a - b) & kBorrowMask) == 0; }
  constexpr bool superior_or_equal(const Hand64& o) const { return byte_lanes(v_, o.v_); }
};

static_assert(HandLayout<Hand64>);

}  // namespace sashite
