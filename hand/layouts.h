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
// Every registered hand type, as a type list (tests and benchmarks iterate over it).
#define SASHITE_HAND_TYPE_AFTER_COMMA(H) , H
using RegisteredHands = detail::DropFirst<std::tuple<void SASHITE_FOR_EACH_HAND_LAYOUT(SASHITE_HAND_TYPE_AFTER_COMMA)>>::type;

using DefaultHand = HandPadded32;
static_assert(small_surplus_mask<Hand64>() == 0x0303030303030300);
static_assert(std::string_view(AdditiveKey<Hand64>::name) == "hand64-additive");
}
