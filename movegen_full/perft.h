// Perft: counts leaf nodes of the legal move tree (every non-promotion counted, SPEC.md §3).
// The last ply is bulk-counted: the leaves are the size of the generated list, not visited.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "movegen_full/movegen.h"

namespace sashite {

// Pos: BasicPosition<H> (full generation) or any position type with its own generate()
// overload and a State type (the differential generator's DiffPosition).
template <class Pos>
uint64_t perft(Pos& pos, int depth) {
  ExtMove moves[MAX_MOVES];
  ExtMove* last = generate<GenType::LegalAll>(pos, moves);
  if (depth <= 1) return depth == 1 ? uint64_t(last - moves) : 1;
  uint64_t nodes = 0;
  typename Pos::State st;
  for (ExtMove* m = moves; m != last; ++m) {
    pos.do_move(*m, st);
    nodes += perft(pos, depth - 1);
    pos.undo_move(*m);
  }
  return nodes;
}

// Per root move counts, in generation order ("divide").
template <class Pos>
std::vector<std::pair<Move, uint64_t>> perft_divide(Pos& pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> out;
  typename Pos::State st;
  ExtMove moves[MAX_MOVES];
  ExtMove* last = generate<GenType::LegalAll>(pos, moves);
  for (const ExtMove* it = moves; it != last; ++it) {
    const Move m = it->move;
    pos.do_move(m, st);
    out.emplace_back(m, depth > 1 ? perft(pos, depth - 1) : 1);
    pos.undo_move(m);
  }
  return out;
}

}  // namespace sashite
