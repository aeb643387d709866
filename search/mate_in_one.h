// A one-ply mate test for the search's nodes: shogi positions hold many mates in one (a drop
// next to the king), and the search finds them a ply earlier and for the price of a few
// evasion generations. Complete for contact checks (a piece on the king's 3x3 or a knight's
// check) that the king cannot simply take; a distant check can mate too, but rarely, and the
// search still finds those.
//
// The candidates come from the board around the enemy king, not from a check generator: only
// pieces that can reach its 3x3 (steppers within two squares, any slider) and knights are
// looked at, and drops only on the squares next to the king from which the kind attacks it.
// Most nodes' enemy king has few of our pieces near, so the test is mostly bitboard operations;
// still, it cost more nodes/s in games than its mates paid for: off by default (search/features.h,
// FINDINGS.md F-search-features).
#pragma once

#include "movegen/generator.h"
#include "movegen_full/emit.h"

namespace sashite {

namespace detail {

// The contact checks' candidates of side Us: the moves of GenType::Legal that land on the enemy
// king's 3x3, every knight move, and the drops next to the king that attack it (pawn drops
// excluded: a pawn drop may not mate). Neither legality nor check is tested yet.
template <Color Us, HandLayout H>
ExtMove* contact_candidates(const BasicPosition<H>& b, Square ksq, ExtMove* list) {
  const Bitboard occ = b.pieces(), ours = b.pieces(Us);
  const Bitboard contact = king_attacks(ksq);
  const Bitboard targets = contact.andnot(ours);
  Bitboard near = contact;
  for_each_square(contact, [&](Square s) { near |= king_attacks(s); });

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

}  // namespace detail

// The lowest-valued mating move of the side to move (MOVE_NONE if none among the contact
// checks), so every generator answers the same move. `st` is scratch state for one ply.
template <SearchPosition Pos>
Move mate_in_one(Pos& pos, typename Pos::State& st) {
  const auto& b = pos.board();
  const Color us = b.side_to_move();
  const Square ksq = b.king_square(~us);
  if (ksq == SQ_NONE) return MOVE_NONE;
  const Bitboard contact = king_attacks(ksq);

  ExtMove candidates[MAX_MOVES];
  ExtMove* const end = us == BLACK ? detail::contact_candidates<BLACK>(b, ksq, candidates)
                                   : detail::contact_candidates<WHITE>(b, ksq, candidates);
  Move best = MOVE_NONE;
  for (const ExtMove* e = candidates; e < end; ++e) {
    const Move m = e->move;
    if (best != MOVE_NONE && m > best) continue;
    const Square to = to_sq(m);
    if (contact.test(to)) {
      // The king takes an undefended contact checker: a defender is needed (through the
      // vacated square, which can open a slider behind the moving piece).
      const Bitboard occ = is_drop(m) ? b.pieces() : b.pieces() ^ square_bb(from_sq(m));
      Bitboard defenders = b.attackers_to(us, to, occ);
      if (!is_drop(m)) defenders &= ~square_bb(from_sq(m));
      if (!defenders) continue;
    }
    if (!b.legal(m) || !b.gives_check(m)) continue;
    pos.do_move(m, st);
    ExtMove evasions[MAX_MOVES];
    const bool mated = generate<GenType::Evasions>(pos, evasions) == evasions;
    pos.undo_move(m);
    if (mated) best = m;
  }
  return best;
}

}  // namespace sashite
