// The candidates of every mate-in-one method: the contact checks (a piece on the enemy king's
// 3x3 or a knight's check) and nothing else. A distant check can mate too, but rarely, and the
// search still finds those.
//
// The candidates come from the board around the enemy king, not from a check generator: only
// pieces that can reach its 3x3 (steppers within two squares, any slider) and knights are
// looked at, and drops only on the squares next to the king from which the kind attacks it.
#pragma once

#include "engine/position.h"
#include "movegen_full/emit.h"

namespace sashite::detail {

// The contact checks' candidates of side Us: the moves of GenType::Legal that land on the enemy
// king's 3x3, every knight move, and the drops next to the king that attack it (pawn drops
// excluded: a pawn drop may not mate). Neither legality nor check is tested yet.
template <Color Us, HandLayout H>
ExtMove* contact_candidates(const BasicPosition<H>& b, Square ksq, ExtMove* list) {
  const Bitboard occ = b.pieces(), ours = b.pieces(Us);
  const Bitboard contact = king_attacks(ksq);
  const Bitboard targets = contact.andnot(ours);
  const Bitboard near = king_reach(ksq).near;

  auto moves_into = [&](Square from) {
    const PieceType pt = type_of(b.piece_on(from));
    if (const Bitboard t = attacks_bb(Us, pt, from, occ) & targets) list = Emit<Us, false>::piece(list, pt, from, t);
  };
  for_each_square((b.pieces(Us, PAWN, SILVER) | (b.golds() & ours)) & near, moves_into);
  // A slider is looked at only if its empty-board reach meets the 3x3.
  for_each_square(b.pieces(Us, LANCE), [&](Square from) {
    if (lance_pseudo_attacks(Us, from) & targets) moves_into(from);
  });
  for_each_square(b.pieces(Us, BISHOP, HORSE), [&](Square from) {
    if ((bishop_pseudo_attacks(from) | king_attacks(from)) & targets) moves_into(from);
  });
  for_each_square(b.pieces(Us, ROOK, DRAGON), [&](Square from) {
    if ((rook_pseudo_attacks(from) | king_attacks(from)) & targets) moves_into(from);
  });
  for_each_square(b.pieces(Us, KNIGHT), [&](Square from) {
    if (const Bitboard t = knight_attacks(Us, from).andnot(ours)) list = Emit<Us, false>::knight(list, from, t);
  });

  // Drops: a knight on its check squares, the other kinds (pawns excepted) on the empty squares
  // next to the king from which they attack it.
  const auto& hand = b.hand(Us);
  const Bitboard empty = ~occ, empty_contact = contact & empty;
  for (const PieceType pt : {LANCE, KNIGHT, SILVER, BISHOP, ROOK, GOLD})
    if (hand.has(pt))
      list = emit_moves(list, check_squares<Us>(pt, ksq, occ) & (pt == KNIGHT ? empty : empty_contact),
                        MOVE_DROP | (pt << 7));
  return list;
}

// The candidates of the side to move against the enemy king on ksq.
template <HandLayout H>
ExtMove* contact_candidates(const BasicPosition<H>& b, Square ksq, ExtMove* list) {
  return b.side_to_move() == BLACK ? contact_candidates<BLACK>(b, ksq, list) : contact_candidates<WHITE>(b, ksq, list);
}

}  // namespace sashite::detail
