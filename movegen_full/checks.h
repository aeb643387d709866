// Checking moves and recaptures, generated directly (the mate solver calls Checks at every
// attacking node: no generate-then-filter). Include only from generator sources.
//
// A move checks the enemy king at ksq directly when the piece, as it stands after the move
// (promoted or not), attacks ksq from `to`: `to` is then one of its check squares, the squares
// a piece of that kind of the enemy's colour on ksq would attack. For sliders these are taken on
// the current occupancy: the moved piece's own `from` never opens the ray from `to` to ksq,
// since `from` lying on that ray means the piece slid along it, and then it would already
// attack ksq from `from` (the enemy is not in check when we move). A move checks by discovery
// when the piece blocked one of our sliders' lines onto ksq and leaves that line.
#pragma once

#include "movegen_full/generator.h"

namespace sashite::detail {

// All: LegalAll's promotion choices (ChecksAll), else Legal's (no useless non-promotions).
template <Color Us, HandLayout H, bool All = false>
struct CheckGenerator {
  using Pos = BasicPosition<H>;
  using G = Generator<Us, All, H>;
  static constexpr Color Them = ~Us;

  // Squares from which a piece of kind pt (ours) attacks ksq, on occupancy occ.
  static Bitboard check_squares(PieceType pt, Square ksq, const Bitboard& occ) {
    return sashite::check_squares<Us>(pt, ksq, occ);
  }

  // Emits the moves of one piece from `from`: promotions to `promo`, non-promotions to
  // `plain`, each set cut to what the promotion rules (README Conventions) and Legal (or
  // LegalAll) allow.
  static ExtMove* emit(ExtMove* list, PieceType pt, Square from, Bitboard promo, Bitboard plain) {
    const Bitboard zone = zone_bb(Us);
    const Bitboard may_promote = zone.test(from) ? ~Bitboard() : zone;
    const Bitboard rank1 = G::rel_rank(RANK_1), rank2 = G::rel_rank(RANK_2);
    switch (pt) {
      case PAWN:
        promo &= zone, plain = plain.andnot(All ? rank1 : zone);
        break;  // in the zone, only the promotion is Legal
      case LANCE: promo &= zone, plain = plain.andnot(rank1); break;
      case KNIGHT: promo &= zone, plain = plain.andnot(rank1 | rank2); break;
      case SILVER: promo &= may_promote; break;
      case BISHOP:
      case ROOK: promo &= may_promote, plain = All ? plain : plain.andnot(may_promote); break;
      default: promo = Bitboard();
    }
    list = emit_moves(list, promo, (from << 7) | MOVE_PROMOTE);
    return emit_moves(list, plain, from << 7);
  }

  // One piece's checking moves among its legal targets t; `disc` when it blocks one of our
  // lines onto ksq; `promotions` false leaves them out (QuietChecks' pawns).
  static ExtMove* piece_checks(ExtMove* list, PieceType pt, Square from, Bitboard t, Square ksq, const Bitboard& occ,
                               bool disc, bool promotions = true) {
    const Bitboard off_line = disc ? t.andnot(line_bb(ksq, from)) : Bitboard();
    const Bitboard plain = (t & check_squares(pt, ksq, occ)) | off_line;
    const Bitboard promo =
        promotions && can_promote(pt) ? (t & check_squares(promote(pt), ksq, occ)) | off_line : Bitboard();
    return emit(list, pt, from, promo, plain);
  }

