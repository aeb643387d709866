// Folder rules/ (layer 7): the game rules the search and the match referee share (repetition,
// the game history, the declaration); includes the generators' layers, never search/ or match/.
//
// Repetition and hand-superiority detection against the ancestors 4, 6, ... k plies back.
//
// A repetition (same board, hands and side) is a draw, unless one side gave check on every one
// of its moves in the cycle: that side loses (README Conventions; like merom686, shogi686 hands (2016) and most
// engines, the first repetition inside the search already counts). Superior / inferior: same board and side, and the
// side to move holds more / fewer pieces in hand than it did then; with the board unchanged, one side's gain in hand is
// the other's loss.
//
// Two implementations, expected to agree (tests/repetition_test.cpp):
//   by_board_key      board keys equal, then the layout's hand comparison (YaneuraOu-like);
//   by_key_difference merom686, shogi686 hands (2016): one subtraction of additive keys (hand/key_scheme.h); the
//                     difference is the hand difference when the boards agree.
#pragma once

#include "engine/position.h"

namespace sashite {

enum class Repetition { None, Draw, Win, Loss, Superior, Inferior };  // for the side to move
const char* repetition_name(Repetition r);

// How far back to look (merom686, shogi686 hands (2016)): 4 plies in quiescence, 8 below 3 plies of depth, else 20.
constexpr int repetition_horizon(bool quiescence, int depth_plies) { return quiescence ? 4 : depth_plies < 3 ? 8 : 20; }

// Both read only the state chain: `now` is the current StateInfo, `us` the side to move, H the
// layout of the stored hands.
template <HandLayout H>
Repetition by_board_key(const StateInfo* now, Color us, int horizon);
template <HandLayout H>
Repetition by_board_key(const BasicPosition<H>& pos, int horizon) {
  return by_board_key<H>(pos.state(), pos.side_to_move(), horizon);
}

// merom686's (shogi686 hands, 2016) filters on the key difference d (and on -d for "inferior"):
//   Mask         d & ~M == 0, M = the two low bits of every count field
//                (0x0303030303030300 on hand64): each field grew by 0..3 and nothing borrowed.
//                Misses a kind that changed by 4 or more (tests/repetition_test.cpp).
//   SingleBit    also d & (d - 1) == 0 (at most one bit set), merom686's earlier guard
//                against a board-key collision; it is merom686's commented-out
//                `(diff & ~neg_diff) == 0`, since ~(-d) == d - 1. Misses two kinds changing
//                at once (merom686's silver-and-gold case) and one kind changing by 3 (0b11).
//   Popcount2    also popcount(d) <= 2, merom686's suggested fix. Misses three kinds changing
//                at once, or one by 3 and another by any amount.
// "Misses" means None where the exact answer is Superior or Inferior; the filters never
// invent a relation the mask does not.
enum class KeyDiffFilter { Mask, SingleBit, Popcount2 };

template <HandLayout H>
requires(KeySchemeOf<H>::kKeyDifferenceIsHandDifference) Repetition
    by_key_difference(const StateInfo* now, Color us, int horizon, KeyDiffFilter filter = KeyDiffFilter::Mask);
template <HandLayout H>
requires(KeySchemeOf<H>::kKeyDifferenceIsHandDifference) Repetition
    by_key_difference(const BasicPosition<H>& pos, int horizon, KeyDiffFilter filter = KeyDiffFilter::Mask) {
  return by_key_difference<H>(pos.state(), pos.side_to_move(), horizon, filter);
}

}  // namespace sashite
