// padded32: every count field is followed by a guard bit, so one subtraction of two hands
// leaves a guard bit set exactly where a field borrowed (the layout Apery uses; SPEC.md §2).
//   pawn 0-4 | 5 | lance 6-8 | 9 | knight 10-12 | 13 | silver 14-16 | 17 | gold 18-20 | 21
//   bishop 22-23 | 24 | rook 25-26 | 27
#pragma once

#include "hand/hand.h"

namespace sashite {

class HandPadded32 {
 public:
  static constexpr const char* name = "padded32";
  static constexpr uint32_t kBorrowMask = 0x09222220;

  constexpr int count(PieceType pr) const { return int((v_ >> kShift[pr]) & kMask[pr]); }
  constexpr bool has(PieceType pr) const { return (v_ & (kMask[pr] << kShift[pr])) != 0; }
  constexpr bool empty() const { return v_ == 0; }
  constexpr uint32_t raw() const { return v_; }
  constexpr void add(PieceType pr) { v_ += 1u << kShift[pr]; }
  constexpr void sub(PieceType pr) { v_ -= 1u << kShift[pr]; }
  constexpr void set(PieceType pr, int n) {
    v_ = (v_ & ~(kMask[pr] << kShift[pr])) | uint32_t(n) << kShift[pr];
  }
  // Guard bits absorb the borrows: a field smaller than the other's leaves its guard set.
  constexpr bool superior_or_equal(const HandPadded32& o) const { return ((v_ - o.v_) & kBorrowMask) == 0; }
  constexpr bool operator==(const HandPadded32&) const = default;

 private:
  //                                         -  P  L  N   S   B   R   G
  static constexpr int kShift[8] = {0, 0, 6, 10, 14, 22, 25, 18};
  static constexpr uint32_t kMask[8] = {0, 31, 7, 7, 7, 3, 3, 7};
  uint32_t v_ = 0;
};

static_assert(HandLayout<HandPadded32>);

}  // namespace sashite
