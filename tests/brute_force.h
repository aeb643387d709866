// An independent legal-move generator for tests, written from attacks_bb and the rules with no
// code shared with movegen_full: every piece's attacks_bb targets, promotion options from the
// zone rule, drops from the hand, then each candidate is made and kept only if the mover's king
// is not attacked afterwards. Pawn drops that give check are kept only if the opponent then has
// a reply (uchifuzume). Slow, and obviously right.
#pragma once

#include <vector>

#include "engine/position.h"

namespace sashite::testing {

inline bool dead_on(Color c, PieceType pt, Square s) {
  const Rank r = relative_rank(c, rank_of(s));
  return ((pt == PAWN || pt == LANCE) && r == RANK_1) || (pt == KNIGHT && r <= RANK_2);
}

inline bool own_pawn_on_file(const Position& pos, Color c, File f) {
  for (Rank r = RANK_1; r < RANK_NB; ++r)
    if (pos.piece_on(make_square(f, r)) == make_piece(c, PAWN)) return true;
  return false;
}

inline std::vector<Move> pseudo_legal(const Position& pos) {
  const Color us = pos.side_to_move();
  std::vector<Move> out;
  for (Square from = SQ_ZERO; from < SQ_NB; ++from) {
    const Piece pc = pos.piece_on(from);
    if (pc == NO_PIECE || color_of(pc) != us) continue;
    const PieceType pt = type_of(pc);
    for_each_square(attacks_bb(us, pt, from, pos.pieces()).andnot(pos.pieces(us)), [&](Square to) {
      if (can_promote(pt) && (in_promotion_zone(us, from) || in_promotion_zone(us, to)))
        out.push_back(make_move_promote(from, to));
      if (!dead_on(us, pt, to)) out.push_back(make_move(from, to));
    });
  }
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) {
    if (!pos.hand(us).count(pr)) continue;
    for (Square to = SQ_ZERO; to < SQ_NB; ++to) {
      if (pos.piece_on(to) != NO_PIECE || dead_on(us, pr, to)) continue;
      if (pr == PAWN && own_pawn_on_file(pos, us, file_of(to))) continue;
      out.push_back(make_move_drop(pr, to));
    }
  }
  return out;
}

inline bool leaves_king_safe(Position& pos, Move m) {
  const Color us = pos.side_to_move();
  StateInfo st;
  pos.do_move(m, st);
  const Square ksq = pos.king_square(us);
  const bool safe = ksq == SQ_NONE || !pos.attackers_to(~us, ksq);
  pos.undo_move(m);
  return safe;
}

inline std::vector<Move> brute_force_legal(Position& pos) {
  std::vector<Move> legal;
  const Color us = pos.side_to_move();
  for (Move m : pseudo_legal(pos)) {
    if (!leaves_king_safe(pos, m)) continue;
    if (is_drop(m) && dropped_type(m) == PAWN) {
      StateInfo st;
      pos.do_move(m, st);
      const Square eksq = pos.king_square(~us);
      bool mates = false;
      if (eksq != SQ_NONE && pos.attackers_to(us, eksq)) {
        // A pawn check can only be answered by a king move or a capture, never by a pawn
        // drop, so the reply search needs no uchifuzume rule of its own.
        mates = true;
        for (Move r : pseudo_legal(pos))
          if (leaves_king_safe(pos, r)) {
            mates = false;
            break;
          }
      }
      pos.undo_move(m);
      if (mates) continue;
    }
    legal.push_back(m);
  }
  return legal;
}

}  // namespace sashite::testing
