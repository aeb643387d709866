// A one-ply mate test for the search's nodes: shogi positions hold many mates in one (a drop
// next to the king), and the search finds them a ply earlier and for the price of a few
// evasion generations. Complete for contact checks (a piece on the king's 3x3 or a knight's
// check) that the king cannot simply take; a distant check can mate too, but rarely, and the
// search still finds those.
#pragma once

#include "movegen/generator.h"

namespace sashite {

// The lowest-valued mating move of the side to move (MOVE_NONE if none among the contact
// checks), so every generator answers the same move. `st` is scratch state for one ply.
template <SearchPosition Pos>
Move mate_in_one(Pos& pos, typename Pos::State& st) {
  const auto& b = pos.board();
  const Color us = b.side_to_move();
  const Square ksq = b.king_square(~us);
  if (ksq == SQ_NONE) return MOVE_NONE;
  const Bitboard contact = king_attacks(ksq);

  ExtMove checks[MAX_MOVES];
  ExtMove* const end = generate<GenType::Checks>(pos, checks);
  Move best = MOVE_NONE;
  for (const ExtMove* e = checks; e < end; ++e) {
    const Move m = e->move;
    if (best != MOVE_NONE && m > best) continue;
    const Square to = to_sq(m);
    if (!(contact & square_bb(to))) {
      if (type_of(b.moved_piece(m)) != KNIGHT) continue;
    } else {
      // The king takes an undefended contact checker: a defender is needed (through the
      // vacated square, which can open a slider behind the moving piece).
      const Bitboard occ = is_drop(m) ? b.pieces() : b.pieces() ^ square_bb(from_sq(m));
      Bitboard defenders = b.attackers_to(us, to, occ);
      if (!is_drop(m)) defenders &= ~square_bb(from_sq(m));
      if (!defenders) continue;
    }
    pos.do_move(m, st);
    ExtMove evasions[MAX_MOVES];
    const bool mated = generate<GenType::Evasions>(pos, evasions) == evasions;
    pos.undo_move(m);
    if (mated) best = m;
  }
  return best;
}

}  // namespace sashite
