// hand64: one byte per kind, indexed by the piece number (PAWN=1 LANCE=2 KNIGHT=3 SILVER=4
// BISHOP=5 ROOK=6 GOLD=7), byte 0 spare (seed 000, shogi686). A count is a shift by 8*pr:
// no field table.
#pragma once

#include "hand/hand.h"

namespace sashite {

class Hand64 {
 public:
  using Raw = uint64_t;
  static constexpr const char* name = "hand64";
  static constexpr uint64_t kBorrowMask = 0x8080808080808000;  // bit 7 of bytes 1..7
  static constexpr uint64_t kSpareBit = 1;                      // byte 0 (seed 000: White's mark)

  constexpr int count(PieceType pr) const { return int((v_ >> (8 * pr)) & 0xff); }
  constexpr bool has(PieceType pr) const { return (v_ & (uint64_t(0xff) << (8 * pr))) != 0; }
  constexpr bool empty() const { return v_ == 0; }
  constexpr uint64_t raw() const { return v_; }
  static constexpr Hand64 from_raw(uint64_t r) {
    Hand64 h;
    h.v_ = r;
    return h;
  }
  constexpr void add(PieceType pr) { v_ += uint64_t(1) << (8 * pr); }
  constexpr void sub(PieceType pr) { v_ -= uint64_t(1) << (8 * pr); }
  constexpr void set(PieceType pr, int n) { v_ = (v_ & ~(uint64_t(0xff) << (8 * pr))) | uint64_t(n) << (8 * pr); }

  // Counts never exceed 18 < 128, so bit 7 of every byte is a guard: byte-lane subtraction.
  static constexpr bool byte_lanes(uint64_t a, uint64_t b) { return ((a - b) & kBorrowMask) == 0; }
  constexpr bool superior_or_equal(const Hand64& o) const { return byte_lanes(v_, o.v_); }
  constexpr bool operator==(const Hand64&) const = default;

 private:
  uint64_t v_ = 0;
};

static_assert(HandLayout<Hand64>);

}  // namespace sashite
