// The hand interface: every layout (one file each in this folder) models HandLayout, and
// Position<H> and the generators use nothing else, so a layout plugs in without touching them.
//
// Folder hand/ (layer 1, README "Architecture"): hand layouts, superiority methods and key
// schemes; includes base/ only.
#pragma once

#include <array>
#include <bit>
#include <concepts>
#include <cstdint>

#include "base/types.h"

namespace sashite {

// Real-set maxima of one kind in one hand (README Conventions).
constexpr int max_in_hand(PieceType pr) { return pr == PAWN ? 18 : (pr == BISHOP || pr == ROOK) ? 2 : 4; }

// The narrowest field that holds every count: pawn 5 bits, bishop and rook 2, the others 3.
// A table, so that a run-time kind costs one load.
inline constexpr std::array<uint32_t, RAW_END> kCountMask = [] {
  std::array<uint32_t, RAW_END> m{};
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) m[pr] = std::bit_ceil(unsigned(max_in_hand(pr)) + 1) - 1;
  return m;
}();

template <class H>
concept HandLayout = std::regular<H> && requires(H h, const H ch, PieceType pr, int n, typename H::Raw r) {
  { H::name } -> std::convertible_to<const char*>;
  { ch.count(pr) } -> std::same_as<int>;
  { ch.has(pr) } -> std::same_as<bool>;
  { ch.empty() } -> std::same_as<bool>;
  { ch.raw() } -> std::same_as<typename H::Raw>;
  { H::from_raw(r) } -> std::convertible_to<H>;
  { ch.superior_or_equal(ch) } -> std::same_as<bool>;  // every count >= the other's
  h.add(pr);
  h.sub(pr);
  h.set(pr, n);
} && std::unsigned_integral<typename H::Raw>;

// Per-field superiority: the definition every bit trick is tested against.
template <class H>
constexpr bool superior_or_equal_by_field(const H& a, const H& b) {
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
    if (a.count(pr) < b.count(pr)) return false;
  return true;
}

// Shared storage of every layout: `Fields::kShift[pr]` (indexed by PieceType, entry 0 unused)
// places each count field, kCountMask[pr] gives its width.
template <class Derived, class RawT, class Fields>
class FieldHand {
 public:
  using Raw = RawT;
  constexpr int count(PieceType pr) const { return int((v_ >> Fields::kShift[pr]) & kCountMask[pr]); }
  constexpr bool has(PieceType pr) const { return (v_ & (Raw(kCountMask[pr]) << Fields::kShift[pr])) != 0; }
  constexpr bool empty() const { return v_ == 0; }
  constexpr Raw raw() const { return v_; }
  static constexpr Derived from_raw(Raw r) {
    Derived h;
    h.v_ = r;
    return h;
  }
  constexpr void add(PieceType pr) { v_ += Raw(1) << Fields::kShift[pr]; }
  constexpr void sub(PieceType pr) { v_ -= Raw(1) << Fields::kShift[pr]; }
  constexpr void set(PieceType pr, int n) {
    v_ = (v_ & ~(Raw(kCountMask[pr]) << Fields::kShift[pr])) | Raw(n) << Fields::kShift[pr];
  }
  constexpr bool operator==(const FieldHand&) const = default;

 protected:
  Raw v_ = 0;
};

}  // namespace sashite
