#include "search/evaluate.h"

#include <algorithm>

namespace sashite {

namespace {

// Board pieces other than the king, each at its value (kings: both sides have one or the
// position is a problem; either way they are not material).
constexpr PieceType kMaterialTypes[] = {PAWN,     LANCE,     KNIGHT,     SILVER,     BISHOP, ROOK,  GOLD,
                                        PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER, HORSE,  DRAGON};

template <HandLayout H>
int hand_value(const H& hand) {
  int v = 0;
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) v += eval::kHandValue[pr][hand.count(pr)];
  return v;
}

// Attack units of colour `them` on `zone`: each (attacker, square) pair once. Step pieces by
// zone square (at most 9, four table loads each); sliders, horse and dragon whole, one attack
// set per piece (at most 4 + 4 of them). The king's attacks are not counted: it cannot mate.
template <HandLayout H>
int attacks_on(const BasicPosition<H>& pos, Color them, const Bitboard& zone) {
  const Color us = ~them;
  const Bitboard occ = pos.pieces();
  const Bitboard pawns = pos.pieces(them, PAWN), knights = pos.pieces(them, KNIGHT);
  const Bitboard silvers = pos.pieces(them, SILVER), golds = pos.golds() & pos.pieces(them);
  int n = 0;
  // A piece of `them` on x attacks s exactly when the same piece of `us` on s attacks x.
  for_each_square(zone, [&](Square s) {
    n += ((pawn_attacks(us, s) & pawns) | (knight_attacks(us, s) & knights)).popcount() +
         (silver_attacks(us, s) & silvers).popcount() + (gold_attacks(us, s) & golds).popcount();
  });
  for_each_square(pos.pieces(them, LANCE), [&](Square s) { n += (lance_attacks(them, s, occ) & zone).popcount(); });
  for_each_square(pos.pieces(them, BISHOP), [&](Square s) { n += (bishop_attacks(s, occ) & zone).popcount(); });
  for_each_square(pos.pieces(them, ROOK), [&](Square s) { n += (rook_attacks(s, occ) & zone).popcount(); });
  for_each_square(pos.pieces(them, HORSE), [&](Square s) { n += (horse_attacks(s, occ) & zone).popcount(); });
  for_each_square(pos.pieces(them, DRAGON), [&](Square s) { n += (dragon_attacks(s, occ) & zone).popcount(); });
  return n;
}

template <HandLayout H>
int king_danger_penalty(const BasicPosition<H>& pos, Color c) {
  const Square ksq = pos.king_square(c);
  if (ksq == SQ_NONE) return 0;
  const Bitboard around = king_attacks(ksq);
  const int defenders = (around & pos.pieces(c) & (pos.golds() | pos.pieces(SILVER))).popcount();
  const int danger = attacks_on(pos, ~c, around | square_bb(ksq)) - defenders;
  return eval::kKingDanger[std::clamp(danger, 0, eval::kMaxKingDanger)];
}

}  // namespace

template <HandLayout H>
Value evaluate(const BasicPosition<H>& pos) {
  const Bitboard black = pos.pieces(BLACK), white = pos.pieces(WHITE);
  int v = 0;  // Black's view
  for (PieceType pt : kMaterialTypes) {
    const Bitboard b = pos.pieces(pt);
    v += kPieceValue[pt] * ((b & black).popcount() - (b & white).popcount());
  }
  v += hand_value(pos.hand(BLACK)) - hand_value(pos.hand(WHITE));
  v += king_danger_penalty(pos, WHITE) - king_danger_penalty(pos, BLACK);
  v = std::clamp(v, -VALUE_EVAL_MAX, VALUE_EVAL_MAX);
  return pos.side_to_move() == BLACK ? v : -v;
}

#define SASHITE_INSTANTIATE_EVALUATE(H) template Value evaluate<H>(const BasicPosition<H>&);
SASHITE_FOR_EACH_HAND_LAYOUT(SASHITE_INSTANTIATE_EVALUATE)

}  // namespace sashite
