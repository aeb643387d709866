// Per-piece move emission with the promotion rules (README Conventions): the one place that turns a
// piece's legal target squares into moves. The full generator calls it per piece type; the
// differential generator calls it when it regenerates one piece.
#pragma once

#include "engine/bitboard.h"

namespace sashite {

// Emits one move per target square; `base` holds from (or the dropped kind), flags included.
inline ExtMove* emit_moves(ExtMove* list, Bitboard targets, unsigned base) {
  for_each_square(targets, [&](Square to) { (list++)->move = Move(base | to); });
  return list;
}

// All = every legal non-promotion too (LegalAll); otherwise the useless non-promotions of
// pawn, bishop and rook are left out.
template <Color Us, bool All>
struct Emit {
  static Bitboard rel_rank(Rank r) { return rank_bb(relative_rank(Us, r)); }

  // Pawn moves given by their destinations (one pawn or all of them at once).
  static ExtMove* pawns(ExtMove* list, Bitboard to) {
    constexpr int back = Us == BLACK ? 1 : -1;  // from = to + back
    for_each_square(to & zone_bb(Us), [&](Square t) {
      (list++)->move = make_move_promote(t + back, t);
      if (All && relative_rank(Us, rank_of(t)) != RANK_1) (list++)->move = make_move(t + back, t);
    });
    for_each_square(to.andnot(zone_bb(Us)), [&](Square t) { (list++)->move = make_move(t + back, t); });
    return list;
  }
  // Must promote on rank 1, may on ranks 2-3.
  static ExtMove* lance(ExtMove* list, Square from, Bitboard t) {
    list = emit_moves(list, t & zone_bb(Us), (from << 7) | MOVE_PROMOTE);
    return emit_moves(list, t.andnot(rel_rank(RANK_1)), from << 7);
  }
  // Must promote on ranks 1-2, may on rank 3.
  static ExtMove* knight(ExtMove* list, Square from, Bitboard t) {
    list = emit_moves(list, t & zone_bb(Us), (from << 7) | MOVE_PROMOTE);
    return emit_moves(list, t.andnot(rel_rank(RANK_1) | rel_rank(RANK_2)), from << 7);
  }
  // May promote when starting or ending in the zone.
  static ExtMove* silver(ExtMove* list, Square from, Bitboard t) {
    list = emit_moves(list, zone_bb(Us).test(from) ? t : t & zone_bb(Us), (from << 7) | MOVE_PROMOTE);
    return emit_moves(list, t, from << 7);
  }
  // Bishop and rook: promotion always pays, so their non-promotions are LegalAll only.
  static ExtMove* major(ExtMove* list, Square from, Bitboard t) {
    const Bitboard promo = zone_bb(Us).test(from) ? t : t & zone_bb(Us);
    list = emit_moves(list, promo, (from << 7) | MOVE_PROMOTE);
    return emit_moves(list, All ? t : t.andnot(promo), from << 7);
  }
  // Gold movers, horse, dragon, king: no promotion.
  static ExtMove* plain(ExtMove* list, Square from, Bitboard t) { return emit_moves(list, t, from << 7); }

  // Any piece type, chosen at run time.
  static ExtMove* piece(ExtMove* list, PieceType pt, Square from, Bitboard t) {
    switch (pt) {
      case PAWN: return pawns(list, t);
      case LANCE: return lance(list, from, t);
      case KNIGHT: return knight(list, from, t);
      case SILVER: return silver(list, from, t);
      case BISHOP:
      case ROOK: return major(list, from, t);
      default: return plain(list, from, t);
    }
  }
};

}  // namespace sashite
