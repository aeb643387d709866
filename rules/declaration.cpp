#include "rules/declaration.h"

namespace sashite {

namespace {

template <HandLayout H>
Bitboard camp_pieces(const BasicPosition<H>& pos, Color c) {
  return (pos.pieces(c) & zone_bb(c)).andnot(pos.pieces(KING));
}

}  // namespace

template <HandLayout H>
int declaration_points(const BasicPosition<H>& pos, Color c) {
  const Bitboard camp = camp_pieces(pos, c);
  const H& hand = pos.hand(c);
  int points = camp.popcount() + 4 * (camp & pos.pieces(BISHOP, ROOK, HORSE, DRAGON)).popcount();
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) points += hand.count(pr) * (pr == BISHOP || pr == ROOK ? 5 : 1);
  return points;
}

template <HandLayout H>
bool declaration_wins(const BasicPosition<H>& pos) {
  const Color us = pos.side_to_move();
  const Square ksq = pos.king_square(us);
  return ksq != SQ_NONE && in_promotion_zone(us, ksq) && !pos.in_check() &&
         camp_pieces(pos, us).popcount() >= kDeclarationPieces && declaration_points(pos, us) >= kDeclarationPoints[us];
}

#define SASHITE_INSTANTIATE_DECLARATION(H)                            \
  template int declaration_points<H>(const BasicPosition<H>&, Color); \
  template bool declaration_wins<H>(const BasicPosition<H>&);
SASHITE_FOR_EACH_HAND_LAYOUT(SASHITE_INSTANTIATE_DECLARATION)

}  // namespace sashite
