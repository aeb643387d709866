// mate_in_one/make: each candidate is made and the evasions generated (the baseline, the test
// the search started with). Before that, a contact checker that nothing defends is skipped:
// the king takes it.
#pragma once

#include "movegen_full/mate_in_one/candidates.h"
#include "movegen_full/movegen.h"

namespace sashite {

struct MakeMateInOne {
  static constexpr const char* name = "make";

  // generate<GenType::Evasions> is found by argument-dependent lookup: a search generator's
  // position brings its own.
  template <class Pos>
  static Move find(Pos& pos, typename Pos::State& st) {
    const auto& b = pos.board();
    const Color us = b.side_to_move();
    const Square ksq = b.king_square(~us);
    if (ksq == SQ_NONE) return MOVE_NONE;
    const Bitboard contact = king_attacks(ksq);

    ExtMove candidates[MAX_MOVES];
    ExtMove* const end = detail::contact_candidates(b, ksq, candidates);
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
};

}  // namespace sashite
