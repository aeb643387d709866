// Perft: counts leaf nodes of the legal move tree (every non-promotion counted, README Conventions).
// The last ply is bulk-counted: the leaves are the size of the generated list, not visited.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "movegen_full/movegen.h"

namespace sashite {

// The stop test of a perft that runs to the end: it compiles away.
struct NeverStop {
  constexpr bool operator()() const { return false; }
};

// Pos: BasicPosition<H> (full generation) or any position type with its own generate()
// overload and a State type (the differential generator's DiffPosition). `stopped()` is asked
// at every node of depth 3 or more (thousands of leaves apart, so a flag read there costs
// nothing measurable); once it answers true the count is partial and meaningless.
template <class Pos, class Stop = NeverStop>
uint64_t perft(Pos& pos, int depth, const Stop& stopped = {}) {
  if (depth == 0) return 1;
  ExtMove moves[MAX_MOVES];
  ExtMove* last = generate<GenType::LegalAll>(pos, moves);
  if (depth == 1) return uint64_t(last - moves);
  if (depth >= 3 && stopped()) return 0;
  uint64_t nodes = 0;
  typename Pos::State st;
  if (depth == 2) {
    // The leaf parents in this loop, not a call each: their lists only need counting.
    ExtMove leaves[MAX_MOVES];
    for (ExtMove* m = moves; m != last; ++m) {
      pos.do_move(*m, st);
      nodes += uint64_t(generate<GenType::LegalAll>(pos, leaves) - leaves);
      pos.undo_move(*m);
    }
    return nodes;
  }
  for (ExtMove* m = moves; m != last; ++m) {
    pos.do_move(*m, st);
    nodes += perft(pos, depth - 1, stopped);
    pos.undo_move(*m);
  }
  return nodes;
}

// Perft whose last ply counts the legal moves without writing them (count_legal_all): not the
// like-for-like figure against other programs, which write their last ply's list; the bench's
// perft/full-leafcount rows.
template <HandLayout H>
uint64_t perft_leaf_count(BasicPosition<H>& pos, int depth) {
  if (depth == 0) return 1;
  if (depth == 1) return uint64_t(count_legal_all(pos));
  ExtMove moves[MAX_MOVES];
  ExtMove* last = generate<GenType::LegalAll>(pos, moves);
  uint64_t nodes = 0;
  StateInfo st;
  for (ExtMove* m = moves; m != last; ++m) {
    pos.do_move(*m, st);
    nodes += perft_leaf_count(pos, depth - 1);
    pos.undo_move(*m);
  }
  return nodes;
}

// Per root move counts, in generation order ("divide"); `stopped` as for perft(), and also
// asked before each root move.
template <class Pos, class Stop = NeverStop>
std::vector<std::pair<Move, uint64_t>> perft_divide(Pos& pos, int depth, const Stop& stopped = {}) {
  std::vector<std::pair<Move, uint64_t>> out;
  typename Pos::State st;
  ExtMove moves[MAX_MOVES];
  ExtMove* last = generate<GenType::LegalAll>(pos, moves);
  for (const ExtMove* it = moves; it != last && !stopped(); ++it) {
    const Move m = it->move;
    pos.do_move(m, st);
    out.emplace_back(m, perft(pos, depth - 1, stopped));
    pos.undo_move(m);
  }
  return out;
}

}  // namespace sashite
