// Real (position, move) inputs for the dirty-flag tests: seeded random walks from the start
// and every reference position (movegen_full/reference.h), each visited position's true piece attack sets and all of
// its legal moves.
#pragma once

#include <type_traits>
#include <utility>

#include "dbb/piece_attacks.h"
#include "movegen_full/random_walk.h"

namespace sashite::testing {

// Calls f(attacks, from, to), or f(position, attacks, from, to), for at least `min_cases` cases
// (drops: from == to); returns the number of cases visited.
template <class F>
size_t for_each_walk_case(uint64_t seed, size_t min_cases, F&& f) {
  Rng rng(seed);
  size_t n = 0;
  auto pa = std::make_unique<dbb::PieceAttacks>();
  while (n < min_cases) {
    for (const ReferencePosition& ref : kReferencePositions) {
      PositionLine g(ref.sfen);
      for (int ply = 0; ply < 160 && n < min_cases; ++ply) {
        MoveList<GenType::LegalAll> list(g.pos);
        if (!list.size()) break;
        dbb::compute_piece_attacks(g.pos, *pa);
        for (const ExtMove& em : list) {
          const Move m = em.move;
          const Square from = is_drop(m) ? to_sq(m) : from_sq(m);
          if constexpr (std::is_invocable_v<F&, const Position&, const dbb::PieceAttacks&, Square, Square>)
            f(std::as_const(g.pos), std::as_const(*pa), from, to_sq(m));
          else
            f(std::as_const(*pa), from, to_sq(m));
          ++n;
        }
        g.play(list.begin()[rng.below(list.size())]);
      }
    }
  }
  return n;
}

}  // namespace sashite::testing
