// Search-like random walks that come back on themselves: the ancestor stacks repetition
// detection sees (tests/repetition_test.cpp, bench/repetition_bench.cpp).
#pragma once

#include <vector>

#include "movegen_full/random_walk.h"

namespace sashite::testing {

// Search-like walks: moves that undo the last move, recapture, check, or drop next to the
// enemy king are preferred, so same-board positions with equal and unequal hands are frequent.
template <class H>
Move cyclic_choice(const Game<H>& g, Rng& rng) {
  MoveList<GenType::Legal, H> list(g.pos);
  if (!list.size()) return MOVE_NONE;
  if (rng.below(10) < 7) {
    std::vector<Move> preferred;
    const Move own = g.moves.size() >= 2 ? g.moves[g.moves.size() - 2] : MOVE_NONE;
    const Move theirs = g.moves.empty() ? MOVE_NONE : g.moves.back();
    const Square their_king = g.pos.king_square(~g.pos.side_to_move());
    for (const ExtMove& m : list) {
      const bool undo = own && !is_drop(own) && !is_drop(m) && from_sq(m) == to_sq(own) && to_sq(m) == from_sq(own);
      const bool recapture = theirs && to_sq(m) == to_sq(theirs) && g.pos.is_capture(m);
      const bool drop_near_king = is_drop(m) && their_king != SQ_NONE && king_attacks(their_king).test(to_sq(m));
      if (undo || recapture || drop_near_king || g.pos.gives_check(m)) preferred.push_back(m);
    }
    if (!preferred.empty()) return preferred[rng.below(preferred.size())];
  }
  return list.begin()[rng.below(list.size())];
}

}  // namespace sashite::testing
