// The full generator's entry point, compiled once per registered hand layout
// (movegen_full/CMakeLists.txt passes the layout's index in hand/layouts.h): one layout per
// translation unit, so GCC spends its per-unit inlining budget on that layout alone. With all
// six in one unit the default layout's generator stopped being inlined (start perft 6 took
// twice as long).
#include <tuple>

#include "movegen_full/generator.h"

namespace sashite {

static_assert(RegisteredHands::size == SASHITE_HAND_LAYOUT_COUNT,
              "movegen_full/CMakeLists.txt counted the layouts of hand/layouts.h wrongly");

// Checks and QuietChecks live in checks.cpp, a unit of their own per layout for the same reason:
// compiled here, they cost the other categories their inlining (FINDINGS.md F-unit-inlining).
// The mate solvers' ChecksAll and EvasionsAll live in mate_categories.cpp: in checks.cpp,
// ChecksAll slowed QuietChecks.
namespace detail {
template <bool Quiet, bool All, HandLayout H>
ExtMove* generate_checks(const BasicPosition<H>& pos, ExtMove* list);
template <HandLayout H>
ExtMove* generate_evasions_all(const BasicPosition<H>& pos, ExtMove* list);
}  // namespace detail

template <GenType Type, HandLayout H>
ExtMove* generate(const BasicPosition<H>& pos, ExtMove* list) {
  if constexpr (Type == GenType::Checks || Type == GenType::QuietChecks || Type == GenType::ChecksAll) {
    return detail::generate_checks<Type == GenType::QuietChecks, Type == GenType::ChecksAll>(pos, list);
  } else if constexpr (Type == GenType::EvasionsAll) {
    return detail::generate_evasions_all(pos, list);
  } else {
    constexpr bool All = Type == GenType::LegalAll;
    return pos.side_to_move() == BLACK ? detail::Generator<BLACK, All, H>::template generate<Type>(pos, list)
                                       : detail::Generator<WHITE, All, H>::template generate<Type>(pos, list);
  }
}

using Layout = TypeAt<SASHITE_HAND_LAYOUT_INDEX, RegisteredHands>;
template ExtMove* generate<GenType::Captures, Layout>(const BasicPosition<Layout>&, ExtMove*);
template ExtMove* generate<GenType::Quiets, Layout>(const BasicPosition<Layout>&, ExtMove*);
template ExtMove* generate<GenType::Drops, Layout>(const BasicPosition<Layout>&, ExtMove*);
template ExtMove* generate<GenType::Evasions, Layout>(const BasicPosition<Layout>&, ExtMove*);
template ExtMove* generate<GenType::Legal, Layout>(const BasicPosition<Layout>&, ExtMove*);
template ExtMove* generate<GenType::LegalAll, Layout>(const BasicPosition<Layout>&, ExtMove*);
template ExtMove* generate<GenType::Checks, Layout>(const BasicPosition<Layout>&, ExtMove*);
template ExtMove* generate<GenType::QuietChecks, Layout>(const BasicPosition<Layout>&, ExtMove*);
template ExtMove* generate<GenType::ChecksAll, Layout>(const BasicPosition<Layout>&, ExtMove*);
template ExtMove* generate<GenType::EvasionsAll, Layout>(const BasicPosition<Layout>&, ExtMove*);

}  // namespace sashite
