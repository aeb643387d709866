// The registry of engine configurations: generator x hand layout (which carries the key
// scheme, hand/key_scheme.h) x TT layout. The USI options, the `bench` command, the tests and
// the match runner all read this one list; the search is instantiated for exactly these.
//
// A new generator is one struct here plus one line in SASHITE_FOR_EACH_GENERATOR; a new hand
// layout or TT layout registers in its own registry (hand/layouts.h, search/tt_layouts.h) and
// joins every configuration automatically.
#pragma once

#include <string>

#include "hand/layouts.h"
#include "movegen_diff/diff_position.h"
#include "search/search_position.h"
#include "search/tt_layouts.h"

namespace sashite {

struct FullGenerator {
  static constexpr const char* name = "full";
  template <HandLayout H>
  using Position = BasicPosition<H>;
  template <HandLayout H>
  using PerftPosition = BasicPosition<H>;
};
// Caches GenType::Legal, the search's complete set (no useless non-promotions). The search asks
// for categories, and serves none of them from the kept attack sets: on the search's own node
// sequence (bench node_replay, Intel Xeon 0xA7) each category cost less from the full generator
// than sync() plus the kept-set path (captures 207.8 against 273.5 cycles per node, evasions
// 174.8 against 222.1, quiets 138.8 against 141.0; results/README.md, "Differential generation
// in the search"). The position stays lazy, so the build pays only its id maps.
inline constexpr uint32_t kKeptInSearch = 0;
struct DiffGenerator {
  static constexpr const char* name = "diff";
  template <HandLayout H>
  using Position = DiffPosition<H, GenType::Legal, DefaultDirtyKernel, kKeptInSearch>;
  template <HandLayout H>
  using PerftPosition = DiffPosition<H, GenType::LegalAll>;  // perft counts every non-promotion
};
#define SASHITE_FOR_EACH_GENERATOR(X) X(FullGenerator) X(DiffGenerator)

template <class Gen, HandLayout H, template <KeyScheme> class TT>
struct EngineConfig {
  using Generator = Gen;
  using Hand = H;
  using Position = typename Gen::template Position<H>;
  using Table = TT<key_scheme_of<H>()>;
  static_assert(SearchPosition<Position>);
  static_assert(TTLayout<Table>);

  // The parts as USI option values: "full", "hand64", "additive", "classic".
  static const char* generator() { return Gen::name; }
  static const char* layout() {
    if constexpr (key_scheme_of<H>() == KeyScheme::Additive) return H::Layout::name;
    else return H::name;
  }
  static const char* key_scheme() { return key_scheme_name(key_scheme_of<H>()); }
  static const char* tt() { return Table::name; }
  // "full/padded32-xor/classic": bench rows and test names.
  static std::string name() {
    return std::string(generator()) + "/" + layout_and_scheme_name<H>() + "/" + tt();
  }
};

namespace detail {
template <class Gen, template <KeyScheme> class TT, class F>
void for_each_hand(F& f) {
  for_each_hand_layout([&]<class H>() { f.template operator()<EngineConfig<Gen, H, TT>>(); });
}
template <class Gen, class F>
void for_each_config_of(F& f) {
#define SASHITE_CONFIG_TT(T) for_each_hand<Gen, T>(f);
  SASHITE_FOR_EACH_TT_LAYOUT(SASHITE_CONFIG_TT)
#undef SASHITE_CONFIG_TT
}
}  // namespace detail

// Calls f.template operator()<Config>() for every registered configuration of generator Gen.
template <class Gen, class F>
void for_each_engine_config_of(F&& f) { detail::for_each_config_of<Gen>(f); }
// ... and of every generator.
template <class F>
void for_each_engine_config(F&& f) {
#define SASHITE_CONFIG_GEN(G) detail::for_each_config_of<G>(f);
  SASHITE_FOR_EACH_GENERATOR(SASHITE_CONFIG_GEN)
#undef SASHITE_CONFIG_GEN
}

}  // namespace sashite
