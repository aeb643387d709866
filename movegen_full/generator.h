// The full generator's internals, shared with the differential generator (which reuses the
// king-move, drop and evasion paths as they are). Include only from generator sources.
#pragma once

#include "movegen_full/emit.h"
#include "movegen_full/movegen.h"

namespace sashite::detail {

// Where board_moves reads a slider's attacks: computed from the occupancy (the full generator),
// or any type with the same five members, e.g. a store the differential position keeps up to
// date move by move (movegen_diff/diff_position.h). Step pieces always come from their tables.
template <Color Us>
struct OccupancyAttacks {
  Bitboard occ;
  Bitboard lance(Square s) const { return lance_attacks<Us>(s, occ); }
  Bitboard bishop(Square s) const { return bishop_attacks(s, occ); }
  Bitboard rook(Square s) const { return rook_attacks(s, occ); }
  Bitboard horse(Square s) const { return horse_attacks(s, occ); }
  Bitboard dragon(Square s) const { return dragon_attacks(s, occ); }
};

// E: what a piece's targets become, moves written (Emit) or only counted (CountEmit).
template <Color Us, bool All, HandLayout H, class E = Emit<Us, All>>
struct Generator {
  using Pos = BasicPosition<H>;
  static constexpr Color Them = ~Us;

  static Bitboard rel_rank(Rank r) { return E::rel_rank(r); }

  // Restricts a piece's targets to its pin line. Pins = false: the caller knows nothing is pinned.
  template <bool Pins>
  static Bitboard pin_filter(Bitboard targets, Square from, const Bitboard& pinned, Square ksq) {
    if (Pins && __builtin_expect(pinned.test(from), 0)) return targets & line_bb(ksq, from);
    return targets;
  }

  // Board moves of every piece but the king. `target`: allowed destinations; `pawn_target`:
  // the same for pawns (the categories split pawn promotions from other quiet moves).
  static ExtMove* board_moves(const Pos& pos, ExtMove* list, Bitboard target, Bitboard pawn_target) {
    return board_moves(pos, list, target, pawn_target, OccupancyAttacks<Us>{pos.pieces()});
  }
  // Most positions pin nothing: their pieces then skip the pin test, in a copy of their own.
  template <class Attacks>
  static ExtMove* board_moves(const Pos& pos, ExtMove* list, Bitboard target, Bitboard pawn_target,
                              const Attacks& attacks) {
    return pos.pinned() ? board_moves<true>(pos, list, target, pawn_target, attacks)
                        : board_moves<false>(pos, list, target, pawn_target, attacks);
  }
  template <bool Pins, class Attacks>
  static ExtMove* board_moves(const Pos& pos, ExtMove* list, Bitboard target, Bitboard pawn_target,
                              const Attacks& attacks) {
    const Bitboard pinned = pos.pinned();
    const Square ksq = pos.king_square(Us);

    // Pawns: one shift for all of them. A pinned pawn may only advance along its file.
    {
      Bitboard pawns = pos.pieces(Us, PAWN);
      if (Pins) pawns = pawns.andnot(pinned.andnot(file_bb(file_of(ksq))));
      list = E::pawns(list, (Us == BLACK ? pawns.rank_up() : pawns.rank_down()) & pawn_target);
    }
    for_each_square(pos.pieces(Us, LANCE), [&](Square from) {
      list = E::lance(list, from, pin_filter<Pins>(attacks.lance(from) & target, from, pinned, ksq));
    });
    // A pinned knight never stays on its line.
    for_each_square(Pins ? pos.pieces(Us, KNIGHT).andnot(pinned) : pos.pieces(Us, KNIGHT),
                    [&](Square from) { list = E::knight(list, from, knight_attacks(Us, from) & target); });
    for_each_square(pos.pieces(Us, SILVER), [&](Square from) {
      list = E::silver(list, from, pin_filter<Pins>(silver_attacks(Us, from) & target, from, pinned, ksq));
    });
    for_each_square(pos.golds() & pos.pieces(Us), [&](Square from) {
      list = E::step(list, from, pin_filter<Pins>(gold_attacks(Us, from) & target, from, pinned, ksq));
    });
    for_each_square(pos.pieces(Us, BISHOP), [&](Square from) {
      list = E::major(list, from, pin_filter<Pins>(attacks.bishop(from) & target, from, pinned, ksq));
    });
    for_each_square(pos.pieces(Us, ROOK), [&](Square from) {
      list = E::major(list, from, pin_filter<Pins>(attacks.rook(from) & target, from, pinned, ksq));
    });
    for_each_square(pos.pieces(Us, HORSE), [&](Square from) {
      list = E::plain(list, from, pin_filter<Pins>(attacks.horse(from) & target, from, pinned, ksq));
    });
    for_each_square(pos.pieces(Us, DRAGON), [&](Square from) {
      list = E::plain(list, from, pin_filter<Pins>(attacks.dragon(from) & target, from, pinned, ksq));
    });
    return list;
  }

