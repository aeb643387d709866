// Cheap answers at a solver's new nodes, before any search: the filter in front of
// mate/unbounded_df_pn.cpp's mate-in-one test (whose test itself is the mate-in-one family's,
// movegen_full/mate_in_one/bitboard.h). Each errs one known way, tested against full
// generation in tests/mate_test.cpp.
#pragma once

#include "engine/position.h"
#include "movegen_full/movegen.h"

namespace sashite::mate {

// The squares next to the king of `defender` that no piece of the other side covers (the king
// lifted off its square, so a slider's line runs through it).
inline Bitboard flight_squares(const Position& pos, Color defender) {
  const Square k = pos.king_square(defender);
  const Bitboard occ = pos.pieces() ^ square_bb(k);
  Bitboard flight;
  for (Bitboard b = king_attacks(k).andnot(pos.pieces(defender)); b;)
    if (const Square s = b.pop_lsb(); !pos.attacked_by(~defender, s, occ)) flight |= square_bb(s);
  return flight;
}

// Does the check m of the side to move surely leave the king one of `flight`
// (flight_squares())? After m a square is newly covered only by the checking piece or along a
// line through the square it left: a flight square off those (and off the checker's own
// square) stays free, and m cannot mate. Errs only towards false: a filter before a mate test.
inline bool leaves_flight(const Position& pos, Move m, Bitboard flight) {
  const Color us = pos.side_to_move();
  const Square to = to_sq(m);
  Bitboard occ = (pos.pieces() ^ square_bb(pos.king_square(~us))) | square_bb(to);
  Bitboard free = flight.andnot(square_bb(to));
  PieceType pt;
  if (is_drop(m)) {
    pt = dropped_type(m);
  } else {
    const Square from = from_sq(m);
    occ ^= square_bb(from);
    free = free.andnot(rook_pseudo_attacks(from) | bishop_pseudo_attacks(from));
    pt = type_of(pos.piece_on(from));
    if (is_promotion(m)) pt = promote(pt);
  }
  return bool(free.andnot(attacks_bb(us, pt, to, occ)));
}

}  // namespace sashite::mate
