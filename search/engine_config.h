// The registry of engine configurations: generator (movegen/generators.h) x hand layout, which
// carries the key scheme (hand/layouts.h, hand/key_scheme.h) x TT layout (search/tt/layouts.h),
// and the effect source (search/effects/sources.h) the evaluation reads its counts from.
// The USI options, the `bench` command, the tests and the match runner all read this one
// product; the search is instantiated for exactly these, one unit per generator
// (search/CMakeLists.txt). A new generator, hand layout, key scheme or TT layout registers in
// its own registry and joins every configuration automatically.
//
// The effect-source axis is not a full product, to keep the build's instantiations of the
// search few: every configuration uses the baseline source, and each other source that fits a
// generator's position adds one configuration, on the default hand layout and the first TT
// layout (one more search per generator and source: diff-kept on diff, incremental on full).
#pragma once

#include <string>

#include "hand/layouts.h"
#include "movegen/generators.h"
#include "search/effects/sources.h"
#include "search/tt/layouts.h"

namespace sashite {

template <MoveGenerator Gen, HandLayout H, class TTTemplate, class Effects = BaselineEffects>
requires EffectSourceFor<Effects, typename Gen::template Position<H>>
struct EngineConfig {
  using Generator = Gen;
  using Hand = H;
  using EffectSource = Effects;
  using Position = typename Effects::template Position<typename Gen::template Position<H>>;
  using Table = typename TTTemplate::template With<KeySchemeOf<H>>;
  static_assert(SearchPosition<Position>);
  static_assert(TTLayout<Table>);

  // The parts as USI option values: "full", "hand64", "additive", "classic".
  static const char* generator() { return Gen::name; }
  static const char* layout() { return LayoutOf<H>::name; }
  static const char* key_scheme() { return KeySchemeOf<H>::name; }
  static const char* tt() { return Table::name; }
  static const char* effects() { return Effects::name; }
  // "full/padded32-xor/classic", "full/padded32-xor/classic/incremental": bench rows and test
  // names (the baseline effect source unnamed, as EngineChoice::name()).
  static std::string name() {
    const std::string base = std::string(generator()) + "/" + layout_and_scheme_name<H>() + "/" + tt();
    return std::is_same_v<Effects, BaselineEffects> ? base : base + "/" + effects();
  }
};

// Calls f.template operator()<Config>() for every registered configuration of generator Gen:
// TT layouts outermost, then hand types in registry order, with the baseline effect source;
// then each other effect source that fits Gen, on the default hand layout and first TT layout.
template <class Gen, class F>
void for_each_engine_config_of(F&& f) {
  for_each_type<RegisteredTTLayouts>(
      [&]<class TT>() { for_each_hand_layout([&]<class H>() { f.template operator()<EngineConfig<Gen, H, TT>>(); }); });
  for_each_type<RegisteredEffectSources>([&]<class S>() {
    if constexpr (!std::is_same_v<S, BaselineEffects> && kEffectSourceFits<S, Gen>)
      f.template operator()<EngineConfig<Gen, DefaultHand, TypeAt<0, RegisteredTTLayouts>, S>>();
  });
}
// ... and of every generator, the registry's order.
template <class F>
void for_each_engine_config(F&& f) {
  for_each_generator([&]<class G>() { for_each_engine_config_of<G>(f); });
}

}  // namespace sashite
