// bonanza21: Bonanza's 21 contiguous bits, no guard bits (it must fit the 21 bits the
// transposition-table entry leaves for it; LS3600, Bonanza hand (2009)).
//   pawn 0-4 | lance 5-7 | knight 8-10 | silver 11-13 | gold 14-16 | bishop 17-18 | rook 19-20
#pragma once

#include "hand/hand.h"

namespace sashite {

struct Bonanza21Fields {
  //                                         -  P  L  N   S   B   R   G
  static constexpr int kShift[8] = {0, 0, 5, 8, 11, 17, 19, 14};
};

class HandBonanza21 : public FieldHand<HandBonanza21, uint32_t, Bonanza21Fields> {
 public:
  static constexpr const char* name = "bonanza21";
  static constexpr uint32_t kSpareBit = 1u << 21;

  // Alternate fields act as each other's guard bits (LS3600, Bonanza hand (2009)): subtract every other field
  // with the rest masked out, then look at the bit above each kept field.
  //   post's group A: knight, gold, rook   mask 0x19c700  borrow bits 0x220800 (11, 17, 21)
  //   post's group B: silver, bishop       mask 0x063800  borrow bits 0x084000 (14, 19)
  // The post leaves pawn and lance out (Bonanza compares them later, see aggressive.h). They
  // complete the two groups: pawn (0-4) joins A with lance's low bit 5 as its guard, lance
  // (5-7) joins B with knight's low bit 8 as its guard. A borrow that ripples past a guard
  // into the masked-out field above only sets more bits of the same result.
  static constexpr uint32_t kSeedMaskA = 0x19c700, kSeedBorrowA = 0x220800;
  static constexpr uint32_t kSeedMaskB = 0x063800, kSeedBorrowB = 0x084000;
  static constexpr uint32_t kMaskA = kSeedMaskA | 0x1f, kBorrowA = kSeedBorrowA | 1u << 5;
  static constexpr uint32_t kMaskB = kSeedMaskB | 0xe0, kBorrowB = kSeedBorrowB | 1u << 8;

  static constexpr bool alternating(uint32_t a, uint32_t b) {
    const uint32_t ua = ((a & kMaskA) - (b & kMaskA)) & kBorrowA;
    const uint32_t ub = ((a & kMaskB) - (b & kMaskB)) & kBorrowB;
    return (ua | ub) == 0;
  }
  // The post's exact expression: knight, silver, gold, bishop, rook only.
  static constexpr bool alternating_seed(uint32_t a, uint32_t b) {
    return ((((a & kSeedMaskA) - (b & kSeedMaskA)) & kSeedBorrowA) |
            (((a & kSeedMaskB) - (b & kSeedMaskB)) & kSeedBorrowB)) == 0;
  }
  constexpr bool superior_or_equal(const HandBonanza21& o) const { return alternating(v_, o.v_); }
};

static_assert(HandLayout<HandBonanza21>);

}  // namespace sashite
