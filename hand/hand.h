// The hand interface: every layout (one file each in this folder) models HandLayout, and
// Position<H> and the generators use nothing else, so a layout plugs in without touching them.
#pragma once

#include <concepts>
#include <cstdint>

#include "engine/types.h"

namespace sashite {

// Real-set maxima of one kind in one hand (SPEC.md §3).
constexpr int max_in_hand(PieceType pr) {
  return pr == PAWN ? 18 : (pr == BISHOP || pr == ROOK) ? 2 : 4;
}

template <class H>
concept HandLayout = std::regular<H> && requires(H h, const H ch, PieceType pr, int n) {
  { H::name } -> std::convertible_to<const char*>;
  { ch.count(pr) } -> std::same_as<int>;
  { ch.has(pr) } -> std::same_as<bool>;
  { ch.empty() } -> std::same_as<bool>;
  { ch.raw() } -> std::unsigned_integral;
  { ch.superior_or_equal(ch) } -> std::same_as<bool>;  // every count >= the other's
  h.add(pr);
  h.sub(pr);
  h.set(pr, n);
};

// Per-field superiority: the definition every bit trick is tested against.
template <HandLayout H>
constexpr bool superior_or_equal_by_field(const H& a, const H& b) {
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
    if (a.count(pr) < b.count(pr)) return false;
  return true;
}

}  // namespace sashite
