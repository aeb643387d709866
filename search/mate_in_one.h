// A one-ply mate test for the search's nodes: shogi positions hold many mates in one (a drop
// next to the king), and the search finds them a ply earlier. Complete for contact checks (a
// piece on the king's 3x3 or a knight's check); a distant check can mate too, but rarely, and
// the search still finds those. The method is the mate-in-one family's build-time choice
// (movegen_full/mate_in_one/mate_in_one.h, SASHITE_MATE_IN_ONE); every method answers the same
// move. Most nodes' enemy king has few of our pieces near, so the test is mostly bitboard
// operations; still, it cost more nodes/s in games than its mates paid for: off by default
// (search/features.h, FINDINGS.md F-search-features).
#pragma once

#include "movegen/generator.h"
#include "movegen_full/mate_in_one/mate_in_one.h"

namespace sashite {

// The lowest-valued mating move of the side to move (MOVE_NONE if none among the contact
// checks), so every generator answers the same move. `st` is scratch state for one ply.
template <SearchPosition Pos>
Move mate_in_one(Pos& pos, typename Pos::State& st) {
  return MateInOne::find(pos, st);
}

}  // namespace sashite