  // The squares next to our king that the enemy attacks once the king has left its square
  // (a slider's ray through it goes on). Only enemy pieces inside king_reach can attack one,
  // and in most positions there are none: a few masks instead of an attack test per target.
  static Bitboard attacked_around_king(const Pos& pos, Square ksq) {
    const AttackTables::KingReach& reach = king_reach(ksq);
    const Bitboard them = pos.pieces(Them);
    const Bitboard steppers = them.andnot(pos.pieces(LANCE, BISHOP, ROOK)) & reach.steppers[Them];
    const Bitboard lances = pos.pieces(Them, LANCE) & reach.lances[Them];
    const Bitboard bishops = pos.pieces(Them, BISHOP, HORSE) & reach.bishops;
    const Bitboard rooks = pos.pieces(Them, ROOK, DRAGON) & reach.rooks;
    Bitboard attacked;
    if (!(steppers | lances | bishops | rooks)) return attacked;
    const Bitboard occ = pos.pieces() ^ square_bb(ksq);
    for_each_square(steppers, [&](Square s) { attacked |= step_attacks(Them, type_of(pos.piece_on(s)), s); });
    for_each_square(lances, [&](Square s) { attacked |= lance_attacks<Them>(s, occ); });
    for_each_square(bishops, [&](Square s) { attacked |= bishop_attacks(s, occ); });
    for_each_square(rooks, [&](Square s) { attacked |= rook_attacks(s, occ); });
    return attacked;
  }

  // King steps onto squares the enemy does not attack once the king has left its square.
  static ExtMove* king_moves(const Pos& pos, ExtMove* list, Bitboard target) {
    const Square ksq = pos.king_square(Us);
    if (ksq == SQ_NONE) return list;
    const Bitboard to = king_attacks(ksq) & target;
    if (!to) return list;
    return E::step(list, ksq, to.andnot(attacked_around_king(pos, ksq)));
  }

  // Inlined up to the empty-hand test: out of line, the call saved and restored registers
  // before finding the hand empty, the common case.
  [[gnu::always_inline]] static ExtMove* drops(const Pos& pos, ExtMove* list, const Bitboard target) {
    return pos.hand(Us).empty() ? list : drops_from_hand(pos, list, target);
  }
  [[gnu::noinline]] static ExtMove* drops_from_hand(const Pos& pos, ExtMove* list, const Bitboard target) {
    const H& hand = pos.hand(Us);

    if (hand.has(PAWN)) {
      // No pawn on the last rank, no second unpromoted pawn on a file (nifu), and no pawn
      // drop that mates (uchifuzume): only the square in front of the enemy king can be one.
      Bitboard t = target.andnot(rel_rank(RANK_1) | pawn_files<Us>(pos.pieces(Us, PAWN)));
      const Square eksq = pos.king_square(Them);
      if (eksq != SQ_NONE) {
        const Bitboard front = pawn_attacks(Them, eksq);
        if ((t & front) && pos.pawn_drop_mates(front.lsb())) t = t.andnot(front);
      }
      static constexpr uint64_t kPawn = MOVE_DROP | (PAWN << 7);
      list = E::drops(list, t, &kPawn, 1);
    }

    // The other kinds, ordered so that rank restrictions cut a prefix: [knight][lance][rest].
    uint64_t base[6];
    int n = 0, skip_rank2 = 0, skip_rank1 = 0;
    if (hand.has(KNIGHT)) base[n++] = MOVE_DROP | (KNIGHT << 7), skip_rank2 = skip_rank1 = 1;
    if (hand.has(LANCE)) base[n++] = MOVE_DROP | (LANCE << 7), skip_rank1 = n;
    for (PieceType pr : {SILVER, GOLD, BISHOP, ROOK})
      if (hand.has(pr)) base[n++] = MOVE_DROP | (pr << 7);
    if (!n) return list;

    auto fan_out = [&](Bitboard t, int first) { list = E::drops(list, t, base + first, n - first); };
    fan_out(target.andnot(rel_rank(RANK_1) | rel_rank(RANK_2)), 0);
    if (skip_rank2 < n) fan_out(target & rel_rank(RANK_2), skip_rank2);
    if (skip_rank1 < n) fan_out(target & rel_rank(RANK_1), skip_rank1);
    return list;
  }

  template <GenType Type>
  static ExtMove* generate(const Pos& pos, ExtMove* list) {
    return generate<Type>(pos, list, OccupancyAttacks<Us>{pos.pieces()});
  }
  template <GenType Type, class Attacks>
  static ExtMove* generate(const Pos& pos, ExtMove* list, const Attacks& attacks) {
    const Bitboard them = pos.pieces(Them);
    const Bitboard empty = pos.empties();
    const Bitboard zone = zone_bb(Us);
    constexpr bool captures = Type == GenType::Captures, quiets = Type == GenType::Quiets,
                   drops_only = Type == GenType::Drops;

    if (!pos.in_check()) {
      if constexpr (Type == GenType::Evasions) return list;
      if constexpr (drops_only) return drops(pos, list, empty);
      const Bitboard target = captures ? them : quiets ? empty : them | empty;
      const Bitboard pawn_target = captures ? them | (empty & zone) : quiets ? empty.andnot(zone) : target;
      list = board_moves(pos, list, target, pawn_target, attacks);
      list = king_moves(pos, list, target);
      if constexpr (!captures && !quiets) list = drops(pos, list, empty);
      return list;
    }

    // Evasions: the king steps away; against a single checker, also capture it or interpose.
    const Bitboard checkers = pos.checkers();
    if constexpr (!drops_only) list = king_moves(pos, list, captures ? them : quiets ? empty : them | empty);
    if (checkers.more_than_one()) return list;
    const Square csq = checkers.lsb();
    const Bitboard block = between_bb(pos.king_square(Us), csq);
    if constexpr (!drops_only) {
      const Bitboard target = captures ? checkers : quiets ? block : block | checkers;
      const Bitboard pawn_target = captures ? checkers | (block & zone) : quiets ? block.andnot(zone) : target;
      list = board_moves(pos, list, target, pawn_target, attacks);
    }
    if constexpr (!captures && !quiets) list = drops(pos, list, block);
    return list;
  }
};

}  // namespace sashite::detail
