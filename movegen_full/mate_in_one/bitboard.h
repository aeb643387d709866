// mate_in_one/bitboard: each candidate is decided from attack sets on the board as it would be
// after the move, with no do_move and no evasion list: the king's flight squares, the checker's
// capture by a defender its pins allow, interposition on a distant slider check (board moves
// and drops, with nifu, the drop ranks and the pawn-drop-mate rule), and a double check's king
// moves only. The idea of a one-ply mate from attack sets is YaneuraOu's mate1ply (yaneurao,
// YaneuraOu's search); this code is the project's own and answers exactly the baseline's move.
//
// The board after the move is never built: the position's piece-kind bitboards are read
// through a colour mask that leaves out the square the piece left (ours) and the captured piece
// (theirs); the moved piece, which may have promoted, is added by its own attack set.
#pragma once

#include <cstdint>

#include "movegen_full/mate_in_one/candidates.h"

namespace sashite {

namespace mate1_detail {

// The pieces of `mask` (one colour's, that colour c) that attack s on occupancy occ.
template <HandLayout H>
inline Bitboard attackers_in(const BasicPosition<H>& b, Color c, Square s, const Bitboard& occ, const Bitboard& mask) {
  const Color t = ~c;
  const Bitboard hdk = b.pieces(HORSE, DRAGON, KING);
  return ((pawn_attacks(t, s) & b.pieces(PAWN)) | (knight_attacks(t, s) & b.pieces(KNIGHT)) |
          (silver_attacks(t, s) & (b.pieces(SILVER) | hdk)) | (gold_attacks(t, s) & (b.golds() | hdk)) |
          (lance_attacks(t, s, occ) & b.pieces(LANCE)) | (bishop_attacks(s, occ) & b.pieces(BISHOP, HORSE)) |
          (rook_attacks(s, occ) & b.pieces(ROOK, DRAGON))) &
         mask;
}

// attackers_in(...) != 0, the steppers first and a slider's attack only when one stands on a
// line through s (most flight squares are answered by a stepper).
template <HandLayout H>
inline bool attacked_in(const BasicPosition<H>& b, Color c, Square s, const Bitboard& occ, const Bitboard& mask) {
  const Color t = ~c;
  const Bitboard hdk = b.pieces(HORSE, DRAGON, KING);
  if (((pawn_attacks(t, s) & b.pieces(PAWN)) | (knight_attacks(t, s) & b.pieces(KNIGHT)) |
       (silver_attacks(t, s) & (b.pieces(SILVER) | hdk)) | (gold_attacks(t, s) & (b.golds() | hdk))) &
      mask)
    return true;
  const Bitboard lances = b.pieces(LANCE) & mask & lance_pseudo_attacks(t, s);
  const Bitboard rooks = b.pieces(ROOK, DRAGON) & mask & rook_pseudo_attacks(s);
  const Bitboard bishops = b.pieces(BISHOP, HORSE) & mask & bishop_pseudo_attacks(s);
  return (lances && (lance_attacks(t, s, occ) & lances)) || (rooks && (rook_attacks(s, occ) & rooks)) ||
         (bishops && (bishop_attacks(s, occ) & bishops));
}

// The squares from which a slider of kind pt (a step-only kind: none) could pin against a
// king of colour k on ksq; the same set is the empty-board attack of such a slider of colour k
// standing on ksq.
inline Bitboard slider_lines(PieceType pt, Color k, Square ksq) {
  switch (pt) {
    case LANCE: return lance_pseudo_attacks(k, ksq);
    case BISHOP:
    case HORSE: return bishop_pseudo_attacks(ksq);
    case ROOK:
    case DRAGON: return rook_pseudo_attacks(ksq);
    default: return Bitboard();
  }
}

// The pieces of `own` (the colour of the king on ksq) that alone shield it from a slider of
// `snipers_mask` (the other colour), on occupancy occ; `extra`, of kind extra_pt, is one more
// slider of the other colour the kind bitboards do not hold.
template <HandLayout H>
inline Bitboard pinned_in(const BasicPosition<H>& b, Color k, Square ksq, const Bitboard& occ, const Bitboard& own,
                          const Bitboard& snipers_mask, Square extra, PieceType extra_pt) {
  Bitboard snipers = snipers_mask & ((lance_pseudo_attacks(k, ksq) & b.pieces(LANCE)) |
                                     (rook_pseudo_attacks(ksq) & b.pieces(ROOK, DRAGON)) |
                                     (bishop_pseudo_attacks(ksq) & b.pieces(BISHOP, HORSE)));
  if (extra != SQ_NONE && slider_lines(extra_pt, k, ksq).test(extra)) snipers |= square_bb(extra);
  Bitboard pinned;
  for_each_square(snipers, [&](Square s) {
    const Bitboard between = between_bb(ksq, s) & occ;
    if (between && !between.more_than_one()) pinned |= between;
  });
  return pinned & own;
}

// Would the side `them`, dropping a pawn on s, mate the king of `us` on uk? The board is the
// one after our move (occ, ours without the moved piece, which stands on `to` as kind pt;
// theirs without what it took). Only called when that pawn attacks uk, i.e. checks.
template <HandLayout H>
bool pawn_drop_mates_after(const BasicPosition<H>& b, Color us, Square uk, Square s, const Bitboard& occ,
                           const Bitboard& ours, const Bitboard& theirs, Square to, PieceType pt) {
  const Color them = ~us;
  const Bitboard occ2 = occ | square_bb(s), occ2_nok = occ2 ^ square_bb(uk);
  // The king takes the pawn or steps aside: the pawn itself attacks only uk's square.
  for (Bitboard esc = king_attacks(uk).andnot(ours | square_bb(to)); esc;)
    if (!attacked_in(b, them, esc.pop_lsb(), occ2_nok, theirs)) return false;
  // Another of our pieces takes it, unless that exposes our king.
  Bitboard takers = attackers_in(b, us, s, occ2, ours.andnot(square_bb(uk)));
  if (attacks_bb(us, pt, to, occ2).test(s)) takers |= square_bb(to);
  if (!takers) return true;
  const Bitboard pinned = pinned_in(b, us, uk, occ2, ours | square_bb(to), theirs, SQ_NONE, NO_PIECE_TYPE);
  for (; takers;)
    if (const Square d = takers.pop_lsb(); !pinned.test(d) || aligned(d, s, uk)) return false;
  return true;
}

// Does the check candidate m of the side to move mate? m need not give check (then false);
// its legality is the caller's to test. EscapesCovered: the caller has found every square the
// king could step to (the checker's included) covered on the board after m.
template <bool EscapesCovered = false, HandLayout H>
bool mates(const BasicPosition<H>& b, Move m) {
  const Color us = b.side_to_move(), them = ~us;
  const Square ksq = b.king_square(them), to = to_sq(m);
  const Bitboard to_bb = square_bb(to), k_bb = square_bb(ksq);
  Bitboard occ = b.pieces() | to_bb, ours = b.pieces(us);
  PieceType pt;
  Square from = SQ_NONE;
  if (is_drop(m)) {
    pt = dropped_type(m);
  } else {
    from = from_sq(m);
    pt = type_of(b.piece_on(from));
    if (is_promotion(m)) pt = promote(pt);
    occ ^= square_bb(from);
    ours ^= square_bb(from);
  }
  const Bitboard theirs = b.pieces(them).andnot(to_bb), occ_nok = occ ^ k_bb;
  // The moved piece's attacks with the king lifted: a slider's line runs on through its square.
  const Bitboard reach = attacks_bb(us, pt, to, occ_nok);

  Bitboard checkers = reach.test(ksq) ? to_bb : Bitboard();
  // Discovered: only a piece that left a line through the king opens one.
  if (from != SQ_NONE && (rook_pseudo_attacks(ksq) | bishop_pseudo_attacks(ksq)).test(from))
    checkers |= ours & ((lance_attacks(them, ksq, occ) & b.pieces(LANCE)) |
                        (bishop_attacks(ksq, occ) & b.pieces(BISHOP, HORSE)) |
                        (rook_attacks(ksq, occ) & b.pieces(ROOK, DRAGON)));
  if (!checkers) return false;

  // Flight: a square next to the king, not theirs, that nothing of ours attacks (a piece of
  // ours there the king takes unless it is defended).
  if constexpr (!EscapesCovered)
    for (Bitboard esc = king_attacks(ksq).andnot(theirs | reach); esc;)
      if (!attacked_in(b, us, esc.pop_lsb(), occ_nok, ours)) return false;
  if (checkers.more_than_one()) return true;  // double check: only the king could move

  const Square csq = checkers.lsb();
  const Bitboard defenders = theirs.andnot(k_bb);
  const Bitboard gap = between_bb(ksq, csq);
  // A defender that takes the checker (the king's captures were flight squares) or steps
  // between, unless its pin forbids: the pins of the new board, the moved piece a pinner too.
  Bitboard pinned;
  bool pins_known = false;
  auto free_mover = [&](Bitboard movers, Square target) {
    if (!movers) return false;
    if (!pins_known) {
      pinned = pinned_in(b, them, ksq, occ, defenders, ours, to, pt);
      pins_known = true;
    }
    for (; movers;)
      if (const Square d = movers.pop_lsb(); !pinned.test(d) || aligned(d, target, ksq)) return true;
    return false;
  };
  if (free_mover(attackers_in(b, them, csq, occ, defenders), csq)) return false;
  if (!gap) return true;

  // Interposition on a distant slider's line: board moves (a piece moves as it attacks), then
  // drops. Silver, gold, bishop and rook drop anywhere; lance and knight not on their dead
  // ranks; a pawn not there either, nor on a file holding its own pawn (nifu), nor as a
  // pawn-drop mate.
  for (Bitboard g = gap; g;)
    if (const Square s = g.pop_lsb(); free_mover(attackers_in(b, them, s, occ, defenders), s)) return false;
  const auto& hand = b.hand(them);
  if (hand.has(SILVER) || hand.has(GOLD) || hand.has(BISHOP) || hand.has(ROOK)) return false;
  const bool lance = hand.has(LANCE), knight = hand.has(KNIGHT), pawn = hand.has(PAWN);
  if (!lance && !knight && !pawn) return true;
  const Bitboard their_pawns = b.pieces(them, PAWN).andnot(to_bb);
  const Square uk = b.king_square(us);
  for (Bitboard g = gap; g;) {
    const Square s = g.pop_lsb();
    if (lance && !is_dead_square(them, LANCE, s)) return false;
    if (knight && !is_dead_square(them, KNIGHT, s)) return false;
    if (pawn && !is_dead_square(them, PAWN, s) && !(their_pawns & file_bb(file_of(s)))) {
      if (uk == SQ_NONE || !pawn_attacks(them, s).test(uk)) return false;
      if (!pawn_drop_mates_after(b, us, uk, s, occ, ours, theirs, to, pt)) return false;
    }
  }
  return true;
}

}  // namespace mate1_detail

// The candidates are detail::contact_candidates' set less the moves that cannot check (a
// kind's targets are cut to the squares from which it, or its promoted kind, attacks the king,
// unless it stands in front of one of our sliders), visited without a list in the order of
// their Move values: non-promotions (our pieces in square order, each one's targets in square
// order), then drops by kind, then promotions, so the first that mates is the answer. One
// pass over one bitboard of movers, not a loop per kind: on a middlegame sample most calls
// have few candidates or none, and there the cost is the loops' branches. Each candidate first
// has the king's escapes tested against our cover of the 3x3, learnt once per call and
// corrected for the move (the mover's steps gone, the sliders' lines on the new board); only
// a candidate that leaves none goes on to mates().
struct BitboardMateInOne {
  static constexpr const char* name = "bitboard";

