// Registration point of the hand layouts: a new layout is one header plus one line here.
// Position<H> and the generators are explicitly instantiated for every entry; the
// AdditiveKey<> entries are the same layouts under the additive hashing scheme.
#pragma once

#include "base/registry.h"
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
// Every registered hand type, as a type list: readers go through for_each_hand_layout or the
// list itself (typed tests, tests/hand_types.h), so a new registry line reaches every test and
// benchmark; the X-macro itself is for explicit instantiations.
using RegisteredHands = SASHITE_TYPE_LIST(SASHITE_FOR_EACH_HAND_LAYOUT);
static_assert(all_types<RegisteredHands>([]<class H> { return HandLayout<H>; }));
inline constexpr int kHandLayoutCount = int(RegisteredHands::size);

// Calls f.template operator()<H>() for every registered hand type, in registry order.
template <class F>
void for_each_hand_layout(F&& f) {
  for_each_type<RegisteredHands>(f);
}

using DefaultHand = HandPadded32;
static_assert(small_surplus_mask<Hand64>() == 0x0303030303030300);
static_assert(std::string_view(AdditiveKey<Hand64>::name) == "hand64-additive");
}  // namespace sashite
