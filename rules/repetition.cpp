#include "rules/repetition.h"

#include <algorithm>
#include <bit>

namespace sashite {

const char* repetition_name(Repetition r) {
  constexpr const char* kNames[] = {"none", "draw", "win", "loss", "superior", "inferior"};
  return kNames[int(r)];
}

namespace {

enum class Relation { Unrelated, Equal, Superior, Inferior };

// The walk both implementations share: `relate(now, then)` compares the current state with an
// ancestor an even number of plies back (same side to move). Ancestors before the root or
// the last null move are not looked at.
template <class Relate>
Repetition walk_ancestors(const StateInfo* now, Color us, int horizon, Relate relate) {
  const int end = std::min(horizon, now->plies_from_null);
  if (end < 4) return Repetition::None;
  const StateInfo* st = now->previous->previous;
  for (int i = 4; i <= end; i += 2) {
    st = st->previous->previous;
    switch (relate(now, st)) {
      case Relation::Unrelated: continue;
      case Relation::Superior: return Repetition::Superior;
      case Relation::Inferior: return Repetition::Inferior;
      case Relation::Equal: break;
    }
    // Counters are in plies: >= i means every move of that side in the cycle gave check.
    // The side to move is tested first, as in merom686, shogi686 hands (2016).
    if (now->continuous_check[us] >= i) return Repetition::Loss;
    if (now->continuous_check[~us] >= i) return Repetition::Win;
    return Repetition::Draw;
  }
  return Repetition::None;
}

}  // namespace

template <HandLayout H>
Repetition by_board_key(const StateInfo* now, Color us, int horizon) {
  return walk_ancestors(now, us, horizon, [](const StateInfo* now, const StateInfo* then) {
    if (now->board_key != then->board_key) return Relation::Unrelated;
    const H a = H::from_raw(typename H::Raw(now->stm_hand)), b = H::from_raw(typename H::Raw(then->stm_hand));
    if (a == b) return Relation::Equal;
    if (a.superior_or_equal(b)) return Relation::Superior;
    if (b.superior_or_equal(a)) return Relation::Inferior;
    return Relation::Unrelated;
  });
}

namespace {

// The filter is a template argument so that the walk carries no run-time switch.
template <HandLayout H, KeyDiffFilter Filter>
Repetition key_difference_walk(const StateInfo* now, Color us, int horizon) {
  constexpr uint64_t kNotMask = ~uint64_t(small_surplus_mask<H>());
  auto within = [](uint64_t d) {
    if (d & kNotMask) return false;
    if constexpr (Filter == KeyDiffFilter::SingleBit) return (d & (d - 1)) == 0;
    if constexpr (Filter == KeyDiffFilter::Popcount2) return std::popcount(d) <= 2;
    return true;
  };
  // One key per ply, as in merom686, shogi686 hands (2016): same board and side give (B + h_now) - (B + h_then).
  return walk_ancestors(now, us, horizon, [&](const StateInfo*, const StateInfo* then) {
    const uint64_t d = now->key - then->key;
    if (d == 0) return Relation::Equal;
    if (within(d)) return Relation::Superior;
    if (within(-d)) return Relation::Inferior;
    return Relation::Unrelated;
  });
}

}  // namespace

template <HandLayout H>
requires(KeySchemeOf<H>::kKeyDifferenceIsHandDifference) Repetition
    by_key_difference(const StateInfo* now, Color us, int horizon, KeyDiffFilter filter) {
  switch (filter) {
    case KeyDiffFilter::SingleBit: return key_difference_walk<H, KeyDiffFilter::SingleBit>(now, us, horizon);
    case KeyDiffFilter::Popcount2: return key_difference_walk<H, KeyDiffFilter::Popcount2>(now, us, horizon);
    case KeyDiffFilter::Mask: break;
  }
  return key_difference_walk<H, KeyDiffFilter::Mask>(now, us, horizon);
}

#define SASHITE_INSTANTIATE_BY_BOARD_KEY(H) template Repetition by_board_key<H>(const StateInfo*, Color, int);
SASHITE_FOR_EACH_HAND_LAYOUT(SASHITE_INSTANTIATE_BY_BOARD_KEY)
template Repetition by_key_difference<AdditiveKey<Hand64>>(const StateInfo*, Color, int, KeyDiffFilter);
template Repetition by_key_difference<AdditiveKey<HandPadded32>>(const StateInfo*, Color, int, KeyDiffFilter);

}  // namespace sashite
