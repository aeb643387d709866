// padded32: every count field is followed by a guard bit, so one subtraction of two hands
// leaves a guard bit set exactly where a field borrowed (the layout Apery uses; README Sources).
//   pawn 0-4 | 5 | lance 6-8 | 9 | knight 10-12 | 13 | silver 14-16 | 17 | gold 18-20 | 21
//   bishop 22-23 | 24 | rook 25-26 | 27 | spare 28-31
#pragma once

#include "hand/hand.h"

namespace sashite {

struct Padded32Fields {
  //                                         -  P  L  N   S   B   R   G
  static constexpr int kShift[8] = {0, 0, 6, 10, 14, 22, 25, 18};
};

class HandPadded32 : public FieldHand<HandPadded32, uint32_t, Padded32Fields> {
 public:
  static constexpr const char* name = "padded32";
  static constexpr uint32_t kBorrowMask = 0x09222220;  // the guard bits
  static constexpr uint32_t kSpareBit = 1u << 28;      // free for a side-to-move mark

  // The lowest field that borrows sets its own guard bit (a borrow that ripples on only sets
  // more guards), so any guard set <=> some field is smaller.
  static constexpr bool guard_borrow(uint32_t a, uint32_t b) { return ((a - b) & kBorrowMask) == 0; }
  constexpr bool superior_or_equal(const HandPadded32& o) const { return guard_borrow(v_, o.v_); }
};

static_assert(HandLayout<HandPadded32>);

}  // namespace sashite