  // Quiet = QuietChecks: no capture, no pawn promotion, drops included.
  template <bool Quiet>
  static ExtMove* generate(const Pos& pos, ExtMove* list) {
    const Square ksq = pos.king_square(Them);
    if (ksq == SQ_NONE) return list;
    const Square own_ksq = pos.king_square(Us);
    const Bitboard occ = pos.pieces();
    const Bitboard empty = pos.empties();
    const Bitboard dc = pos.blockers_for_king(Them) & pos.pieces(Us);
    const Bitboard pinned = pos.pinned();

    // Where board moves and drops may go: anywhere, or against a single checker its square
    // and the squares between; in double check only the king moves.
    Bitboard target = Quiet ? empty : empty | pos.pieces(Them);
    Bitboard drop_target = empty;
    const Bitboard checkers = pos.checkers();
    const bool double_check = checkers.more_than_one();
    if (checkers && !double_check) {
      const Bitboard block = between_bb(own_ksq, checkers.lsb());
      target &= block | checkers;
      drop_target &= block;
    }

    if (!double_check) {
      // Pawns: a pinned pawn moves only along its king's file (as in Generator::board_moves).
      Bitboard pawns = pos.pieces(Us, PAWN);
      if (pinned) pawns = pawns.andnot(pinned.andnot(file_bb(file_of(own_ksq))));
      const Bitboard pawn_to = (Us == BLACK ? pawns.rank_up() : pawns.rank_down()) & target;
      constexpr int back = Us == BLACK ? 1 : -1;
      const Bitboard tokin = Quiet ? Bitboard() : check_squares(PRO_PAWN, ksq, occ) & zone_bb(Us);
      const Bitboard direct = check_squares(PAWN, ksq, occ) | tokin;
      const Bitboard disc_to = Us == BLACK ? (dc & pawns).rank_up() : (dc & pawns).rank_down();
      for_each_square(pawn_to & (direct | disc_to), [&](Square to) {
        const Square from = to + back;
        list = piece_checks(list, PAWN, from, square_bb(to), ksq, occ, dc.test(from), !Quiet);
      });

      auto each = [&](Bitboard pieces, PieceType pt, auto attacks) {
        for_each_square(pieces, [&](Square from) {
          const Bitboard t = G::template pin_filter<true>(attacks(from) & target, from, pinned, own_ksq);
          list = piece_checks(list, pt, from, t, ksq, occ, dc.test(from));
        });
      };
      each(pos.pieces(Us, LANCE), LANCE, [&](Square s) { return lance_attacks<Us>(s, occ); });
      each(pos.pieces(Us, KNIGHT).andnot(pinned), KNIGHT, [&](Square s) { return knight_attacks(Us, s); });
      each(pos.pieces(Us, SILVER), SILVER, [&](Square s) { return silver_attacks(Us, s); });
      each(pos.golds() & pos.pieces(Us), GOLD, [&](Square s) { return gold_attacks(Us, s); });
      each(pos.pieces(Us, BISHOP), BISHOP, [&](Square s) { return bishop_attacks(s, occ); });
      each(pos.pieces(Us, ROOK), ROOK, [&](Square s) { return rook_attacks(s, occ); });
      each(pos.pieces(Us, HORSE), HORSE, [&](Square s) { return horse_attacks(s, occ); });
      each(pos.pieces(Us, DRAGON), DRAGON, [&](Square s) { return dragon_attacks(s, occ); });
    }

    // The king checks only by discovery: stepping off the line it blocks.
    if (own_ksq != SQ_NONE && dc.test(own_ksq)) {
      const Bitboard t = (Quiet ? empty : empty | pos.pieces(Them)).andnot(line_bb(ksq, own_ksq));
      list = G::king_moves(pos, list, t);
    }

    if (!double_check) list = drops(pos, list, drop_target, ksq, occ);
    return list;
  }

  // Drops check only directly. A pawn drop that mates is not legal (uchifuzume).
  static ExtMove* drops(const Pos& pos, ExtMove* list, Bitboard target, Square ksq, const Bitboard& occ) {
    const H& hand = pos.hand(Us);
    if (hand.empty()) return list;
    const Bitboard rank1 = G::rel_rank(RANK_1), rank2 = G::rel_rank(RANK_2);
    if (hand.has(PAWN)) {
      const Bitboard t = (target & check_squares(PAWN, ksq, occ)).andnot(rank1 | pawn_files<Us>(pos.pieces(Us, PAWN)));
      if (t && !pos.pawn_drop_mates(t.lsb())) list = emit_moves(list, t, MOVE_DROP | (PAWN << 7));
    }
    if (hand.has(LANCE))
      list = emit_moves(list, (target & check_squares(LANCE, ksq, occ)).andnot(rank1), MOVE_DROP | (LANCE << 7));
    if (hand.has(KNIGHT))
      list =
          emit_moves(list, (target & check_squares(KNIGHT, ksq, occ)).andnot(rank1 | rank2), MOVE_DROP | (KNIGHT << 7));
    for (PieceType pr : {SILVER, GOLD, BISHOP, ROOK})
      if (hand.has(pr)) list = emit_moves(list, target & check_squares(pr, ksq, occ), MOVE_DROP | (pr << 7));
    return list;
  }
};

// Checks (All false) or ChecksAll (All true), QuietChecks (Quiet): instantiated in checks.cpp and
// mate_categories.cpp.
template <bool Quiet, bool All, HandLayout H>
ExtMove* generate_checks(const BasicPosition<H>& pos, ExtMove* list) {
  return pos.side_to_move() == BLACK ? CheckGenerator<BLACK, H, All>::template generate<Quiet>(pos, list)
                                     : CheckGenerator<WHITE, H, All>::template generate<Quiet>(pos, list);
}

// Legal board moves to one square (Legal's promotion choices): the captures a search tries
// on the square of the last capture.
template <Color Us, HandLayout H>
ExtMove* generate_recaptures(const BasicPosition<H>& pos, Square to, ExtMove* list) {
  using G = Generator<Us, false, H>;
  Bitboard t = square_bb(to).andnot(pos.pieces(Us));
  list = G::king_moves(pos, list, t);  // safe squares only, in check too
  const Bitboard checkers = pos.checkers();
  if (checkers) {
    if (checkers.more_than_one()) return list;
    t &= between_bb(pos.king_square(Us), checkers.lsb()) | checkers;
  }
  return t ? G::board_moves(pos, list, t, t) : list;
}

}  // namespace sashite::detail
