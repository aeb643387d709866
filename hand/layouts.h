// Registration point of the hand layouts: a new layout is one header plus one line here.
// Position<H> and the generators are explicitly instantiated for every entry; the
// AdditiveKey<> entries are the same layouts under the additive hashing scheme.
#pragma once

#include <tuple>

#include "hand/bonanza21.h"
#include "hand/hand64.h"
#include "hand/key_scheme.h"
#include "hand/padded24.h"
#include "hand/padded32.h"

#define SASHITE_FOR_EACH_HAND_LAYOUT(X) \
  X(HandPadded32)                       \
  X(HandBonanza21)                      \
  X(HandPadded24)                       \
  X(Hand64)                             \
  X(AdditiveKey<Hand64>)                \
  X(AdditiveKey<HandPadded32>)

namespace sashite {
namespace detail {
template <class Tuple> struct DropFirst;
template <class First, class... Rest> struct DropFirst<std::tuple<First, Rest...>> { using type = std::tuple<Rest...>; };
}  // namespace detail
// Every registered hand type, as a type list. Readers go through for_each_hand_layout (or, for
// typed tests, the list tests/hand_types.h makes of this one), so that a new registry line
// reaches every test and benchmark; the X-macro itself is for explicit instantiations.
#define SASHITE_HAND_TYPE_AFTER_COMMA(H) , H
using RegisteredHands = detail::DropFirst<std::tuple<void SASHITE_FOR_EACH_HAND_LAYOUT(SASHITE_HAND_TYPE_AFTER_COMMA)>>::type;
inline constexpr int kHandLayoutCount = int(std::tuple_size_v<RegisteredHands>);

namespace detail {
template <class F, class... Hs>
void for_each_hand_in(F& f, std::tuple<Hs...>*) {
  (f.template operator()<Hs>(), ...);
}
}  // namespace detail

// Calls f.template operator()<H>() for every registered hand type, in registry order.
template <class F>
void for_each_hand_layout(F&& f) {
  detail::for_each_hand_in(f, static_cast<RegisteredHands*>(nullptr));
}

using DefaultHand = HandPadded32;
static_assert(small_surplus_mask<Hand64>() == 0x0303030303030300);
static_assert(std::string_view(AdditiveKey<Hand64>::name) == "hand64-additive");
}
