// padded24: LS3600's (Bonanza hand, 2009) 24-bit layout, Bonanza's order with a pad bit after knight, silver
// and gold.
//   pawn 0-4 | lance 5-7 | knight 8-10 | 11 | silver 12-14 | 15 | gold 16-18 | 19
//   bishop 20-21 | rook 22-23
#pragma once

#include "hand/hand.h"

namespace sashite {

struct Padded24Fields {
  //                                         -  P  L  N   S   B   R   G
  static constexpr int kShift[8] = {0, 0, 5, 8, 12, 20, 22, 16};
};

class HandPadded24 : public FieldHand<HandPadded24, uint32_t, Padded24Fields> {
 public:
  static constexpr const char* name = "padded24";
  static constexpr uint32_t kSpareBit = 1u << 24;

  // LS3600, Bonanza hand (2009): drop pawn and lance, move rook up one bit so bishop gets a guard, subtract once;
  // guards at 11, 15, 19 (pads), 22 (freed by the shift), 25 (above the moved rook).
  static constexpr uint32_t kSeedBorrow = 0x2488800;
  static constexpr uint32_t seed_spread(uint32_t u) { return (u & 0x3fff00) | ((u & 0xc00000) << 1); }
  static constexpr bool shift_subtract_seed(uint32_t a, uint32_t b) {
    return ((seed_spread(a) - seed_spread(b)) & kSeedBorrow) == 0;
  }
  // Completed: pawn stays at 0-4 with the vacated lance bit 5 as its guard, lance moves to
  // 26-28 with guard 29. Still one subtraction for all seven fields.
  static constexpr uint32_t kBorrow = kSeedBorrow | 1u << 5 | 1u << 29;
  static constexpr uint32_t spread(uint32_t u) { return (u & 0x3fff1f) | ((u & 0xc00000) << 1) | ((u & 0xe0) << 21); }
  static constexpr bool shift_subtract(uint32_t a, uint32_t b) { return ((spread(a) - spread(b)) & kBorrow) == 0; }
  constexpr bool superior_or_equal(const HandPadded24& o) const { return shift_subtract(v_, o.v_); }
};

static_assert(HandLayout<HandPadded24>);

}  // namespace sashite