  template <class Pos>
  static Move find(Pos& pos, typename Pos::State&) {
    const auto& b = pos.board();
    return b.side_to_move() == BLACK ? find_for<BLACK>(b) : find_for<WHITE>(b);
  }

  template <Color Us, HandLayout H>
  static Move find_for(const BasicPosition<H>& b) {
    constexpr Color Them = ~Us;
    const Square ksq = b.king_square(Them);
    if (ksq == SQ_NONE) return MOVE_NONE;
    const Bitboard occ = b.pieces(), ours = b.pieces(Us), theirs = b.pieces(Them), k_bb = square_bb(ksq);
    const Bitboard contact = king_attacks(ksq), targets = contact.andnot(ours);
    const AttackTables::KingReach& reach = king_reach(ksq);

    // Our pieces that alone stand between one of our sliders and the king: moving one off
    // that line checks.
    Bitboard discoverers;
    const Bitboard snipers = ours & ((lance_pseudo_attacks(Them, ksq) & b.pieces(LANCE)) |
                                     (rook_pseudo_attacks(ksq) & b.pieces(ROOK, DRAGON)) |
                                     (bishop_pseudo_attacks(ksq) & b.pieces(BISHOP, HORSE)));
    for_each_square(snipers, [&](Square s) {
      const Bitboard between = between_bb(ksq, s) & occ;
      if (between && !between.more_than_one()) discoverers |= between;
    });
    discoverers &= ours;

    // Our cover of the 3x3 (the king lifted), learnt at the first candidate that needs it:
    // step1 and step2 the squares that at least one and at least two of our steppers attack
    // (a horse's or dragon's step included), so a square stays covered after one stepper
    // moves away unless it alone covered it; `sliders` our lances, bishops, rooks, horses and
    // dragons whose empty-board lines (`lines`) meet the 3x3, whose attacks depend on the board
    // after the move.
    bool cover_known = false;
    Bitboard step1, step2, sliders, lines;
    // The step table holds a horse's and dragon's king steps, nothing for the three sliders.
    auto step_cover = [&](PieceType pt, Square s) { return step_attacks(Us, pt, s) & contact; };
    auto learn_cover = [&] {
      cover_known = true;
      // Pawns by one shift: no two attack the same square.
      const Bitboard pawns = b.pieces(Us, PAWN);
      step1 = (Us == BLACK ? pawns.rank_up() : pawns.rank_down()) & contact;
      for_each_square(ours.andnot(b.pieces(PAWN, LANCE) | b.pieces(BISHOP, ROOK)) & reach.steppers[Us], [&](Square s) {
        const Bitboard a = step_cover(type_of(b.piece_on(s)), s);
        step2 |= step1 & a;
        step1 |= a;
      });
      sliders = ours & ((b.pieces(LANCE) & reach.lances[Us]) | (b.pieces(BISHOP, HORSE) & reach.bishops) |
                        (b.pieces(ROOK, DRAGON) & reach.rooks));
      for_each_square(sliders, [&](Square s) { lines |= mate1_detail::slider_lines(type_of(b.piece_on(s)), Us, s); });
    };
    // Does a piece of kind pt on `to`, next to the king or a knight's jump away, attack it?
    // Asked only of a discoverer that moves along its line: every other candidate checks.
    auto checks_from = [&](PieceType pt, Square to) {
      switch (pt) {
        case LANCE: return lance_pseudo_attacks(Them, ksq).test(to) && contact.test(to);
        case BISHOP: return bishop_pseudo_attacks(ksq).test(to) && contact.test(to);
        case ROOK: return rook_pseudo_attacks(ksq).test(to) && contact.test(to);
        case HORSE:
        case DRAGON: return contact.test(to);
        default: return step_attacks(Them, pt, ksq).test(to);
      }
    };
    // The king's escapes after the move: the flight squares (not theirs, not the moved
    // piece's) and, next to the king, the checker's square; each must be covered on the board
    // after the move. mates() then looks at the rest: captures, interpositions, the rules.
    auto try_move = [&](Move m, PieceType pt, Square from) {
      const Square to = to_sq(m);
      if (from != SQ_NONE && discoverers.test(from) && aligned(from, to, ksq) && !checks_from(pt, to)) return false;
      if (!cover_known) learn_cover();
      const Bitboard to_bb = square_bb(to), from_bb = from == SQ_NONE ? Bitboard() : square_bb(from);
      const Bitboard after_nok = ((occ | to_bb) ^ from_bb) ^ k_bb;
      Bitboard need = contact.andnot(theirs | to_bb | attacks_bb(Us, pt, to, after_nok)) | (contact & to_bb);
      need = need.andnot(from == SQ_NONE ? step1 : step2 | step1.andnot(step_cover(type_of(b.piece_on(from)), from)));
      if (need) {
        if (need.andnot(lines)) return false;
        for (Bitboard sl = sliders.andnot(from_bb); need && sl;) {
          const Square s = sl.pop_lsb();
          // Not attacks_bb: its switch measured slower here, and the horse's and dragon's
          // steps are in step1 already.
          const PieceType st = type_of(b.piece_on(s));
          need = need.andnot(st == LANCE                   ? lance_attacks<Us>(s, after_nok)
                             : st == BISHOP || st == HORSE ? bishop_attacks(s, after_nok)
                                                           : rook_attacks(s, after_nok));
        }
        if (need) return false;
      }
      return mate1_detail::mates<true>(b, m) && b.legal(m);
    };

    // The movers: pieces that can move to a square from which they, or their promoted kind,
    // check (the check-movers table for steppers; sliders whose empty-board lines meet the 3x3,
    // or, a horse or dragon, whose step does), and discoverers that can reach the 3x3 (a knight
    // anywhere: every knight move is a candidate).
    const AttackTables::CheckMovers& cm = check_movers(Us, ksq);
    const Bitboard movers =
        ours & ((b.pieces(PAWN) & cm.pawn) | (b.pieces(SILVER) & cm.silver) | (b.golds() & cm.gold) |
                (b.pieces(LANCE) & reach.lances[Us]) | (b.pieces(BISHOP, HORSE) & (reach.bishops | reach.near)) |
                (b.pieces(ROOK, DRAGON) & (reach.rooks | reach.near)) | (b.pieces(KNIGHT) & (cm.knight | discoverers)) |
                (discoverers & reach.steppers[Us]));

    // Each mover's checking targets, split by Emit<Us, false>'s promotion rules: `plain` the
    // non-promotions, `promoting` the promotions. A discoverer keeps every target.
    const Bitboard zone = zone_bb(Us), all = ~Bitboard(), gold_checks = step_attacks(Them, GOLD, ksq);
    auto rank = [](Rank r) { return rank_bb(relative_rank(Us, r)); };
    struct Promoter {
      Square from;
      PieceType pt;
      uint64_t t0, t1;
    };
    Promoter promoters[40];
    int n = 0;
    for (Bitboard mv = movers; mv;) {
      const Square from = mv.pop_lsb();
      const PieceType pt = type_of(b.piece_on(from));
      const bool disc = discoverers.test(from);
      const Bitboard any = disc ? all : Bitboard();
      Bitboard plain, promoting;
      switch (pt) {
        case PAWN: {
          const Bitboard t = pawn_attacks(Us, from) & targets;
          plain = t.andnot(zone) & (any | step_attacks(Them, PAWN, ksq));
          promoting = t & zone & (any | gold_checks);
          break;
        }
        case LANCE: {
          const Bitboard t = lance_attacks<Us>(from, occ) & targets;
          plain = t.andnot(rank(RANK_1)) & (any | lance_pseudo_attacks(Them, ksq));
          promoting = t & zone & (any | gold_checks);
          break;
        }
        case KNIGHT: {
          const Bitboard t = knight_attacks(Us, from).andnot(ours);
          plain = t.andnot(rank(RANK_1) | rank(RANK_2)) & (any | step_attacks(Them, KNIGHT, ksq));
          promoting = t & zone & (any | gold_checks);
          break;
        }
        case SILVER: {
          const Bitboard t = silver_attacks(Us, from) & targets;
          plain = t & (any | step_attacks(Them, SILVER, ksq));
          promoting = (zone.test(from) ? t : t & zone) & (any | gold_checks);
          break;
        }
        case BISHOP:
        case ROOK: {
          const Bitboard t = (pt == BISHOP ? bishop_attacks(from, occ) : rook_attacks(from, occ)) & targets;
          const Bitboard line = pt == BISHOP ? bishop_pseudo_attacks(ksq) : rook_pseudo_attacks(ksq);
          plain = zone.test(from) ? Bitboard() : t.andnot(zone) & (any | line);
          promoting = zone.test(from) ? t : t & zone;  // a horse or dragon next to the king checks
          break;
        }
        case HORSE: plain = horse_attacks(from, occ) & targets; break;
        case DRAGON: plain = dragon_attacks(from, occ) & targets; break;
        default: plain = gold_attacks(Us, from) & targets & (any | gold_checks); break;  // the gold movers
      }
      for (Bitboard t = plain; t;)
        if (const Move m = make_move(from, t.pop_lsb()); try_move(m, pt, from)) return m;
      if (promoting) promoters[n++] = {from, pt, promoting.p[0], promoting.p[1]};
    }

    // Drops, by kind. Next to the king a slider checks whatever the occupancy: its empty-board
    // line is enough.
    const auto& hand = b.hand(Us);
    if (!hand.empty()) {
      const Bitboard empty = ~occ, empty_contact = contact & empty;
      auto drop = [&]<PieceType Pt>() {
        if (!hand.has(Pt)) return MOVE_NONE;
        Bitboard t;
        if constexpr (Pt == LANCE)
          t = lance_pseudo_attacks(Them, ksq) & empty_contact;
        else if constexpr (Pt == KNIGHT)
          t = step_attacks(Them, KNIGHT, ksq) & empty;
        else if constexpr (Pt == BISHOP)
          t = bishop_pseudo_attacks(ksq) & empty_contact;
        else if constexpr (Pt == ROOK)
          t = rook_pseudo_attacks(ksq) & empty_contact;
        else
          t = step_attacks(Them, Pt, ksq) & empty_contact;
        for (; t;)
          if (const Move m = make_move_drop(Pt, t.pop_lsb()); try_move(m, Pt, SQ_NONE)) return m;
        return MOVE_NONE;
      };
      Move m = MOVE_NONE;
      if ((m = drop.template operator()<LANCE>()) || (m = drop.template operator()<KNIGHT>()) ||
          (m = drop.template operator()<SILVER>()) || (m = drop.template operator()<BISHOP>()) ||
          (m = drop.template operator()<ROOK>()) || (m = drop.template operator()<GOLD>()))
        return m;
    }
    for (int i = 0; i < n; ++i)
      for (Bitboard t(promoters[i].t0, promoters[i].t1); t;)
        if (const Move m = make_move_promote(promoters[i].from, t.pop_lsb());
            try_move(m, promote(promoters[i].pt), promoters[i].from))
          return m;
    return MOVE_NONE;
  }
};

}  // namespace sashite
