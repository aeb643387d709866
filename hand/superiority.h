// Superiority methods: "does hand a hold at least as many of every kind as hand b?", one
// type per (layout, method). Each is tested against superior_or_equal_by_field on every pair
// of a reduced exhaustive domain and on random pairs (tests/hand_superiority_test.cpp) and
// timed by bench/hand_bench.cpp.
#pragma once

#include <concepts>

#include "base/bmi2.h"
#include "hand/layouts.h"

namespace sashite::superiority {

// The reference row of every layout, and the benchmark's baseline: seven field extractions
// and compares, the definition itself. The tests check it, like every method, against the
// counts the hands were built from (tests/hand_domain.h), not against itself.
// A method answers for one layout: name, and test(a, b) == "a holds at least b of every kind".
template <class M>
concept SuperiorityMethod = HandLayout<typename M::Layout> && requires(const typename M::Layout& a) {
  { M::name } -> std::convertible_to<const char*>;
  { M::test(a, a) } -> std::same_as<bool>;
};

template <HandLayout H>
struct ByField {
  using Layout = H;
  static constexpr const char* name = "by_field";
  static bool test(const H& a, const H& b) { return superior_or_equal_by_field(a, b); }
};

struct Bonanza21Alternating {  // two masked subtractions, alternate fields as guards (LS3600, Bonanza hand (2009))
  using Layout = HandBonanza21;
  static constexpr const char* name = "alternating";
  static bool test(const Layout& a, const Layout& b) { return Layout::alternating(a.raw(), b.raw()); }
};

// Bonanza's field order is padded32's: PDEP deposits the 21 bits into padded32's fields
// (0x06dddddf = every padded32 bit but the guards), then one guarded subtraction. PDEP is a
// 3-cycle instruction on this Zen 5 (README Measurement conditions), microcoded on Zen 1/2.
struct Bonanza21Pdep {
  using Layout = HandBonanza21;
  static constexpr const char* name = "pdep";
  static constexpr uint32_t kDeposit = 0x06dddddf;
  static bool test(const Layout& a, const Layout& b) {
    return HandPadded32::guard_borrow(_pdep_u32(a.raw(), kDeposit), _pdep_u32(b.raw(), kDeposit));
  }
};

struct Padded24ShiftSubtract {  // LS3600's (Bonanza hand, 2009) shift, completed with pawn and lance
  using Layout = HandPadded24;
  static constexpr const char* name = "shift_subtract";
  static bool test(const Layout& a, const Layout& b) { return Layout::shift_subtract(a.raw(), b.raw()); }
};

struct Padded32Borrow {  // one subtraction, one mask
  using Layout = HandPadded32;
  static constexpr const char* name = "borrow";
  static bool test(const Layout& a, const Layout& b) { return Layout::guard_borrow(a.raw(), b.raw()); }
};

struct Hand64ByteLanes {  // one 64-bit subtraction, bit 7 of each byte as guard
  using Layout = Hand64;
  static constexpr const char* name = "byte_lanes";
  static bool test(const Layout& a, const Layout& b) { return Layout::byte_lanes(a.raw(), b.raw()); }
};

// The layout-specific methods; every registered layout has its ByField row besides.
#define SASHITE_FOR_EACH_SUPERIORITY_METHOD(X) \
  X(Bonanza21Alternating)                      \
  X(Bonanza21Pdep)                             \
  X(Padded24ShiftSubtract)                     \
  X(Padded32Borrow)                            \
  X(Hand64ByteLanes)
using FastMethods = SASHITE_TYPE_LIST(SASHITE_FOR_EACH_SUPERIORITY_METHOD);
static_assert(all_types<FastMethods>([]<class M> { return SuperiorityMethod<M>; }));

// Every method, per-field baselines first (bench registers them first: they are the baseline),
// one per registered layout under the xor scheme (the key scheme does not change the hand).
template <class F>
void for_each_method(F&& f) {
  for_each_hand_layout([&]<class H>() {
    if constexpr (kPlainLayout<H>) f(ByField<H>{});
  });
  for_each_type<FastMethods>([&]<class M>() { f(M{}); });
}

}  // namespace sashite::superiority
