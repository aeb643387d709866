// Registry of the transposition-table layouts (the interface: search/tt.h). A new layout is one
// header in search/tt/ and one line here; the tests and the benchmark iterate this list, every
// layout under both key schemes, which pick its slot and check (search/tt/table.h).
#pragma once

#include <string>
#include <tuple>

#include "hand/layouts.h"
#include "search/tt/classic.h"
#include "search/tt/two_bounds.h"

#define SASHITE_FOR_EACH_TT_LAYOUT(X) \
  X(ClassicTT)                        \
  X(TwoBoundsTT)

namespace sashite {

#define SASHITE_TT_MODELS_LAYOUT(L) \
  static_assert(TTLayout<L<KeyScheme::Xor>> && TTLayout<L<KeyScheme::Additive>>, #L " models TTLayout");
SASHITE_FOR_EACH_TT_LAYOUT(SASHITE_TT_MODELS_LAYOUT)
#undef SASHITE_TT_MODELS_LAYOUT

// Every layout under both schemes, as a type list.
#define SASHITE_TT_TYPES_AFTER_COMMA(L) , L<KeyScheme::Xor>, L<KeyScheme::Additive>
using RegisteredTTs = detail::DropFirst<std::tuple<void SASHITE_FOR_EACH_TT_LAYOUT(SASHITE_TT_TYPES_AFTER_COMMA)>>::type;
#undef SASHITE_TT_TYPES_AFTER_COMMA

// "classic-xor", "two-bounds-additive": bench and test names.
template <TTLayout T>
std::string tt_name() {
  return std::string(T::name) + "-" + key_scheme_name(T::key_scheme);
}

}  // namespace sashite
