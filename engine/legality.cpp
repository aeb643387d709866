// Move validation without generation (pseudo_legal, legal) and the static exchange test.
// Kept out of position.cpp: these answer questions about a move, they do not change the position.
#include "engine/piece_value.h"
#include "engine/position.h"

namespace sashite {

template <HandLayout H>
bool BasicPosition<H>::pseudo_legal(Move m) const {
  const Color us = side_;
  const Square to = to_sq(m);
  if (!is_ok(to)) return false;
  if (is_drop(m)) {
    const PieceType pr = dropped_type(m);
    if (is_promotion(m) || pr < RAW_BEGIN || pr >= RAW_END) return false;
    if (!hand_[us].has(pr) || board_[to] != NO_PIECE || is_dead_square(us, pr, to)) return false;
    // Nifu: another unpromoted pawn of ours on the file.
    return pr != PAWN || !(pieces(us, PAWN) & file_bb(file_of(to)));
  }
  const Square from = from_sq(m);
  if (!is_ok(from)) return false;
  const Piece pc = board_[from];
  if (pc == NO_PIECE || color_of(pc) != us || pieces(us).test(to)) return false;
  const PieceType pt = type_of(pc);
  if (!attacks_bb(us, pt, from, pieces()).test(to)) return false;
  if (is_promotion(m)) return can_promote(pt) && (in_promotion_zone(us, from) || in_promotion_zone(us, to));
  return !is_dead_square(us, pt, to);
}

template <HandLayout H>
bool BasicPosition<H>::legal(Move m) const {
  const Color us = side_;
  const Square ksq = king_[us];
  const Square to = to_sq(m);
  const Bitboard checkers = st_->checkers;
  if (is_drop(m)) {
    // A drop exposes nothing; in check it must interpose against a single checker.
    if (checkers && (checkers.more_than_one() || !between_bb(ksq, checkers.lsb()).test(to))) return false;
    const Square eksq = king_[~us];
    return dropped_type(m) != PAWN || eksq == SQ_NONE || !pawn_attacks(us, to).test(eksq) || !pawn_drop_mates(to);
  }
  const Square from = from_sq(m);
  if (from == ksq) return !attacked_by(~us, to, pieces() ^ square_bb(from));
  if (checkers) {
    if (checkers.more_than_one()) return false;
    const Square csq = checkers.lsb();
    if (to != csq && !between_bb(ksq, csq).test(to)) return false;
  }
  // A pinned piece stays on the line through its king.
  return !(st_->blockers & pieces(us)).test(from) || aligned(ksq, from, to);
}

// The swap list walked without storing it, in the shape Stockfish made common: `balance` is
// what the side to capture next stands to gain if it stops, and `res` flips each time a side
// captures. Promotions: the first move's own promotion is valued (the piece at risk on `to`
// is the promoted one, and the promotion gain counts); recaptures that could promote are
// valued unpromoted. Pins of the recapturing pieces are ignored. A drop captures nothing and
// puts its piece at risk.
template <HandLayout H>
bool BasicPosition<H>::see_ge(Move m, int threshold) const {
  const Square to = to_sq(m);
  PieceType moved;
  Bitboard occ = pieces();
  int gain = piece_value(board_[to]);
  if (is_drop(m)) {
    moved = dropped_type(m);
    gain = 0;
  } else {
    const Square from = from_sq(m);
    moved = type_of(board_[from]);
    occ ^= square_bb(from);
    if (is_promotion(m)) {
      gain += piece_value(promote(moved)) - piece_value(moved);
      moved = promote(moved);
    }
  }
  int balance = gain - threshold;
  if (balance < 0) return false;  // even if nothing is recaptured
  balance = piece_value(moved) - balance;
  if (balance <= 0) return true;                   // even if the moved piece is lost
  if (!attacked_by(~side_, to, occ)) return true;  // nothing takes it: most quiet moves, found cheaply

  // Least valuable first; the promoted step pieces move as golds and are worth as much.
  static constexpr PieceType kOrder[] = {PAWN,       LANCE, KNIGHT, SILVER, PRO_PAWN, PRO_LANCE, PRO_KNIGHT,
                                         PRO_SILVER, GOLD,  BISHOP, ROOK,   HORSE,    DRAGON,    KING};
  auto sliders_to = [&](const Bitboard& o) {
    return (bishop_attacks(to, o) & pieces(BISHOP, HORSE)) | (rook_attacks(to, o) & pieces(ROOK, DRAGON)) |
           (lance_attacks(WHITE, to, o) & pieces(BLACK, LANCE)) | (lance_attacks(BLACK, to, o) & pieces(WHITE, LANCE));
  };
  // Both colours' attackers, the sliders computed once for both.
  Bitboard attackers =
      (step_attackers_to(BLACK, to) & pieces(BLACK)) | (step_attackers_to(WHITE, to) & pieces(WHITE)) | sliders_to(occ);
  Color stm = side_;
  int res = 1;
  for (;;) {
    stm = ~stm;
    attackers &= occ;
    const Bitboard mine = attackers & pieces(stm);
    if (!mine) break;
    res ^= 1;
    PieceType pt = KING;
    Bitboard b;
    for (PieceType p : kOrder)
      if ((b = mine & pieces(p))) {
        pt = p;
        break;
      }
    if (pt == KING) return (attackers & pieces(~stm)) ? res ^ 1 : res;  // the king cannot take into attack
    balance = piece_value(pt) - balance;
    if (balance < res) break;
    occ ^= square_bb(b.lsb());
    attackers |= sliders_to(occ);  // x-rays behind the piece that just captured
  }
  return bool(res);
}

#define SASHITE_INSTANTIATE_LEGALITY(H)                     \
  template bool BasicPosition<H>::pseudo_legal(Move) const; \
  template bool BasicPosition<H>::legal(Move) const;        \
  template bool BasicPosition<H>::see_ge(Move, int) const;
SASHITE_FOR_EACH_HAND_LAYOUT(SASHITE_INSTANTIATE_LEGALITY)

}  // namespace sashite
