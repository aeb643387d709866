// Registration point of the hand layouts: a new layout is one header plus one line here.
// Position<H> and the generators are explicitly instantiated for every entry.
#pragma once

#include "hand/padded32.h"

#define SASHITE_FOR_EACH_HAND_LAYOUT(X) X(HandPadded32)

namespace sashite {
using DefaultHand = HandPadded32;
}
