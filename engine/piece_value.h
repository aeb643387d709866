// Material values, the one table evaluation, move ordering and the static exchange test share.
// Centipawn-like units (pawn = 100). A captured piece changes sides, so it is worth more to the
// capturer than these board values alone; the search's evaluation may weigh hands separately.
#pragma once

#include "engine/types.h"

namespace sashite {

inline constexpr int kPieceValue[PIECE_TYPE_NB] = {
    0,      // NO_PIECE_TYPE
    100,    // PAWN
    350,    // LANCE
    450,    // KNIGHT
    550,    // SILVER
    950,    // BISHOP
    1100,   // ROOK
    600,    // GOLD
    15000,  // KING: more than every other piece together, so no exchange gives it up
    600,    // PRO_PAWN (tokin): moves as a gold
    600,    // PRO_LANCE
    600,    // PRO_KNIGHT
    600,    // PRO_SILVER
    1150,   // HORSE
    1300,   // DRAGON
};
constexpr int piece_value(PieceType pt) { return kPieceValue[pt]; }
constexpr int piece_value(Piece pc) { return kPieceValue[type_of(pc)]; }

}  // namespace sashite
