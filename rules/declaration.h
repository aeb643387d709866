// Entering-king declaration (入玉宣言) under the 27-point rule of the Computer Shogi
// Association's tournament rules, what a USI engine claims with "bestmove win". The side to
// move wins by declaring when
//   (a) its king stands in the enemy camp (its own promotion zone, the far three ranks);
//   (b) at least 10 of its other pieces stand there;
//   (c) its points reach kDeclarationPoints: 5 for a rook or bishop (promoted or not), 1 for
//       any other piece, over those pieces in the camp (king excluded) and its whole hand;
//   (d) its king is not in check.
// Black needs 28 and White 27: Black moves first. The rule's other condition, time remaining
// on the declarer's clock, is the caller's.
#pragma once

#include "engine/position.h"

namespace sashite {

constexpr int kDeclarationPieces = 10;
constexpr int kDeclarationPoints[COLOR_NB] = {28, 27};

// Points of (c): pieces in the enemy camp other than the king, plus the hand.
template <HandLayout H>
int declaration_points(const BasicPosition<H>& pos, Color c);

template <HandLayout H>
bool declaration_wins(const BasicPosition<H>& pos);

}  // namespace sashite
