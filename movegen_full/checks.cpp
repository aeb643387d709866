// Checks, QuietChecks and recaptures (checks.h), compiled once per hand layout like movegen.cpp
// and apart from it, so that neither unit's inlining budget pays for the other's code.
#include <tuple>

#include "movegen_full/checks.h"

namespace sashite {

using Layout = TypeAt<SASHITE_HAND_LAYOUT_INDEX, RegisteredHands>;

namespace detail {
template ExtMove* generate_checks<false, false, Layout>(const BasicPosition<Layout>&, ExtMove*);
template ExtMove* generate_checks<true, false, Layout>(const BasicPosition<Layout>&, ExtMove*);
}  // namespace detail

template <HandLayout H>
ExtMove* generate_recaptures(const BasicPosition<H>& pos, Square to, ExtMove* list) {
  return pos.side_to_move() == BLACK ? detail::generate_recaptures<BLACK>(pos, to, list)
                                     : detail::generate_recaptures<WHITE>(pos, to, list);
}
template ExtMove* generate_recaptures<Layout>(const BasicPosition<Layout>&, Square, ExtMove*);

}  // namespace sashite
