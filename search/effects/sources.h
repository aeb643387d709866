// Registry of the effect sources: where the evaluation's per-square effect counts
// (search/effects/effect_board.h) come from. Each source fits some of the generators' positions
// (a type-level test, so a search is never instantiated on a combination that cannot work);
// the engine configurations (search/engine_config.h), the USI option EffectSource, bench's
// effects rows and tests/effects_test.cpp iterate this list. The first entry is the baseline.
//
//   recomputed   from the bitboards at each evaluation (effect_board.h), on any position;
//   diff-kept    from a differential position's kept attack sets (LS3600, differential
//                generation (2009)), brought up to date by its sync(): the differential
//                generator's position only;
//   incremental  counts kept by do_move/undo_move (effect_position.h), wrapping the full
//                generator's position.
#pragma once

#include <concepts>

#include "base/registry.h"
#include "movegen/generators.h"
#include "search/effects/effect_board.h"
#include "search/effects/effect_position.h"

#define SASHITE_FOR_EACH_EFFECT_SOURCE(X) \
  X(RecomputedEffects)                    \
  X(DiffKeptEffects)                      \
  X(IncrementalEffects)

namespace sashite {

struct RecomputedEffects {
  static constexpr const char* name = "recomputed";
  template <class P>
  static constexpr bool kFits = true;
  template <class P>
  using Position = P;
  template <class P>
  static const EffectBoard& effects(P& pos, EffectBoard& scratch) {
    compute_effects(pos.board(), scratch);
    return scratch;
  }
};

struct DiffKeptEffects {
  static constexpr const char* name = "diff-kept";
  template <class P>
  static constexpr bool kFits = requires(P& pos, Color c) {
    pos.sync();
    { pos.piece_attacks() } -> std::same_as<const dbb::PieceAttacks&>;
    { pos.ids_on_board(c) } -> std::same_as<uint64_t>;
  };
  template <class P>
  requires kFits<P>
  using Position = P;
  // Every on-board id's kept set, pawns included one by one: the store keeps no per-colour
  // union of them.
  template <class P>
  requires kFits<P>
  static const EffectBoard& effects(P& pos, EffectBoard& scratch) {
    pos.sync();
    const dbb::PieceAttacks& a = pos.piece_attacks();
    std::memset(&scratch, 0, sizeof scratch);
    for (Color c : {BLACK, WHITE}) {
      EffectAccumulator acc;
      for (uint64_t ids = pos.ids_on_board(c); ids; ids &= ids - 1) acc.add(a.core[__builtin_ctzll(ids)]);
      acc.store(scratch.count[c]);
    }
    return scratch;
  }
};

struct IncrementalEffects {
  static constexpr const char* name = "incremental";
  template <class P>
  static constexpr bool kFits = std::same_as<P, BasicPosition<typename P::Hand>>;
  template <class P>
  requires kFits<P>
  using Position = EffectPosition<typename P::Hand>;
  template <HandLayout H, EffectUndo U>
  static const EffectBoard& effects(EffectPosition<H, U>& pos, EffectBoard&) {
    return pos.effects();
  }
};

// S over a generator's position P: S fits P, the position it plays on is a SearchPosition, and
// it answers the counts.
template <class S, class P>
concept EffectSourceFor = S::template kFits<P>&& SearchPosition<typename S::template Position<P>>&& requires(
    typename S::template Position<P>& pos, EffectBoard& scratch) {
  { S::effects(pos, scratch) } -> std::same_as<const EffectBoard&>;
};

template <class S>
concept EffectSource = requires {
  { S::name } -> std::convertible_to<const char*>;
}
&&all_types<RegisteredGenerators>([]<class G> {
  using P = typename G::template Position<DefaultHand>;
  if constexpr (S::template kFits<P>)
    return EffectSourceFor<S, P>;
  else
    return true;
});

using RegisteredEffectSources = SASHITE_TYPE_LIST(SASHITE_FOR_EACH_EFFECT_SOURCE);
static_assert(all_types<RegisteredEffectSources>([]<class S> { return EffectSource<S>; }));
using BaselineEffects = TypeAt<0, RegisteredEffectSources>;

// Whether generator G's position (of hand layout H) can take source S.
template <class S, class G, class H = DefaultHand>
inline constexpr bool kEffectSourceFits = S::template kFits<typename G::template Position<H>>;

}  // namespace sashite
