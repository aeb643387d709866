// Static evaluation: material first, for a search whose job is to measure move generation, so
// every term is a popcount or a table load, never a scan of the 81 squares.
//
// Terms, from Black's view, negated for White to move:
//   board material   kPieceValue (engine/piece_value.h), promoted kinds at their own value;
//   hand material    kHandValue below: a piece in hand can go anywhere, so it is worth 10 %
//                    more than on the board, except pawns past the fourth;
//   king safety      enemy attacks on the 3x3 around each king less its gold-like and silver
//                    neighbours, through the nonlinear kKingDanger table.
// Reads hand counts, never raw hand bits: every hand layout gives the same value.
#pragma once

#include <array>

#include "engine/piece_value.h"
#include "engine/position.h"
#include "search/value.h"

namespace sashite {

namespace eval {

// Total value of n pieces of one kind in hand, [kind][n]. After 謎電 (2005), hand pawn value: a
// fifth pawn in hand is worth almost nothing, so pawns 1-4 count in full and each one past
// them only kExtraHandPawn (one is enough to answer a threat or make a tokin; more rarely help).
inline constexpr int kExtraHandPawn = 10;
inline constexpr int kFullValueHandPawns = 4;
inline constexpr std::array<std::array<int, 19>, RAW_END> kHandValue = [] {
  std::array<std::array<int, 19>, RAW_END> t{};
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
    for (int n = 1; n <= 18; ++n) {
      const bool extra_pawn = pr == PAWN && n > kFullValueHandPawns;
      t[pr][n] = t[pr][n - 1] + (extra_pawn ? kExtraHandPawn : kPieceValue[pr] * 11 / 10);
    }
  return t;
}();

// Penalty by danger = enemy attacks on the king's 3x3 (one per attacker and square, the king's
// own square included) minus gold-like and silver neighbours. Grows faster than linearly: one
// stray attack is normal, five with no defender is usually a mating net.
inline constexpr int kKingDanger[] = {0, 0, 5, 15, 30, 50, 75, 105, 140, 180, 225, 275, 330, 390, 455, 525};
inline constexpr int kMaxKingDanger = int(std::size(kKingDanger)) - 1;

}  // namespace eval

// The side to move's score, within +-VALUE_EVAL_MAX. Deterministic and colour-symmetric: the
// position rotated 180 degrees with colours, hands and side swapped gets the same value.
template <HandLayout H>
Value evaluate(const BasicPosition<H>& pos);

}  // namespace sashite
