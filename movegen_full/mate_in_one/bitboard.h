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
// king of colour k on ksq.
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
// its legality is the caller's to test.
template <HandLayout H>
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
// kind's targets are cut to the squares from which it or its promoted kind attacks the king,
// unless it stands in front of one of our sliders), visited without a list: non-promotions
// first, then drops by kind, then promotions, the order of their Move values, so the search
// stops at the first group that mates. Each is screened by table look-ups before mates(): a
// move that gives no check, or leaves the king a flight square that neither the moved piece
// nor a line through its old square can newly reach, is no mate (the argument of
// mate/leaf.h's leaves_flight); flight squares are tested once per call, when first needed.
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

    // The king's flight squares now (the king lifted), each looked at when a check first
    // needs it: `free` of those `known`.
    Bitboard known, free;
    // Squares from which a piece of kind pt (ours) checks the king: contact ones, or a
    // knight's. Adjacent squares need no occupancy.
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
    auto try_move = [&](Move m, PieceType pt, Square from) {
      const Square to = to_sq(m);
      const bool discovered = from != SQ_NONE && discoverers.test(from) && !aligned(from, to, ksq);
      if (!discovered && !checks_from(pt, to)) return false;
      Bitboard after = occ | square_bb(to), open = contact.andnot(theirs | square_bb(to));
      if (from != SQ_NONE) {
        after ^= square_bb(from);
        open = open.andnot(rook_pseudo_attacks(from) | bishop_pseudo_attacks(from));
      }
      if (open) {
        open = open.andnot(attacks_bb(Us, pt, to, after ^ k_bb));
        if (open & free) return false;
        for (Bitboard u = open.andnot(known); u;) {
          const Square s = u.pop_lsb();
          known |= square_bb(s);
          if (!b.attacked_by(Us, s, occ ^ k_bb)) {
            free |= square_bb(s);
            return false;
          }
        }
      }
      // The king takes a contact checker nothing else of ours covers.
      if (contact.test(to) &&
          !mate1_detail::attacked_in(b, Us, to, after ^ k_bb, from == SQ_NONE ? ours : ours ^ square_bb(from)))
        return false;
      return mate1_detail::mates(b, m) && b.legal(m);
    };

    // The board movers contact_candidates looks at, each with those of its targets from which
    // it, or its promoted kind, could check (all of them for a discoverer): the rest of the
    // candidate set gives no check, so it cannot hold the answer. Kind by kind, as
    // contact_candidates visits them.
    struct Mover {
      Square from;
      PieceType pt;
      uint64_t t0, t1;
    };
    Mover movers[40];
    int n = 0;
    auto add = [&](Square from, PieceType pt, const Bitboard& t) {
      if (t) movers[n++] = {from, pt, t.p[0], t.p[1]};
    };
    const Bitboard all = ~Bitboard();
    const Bitboard gold_checks = step_attacks(Them, GOLD, ksq);
    const Bitboard pawn_mask = targets & (step_attacks(Them, PAWN, ksq) | gold_checks);
    const Bitboard silver_mask = targets & (step_attacks(Them, SILVER, ksq) | gold_checks);
    const Bitboard gold_mask = targets & gold_checks;
    const Bitboard lance_mask = targets & (lance_pseudo_attacks(Them, ksq) | gold_checks);
    const Bitboard knight_mask = ~ours & (step_attacks(Them, KNIGHT, ksq) | (gold_checks & zone_bb(Us)));
    // Only pieces that can reach a target are looked at: steppers that attack a square of the
    // 3x3 (the king's reach table), sliders whose empty-board lines meet it (or, a horse or
    // dragon, whose step does), knights that reach a knight's check square or one next to the
    // king (or that discover a check).
    for_each_square(b.pieces(Us, PAWN) & reach.steppers[Us], [&](Square from) {
      add(from, PAWN, pawn_attacks(Us, from) & (discoverers.test(from) ? targets : pawn_mask));
    });
    for_each_square(b.pieces(Us, SILVER) & reach.steppers[Us], [&](Square from) {
      add(from, SILVER, silver_attacks(Us, from) & (discoverers.test(from) ? targets : silver_mask));
    });
    for_each_square(b.golds() & ours & reach.steppers[Us], [&](Square from) {
      add(from, type_of(b.piece_on(from)), gold_attacks(Us, from) & (discoverers.test(from) ? targets : gold_mask));
    });
    for_each_square(b.pieces(Us, LANCE) & reach.lances[Us], [&](Square from) {
      if (const Bitboard mask = discoverers.test(from) ? targets : lance_mask; lance_pseudo_attacks(Us, from) & mask)
        add(from, LANCE, lance_attacks<Us>(from, occ) & mask);
    });
    for_each_square(b.pieces(Us, BISHOP, HORSE) & (reach.bishops | reach.near), [&](Square from) {
      const Bitboard k = king_attacks(from);
      if ((bishop_pseudo_attacks(from) | k) & targets) {
        const PieceType pt = type_of(b.piece_on(from));
        add(from, pt, (bishop_attacks(from, occ) | (pt == HORSE ? k : Bitboard())) & targets);
      }
    });
    for_each_square(b.pieces(Us, ROOK, DRAGON) & (reach.rooks | reach.near), [&](Square from) {
      const Bitboard k = king_attacks(from);
      if ((rook_pseudo_attacks(from) | k) & targets) {
        const PieceType pt = type_of(b.piece_on(from));
        add(from, pt, (rook_attacks(from, occ) | (pt == DRAGON ? k : Bitboard())) & targets);
      }
    });
    for_each_square(b.pieces(Us, KNIGHT) & (knight_checkers(Us, ksq) | discoverers), [&](Square from) {
      add(from, KNIGHT, knight_attacks(Us, from) & (discoverers.test(from) ? all.andnot(ours) : knight_mask));
    });

    // Emit<Us, false>'s promotion rules: which of a mover's targets take a non-promotion,
    // which a promotion.
    const Bitboard zone = zone_bb(Us);
    auto rank = [](Rank r) { return rank_bb(relative_rank(Us, r)); };
    auto plain = [&](const Mover& v) {
      const Bitboard t(v.t0, v.t1);
      switch (v.pt) {
        case PAWN: return t.andnot(zone);
        case LANCE: return t.andnot(rank(RANK_1));
        case KNIGHT: return t.andnot(rank(RANK_1) | rank(RANK_2));
        case BISHOP:
        case ROOK: return zone.test(v.from) ? Bitboard() : t.andnot(zone);
        default: return t;
      }
    };
    auto promoting = [&](const Mover& v) {
      const Bitboard t(v.t0, v.t1);
      switch (v.pt) {
        case PAWN:
        case LANCE:
        case KNIGHT: return t & zone;
        case SILVER:
        case BISHOP:
        case ROOK: return zone.test(v.from) ? t : t & zone;
        default: return Bitboard();
      }
    };

    // Non-promotions, lower than every drop and promotion; each mover's targets in increasing
    // order, so its first mate is its lowest.
    Move best = MOVE_NONE;
    for (int i = 0; i < n; ++i) {
      const Mover& v = movers[i];
      if (best != MOVE_NONE && make_move(v.from, SQ_ZERO) > best) continue;
      for (Bitboard t = plain(v); t;)
        if (const Move m = make_move(v.from, t.pop_lsb());
            (best == MOVE_NONE || m < best) && try_move(m, v.pt, v.from)) {
          best = m;
          break;
        }
    }
    if (best != MOVE_NONE) return best;
    const auto& hand = b.hand(Us);
    const Bitboard empty = ~occ, empty_contact = contact & empty;
    // Next to the king a slider checks whatever the occupancy: its empty-board line is enough.
    auto drop_checks = [&](PieceType pt) {
      switch (pt) {
        case LANCE: return lance_pseudo_attacks(Them, ksq) & empty_contact;
        case KNIGHT: return step_attacks(Them, KNIGHT, ksq) & empty;
        case BISHOP: return bishop_pseudo_attacks(ksq) & empty_contact;
        case ROOK: return rook_pseudo_attacks(ksq) & empty_contact;
        default: return step_attacks(Them, pt, ksq) & empty_contact;
      }
    };
    if (!hand.empty())
      for (const PieceType pt : {LANCE, KNIGHT, SILVER, BISHOP, ROOK, GOLD})
        if (hand.has(pt))
          for (Bitboard t = drop_checks(pt); t;)
            if (const Move m = make_move_drop(pt, t.pop_lsb()); try_move(m, pt, SQ_NONE)) return m;
    for (int i = 0; i < n; ++i) {
      const Mover& v = movers[i];
      if (best != MOVE_NONE && make_move_promote(v.from, SQ_ZERO) > best) continue;
      for (Bitboard t = promoting(v); t;)
        if (const Move m = make_move_promote(v.from, t.pop_lsb());
            (best == MOVE_NONE || m < best) && try_move(m, promote(v.pt), v.from)) {
          best = m;
          break;
        }
    }
    return best;
  }
};

}  // namespace sashite
