// Search-like random walks that come back on themselves: the ancestor stacks repetition
// detection sees (tests/repetition_test.cpp, bench/repetition_bench.cpp), and the tally of
// merom686's (shogi686 hands, 2016) key difference against board-key comparison on them
// (tools/repetition_study prints it).
#pragma once

#include <cstdlib>
#include <string>
#include <vector>

#include "movegen_full/random_walk.h"
#include "rules/repetition.h"
#include "tools/study/repetition_cases.h"

namespace sashite::study {

// Search-like walks: moves that take back one of the side's last kUndoDepth moves, recapture,
// check, or drop next to the enemy king are preferred, so same-board positions with equal and
// unequal hands are frequent, and come back after 4 plies (the last move taken back at once)
// as well as 6 to 20 (both sides taking back older moves).
constexpr int kUndoDepth = 5;

template <class H>
Move cyclic_choice(const PositionLine<BasicPosition<H>>& g, Rng& rng) {
  MoveList<GenType::Legal, H> list(g.pos);
  if (!list.size()) return MOVE_NONE;
  if (rng.below(10) < 7) {
    std::vector<Move> preferred;
    const Move theirs = g.moves.empty() ? MOVE_NONE : g.moves.back();
    const Square their_king = g.pos.king_square(~g.pos.side_to_move());
    auto takes_back = [&](Move m) {
      for (size_t back = 2; back <= 2 * kUndoDepth && back <= g.moves.size(); back += 2) {
        const Move own = g.moves[g.moves.size() - back];
        if (!is_drop(own) && from_sq(m) == to_sq(own) && to_sq(m) == from_sq(own)) return true;
      }
      return false;
    };
    for (const ExtMove& m : list) {
      const bool undo = !is_drop(m) && takes_back(m);
      const bool recapture = theirs && to_sq(m) == to_sq(theirs) && g.pos.is_capture(m);
      const bool drop_near_king = is_drop(m) && their_king != SQ_NONE && king_attacks(their_king).test(to_sq(m));
      if (undo || recapture || drop_near_king || g.pos.gives_check(m)) preferred.push_back(m);
    }
    if (!preferred.empty()) return preferred[rng.below(preferred.size())];
  }
  return list.begin()[rng.below(list.size())];
}

// Is merom686's (shogi686 hands, 2016) key difference sure to be exact here: does every same-board ancestor the walk
// can reach hold every count within 3 of now (no field difference past the mask's two bits)?
// Conservative: a pair with mixed signs is answered right even beyond 3.
template <HandLayout H>
bool key_difference_exact(const BasicPosition<H>& pos, int horizon) {
  const StateInfo* now = pos.state();
  const StateInfo* st = now;
  for (int i = 2; i <= std::min(horizon, now->plies_from_null); i += 2) {
    st = st->previous->previous;
    if (i < 4 || st->board_key != now->board_key) continue;
    const H a = H::from_raw(typename H::Raw(now->stm_hand)), b = H::from_raw(typename H::Raw(st->stm_hand));
    for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
      if (std::abs(a.count(pr) - b.count(pr)) > 3) return false;
  }
  return true;
}

// Every implementation on the cyclic walks of the repetition test: kCyclicWalks walks from each
// start, up to kCyclicPlies plies (a mate ends a walk), every ply checked at horizons 4, 8 and
// 20, on hand64 under the additive key. by_board_key is the exact answer.
constexpr std::string_view kCyclicStarts[] = {Position::kStartSfen,
                                              "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
                                              "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
                                              kRookChecks, "4k4/9/9/9/9/9/9/9/4K4 b 2G9P 1"};
constexpr int kCyclicWalks = 40, kCyclicPlies = 200;

struct CyclicTally {
  size_t checks = 0;
  size_t by_outcome[6] = {};    // by_board_key's answers, indexed by Repetition
  size_t inexact = 0;           // checks where key_difference_exact is false
  size_t disagree_inexact = 0;  // ... and by_key_difference differs from by_board_key
  size_t disagree_exact = 0;    // by_key_difference differs where exact: must be 0
  std::string first_disagreement;
  size_t single_bit_differs = 0;  // by_key_difference with the SingleBit filter differs
  size_t popcount2_differs = 0;   // ... with the Popcount2 filter
};

inline CyclicTally tally_cyclic_walks() {
  CyclicTally t;
  Rng rng(2016);
  for (std::string_view start : kCyclicStarts) {
    for (int walk = 0; walk < kCyclicWalks; ++walk) {
      PositionLine<BasicPosition<AddHand>> g(start);
      for (int ply = 0; ply < kCyclicPlies; ++ply) {
        const Move m = cyclic_choice(g, rng);
        if (m == MOVE_NONE) break;
        g.play(m);
        for (int horizon : {4, 8, 20}) {
          const Repetition exact = by_board_key(g.pos, horizon), diff = by_key_difference(g.pos, horizon);
          ++t.checks;
          ++t.by_outcome[int(exact)];
          if (!key_difference_exact(g.pos, horizon)) {
            ++t.inexact;
            t.disagree_inexact += diff != exact;
          } else if (diff != exact && t.disagree_exact++ == 0) {
            t.first_disagreement = g.pos.sfen() + " horizon " + std::to_string(horizon);
          }
          t.single_bit_differs += by_key_difference(g.pos, horizon, KeyDiffFilter::SingleBit) != exact;
          t.popcount2_differs += by_key_difference(g.pos, horizon, KeyDiffFilter::Popcount2) != exact;
        }
      }
    }
  }
  return t;
}

}  // namespace sashite::study
