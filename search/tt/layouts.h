// Registry of the transposition-table layouts (the interface: search/tt/tt.h). A new layout is one
// header in search/tt/ and one line here; the tests and the benchmark iterate this list, every
// layout under every key scheme, which picks its slot and check (hand/key_scheme.h).
#pragma once

#include <string>

#include "base/registry.h"
#include "hand/layouts.h"
#include "search/tt/classic.h"
#include "search/tt/two_bounds.h"

#define SASHITE_FOR_EACH_TT_LAYOUT(X) \
  X(ClassicTT)                        \
  X(TwoBoundsTT)

namespace sashite {

// Each layout is a template over the key scheme, listed as Template<L>; the registered TTs are
// every layout under every registered key scheme.
using RegisteredTTLayouts = SASHITE_TEMPLATE_LIST(SASHITE_FOR_EACH_TT_LAYOUT);
namespace detail {
template <class Layouts, class Schemes>
struct TTProduct;
template <class... Ls, class... Ss>
struct TTProduct<TypeList<Ls...>, TypeList<Ss...>> {
  template <class L>
  using Row = TypeList<typename L::template With<Ss>...>;
  using type = ConcatTypes<Row<Ls>...>;
};
}  // namespace detail
using RegisteredTTs = detail::TTProduct<RegisteredTTLayouts, RegisteredKeySchemes>::type;
static_assert(all_types<RegisteredTTs>([]<class T> { return TTLayout<T>; }));

// "classic-xor", "two-bounds-additive": bench and test names.
template <TTLayout T>
std::string tt_name() {
  return std::string(T::name) + "-" + T::Keys::name;
}

}  // namespace sashite
