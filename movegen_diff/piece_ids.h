// Piece identities for differential generation (seed 003): each of the 40 physical pieces keeps
// one id for the whole game, through captures, promotions and drops. Ids are grouped by raw
// kind, so "an id of kind k" is a bit range of a u64 and a drop takes the lowest such id in
// hand: kings 0-1, rooks 2-3, bishops 4-5, golds 6-9, silvers 10-13, knights 14-17,
// lances 18-21, pawns 22-39. Ids 0..21 are the seed's 22 non-pawn pieces.
#pragma once

#include <cstdint>

#include "engine/types.h"

namespace sashite {

constexpr int PIECE_ID_NB = 40;
constexpr uint8_t NO_ID = 0xff;

constexpr uint64_t id_range(PieceType raw) {
  switch (raw) {
    case KING: return 0x3ULL;
    case ROOK: return 0x3ULL << 2;
    case BISHOP: return 0x3ULL << 4;
    case GOLD: return 0xfULL << 6;
    case SILVER: return 0xfULL << 10;
    case KNIGHT: return 0xfULL << 14;
    case LANCE: return 0xfULL << 18;
    case PAWN: return 0x3ffffULL << 22;
    default: return 0;
  }
}
constexpr uint64_t kKingIds = id_range(KING);
constexpr uint64_t kAllIds = (1ULL << PIECE_ID_NB) - 1;
// Ids whose piece may slide (a promoted lance no longer does; recomputing it is harmless).
constexpr uint64_t kSliderIds = id_range(ROOK) | id_range(BISHOP) | id_range(LANCE);

}  // namespace sashite
