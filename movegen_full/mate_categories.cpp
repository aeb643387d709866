// ChecksAll and EvasionsAll, the mate solvers' categories (movegen.h), compiled once per hand
// layout like movegen.cpp and checks.cpp and apart from both, so that their inlining budgets do
// not pay for these (in checks.cpp, ChecksAll slowed QuietChecks: FINDINGS.md F-unit-inlining).
#include <tuple>

#include "movegen_full/checks.h"

namespace sashite::detail {

using Layout = TypeAt<SASHITE_HAND_LAYOUT_INDEX, RegisteredHands>;

template <HandLayout H>
ExtMove* generate_evasions_all(const BasicPosition<H>& pos, ExtMove* list) {
  return pos.side_to_move() == BLACK ? Generator<BLACK, true, H>::template generate<GenType::Evasions>(pos, list)
                                     : Generator<WHITE, true, H>::template generate<GenType::Evasions>(pos, list);
}

template ExtMove* generate_checks<false, true, Layout>(const BasicPosition<Layout>&, ExtMove*);
template ExtMove* generate_evasions_all<Layout>(const BasicPosition<Layout>&, ExtMove*);

}  // namespace sashite::detail
