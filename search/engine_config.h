// The registry of engine configurations: generator (movegen/generators.h) x hand layout, which
// carries the key scheme (hand/layouts.h, hand/key_scheme.h) x TT layout (search/tt/layouts.h).
// The USI options, the `bench` command, the tests and the match runner all read this one
// product; the search is instantiated for exactly these, one unit per generator
// (search/CMakeLists.txt). A new generator, hand layout, key scheme or TT layout registers in
// its own registry and joins every configuration automatically.
#pragma once

#include <string>

#include "hand/layouts.h"
#include "movegen/generators.h"
#include "search/tt/layouts.h"

namespace sashite {

template <MoveGenerator Gen, HandLayout H, class TTTemplate>
struct EngineConfig {
  using Generator = Gen;
  using Hand = H;
  using Position = typename Gen::template Position<H>;
  using Table = typename TTTemplate::template With<KeySchemeOf<H>>;
  static_assert(SearchPosition<Position>);
  static_assert(TTLayout<Table>);

  // The parts as USI option values: "full", "hand64", "additive", "classic".
  static const char* generator() { return Gen::name; }
  static const char* layout() { return LayoutOf<H>::name; }
  static const char* key_scheme() { return KeySchemeOf<H>::name; }
  static const char* tt() { return Table::name; }
  // "full/padded32-xor/classic": bench rows and test names.
  static std::string name() {
    return std::string(generator()) + "/" + layout_and_scheme_name<H>() + "/" + tt();
  }
};

// Calls f.template operator()<Config>() for every registered configuration of generator Gen:
// TT layouts outermost, then hand types in registry order.
template <class Gen, class F>
void for_each_engine_config_of(F&& f) {
  for_each_type<RegisteredTTLayouts>([&]<class TT>() {
    for_each_hand_layout([&]<class H>() { f.template operator()<EngineConfig<Gen, H, TT>>(); });
  });
}
// ... and of every generator, the registry's order.
template <class F>
void for_each_engine_config(F&& f) {
  for_each_generator([&]<class G>() { for_each_engine_config_of<G>(f); });
}

}  // namespace sashite
