// The differential position's list arena (movegen_diff/diff_position.h) is written without a
// bounds check in release builds: it holds kMaxPlies plies below set(), each adding at most
// MAX_MOVES. These walks go the whole kMaxPlies deep, generating the cached set at every ply
// and preferring captures (a capture makes the other side's step lists stale too), and check
// the per-ply bound the arena size rests on. The sanitizer build runs them as well, so a write
// past the arena fails there even if the argument were wrong; the search's own deepest ply is
// tied to kMaxPlies by a static_assert in search/search.h.
#include <gtest/gtest.h>

#include "engine/position_line.h"
#include "movegen_diff/diff_position.h"
#include "movegen_full/random_walk.h"

namespace sashite {
namespace {

template <GenType Cached>
void walk_to_the_arena_bound(std::string_view sfen, uint64_t seed) {
  using Diff = DiffPosition<DefaultHand, Cached>;
  PositionLine<Diff> g(sfen);
  Rng rng(seed);
  ExtMove list[MAX_MOVES];
  size_t peak = 0;
  int backtracks = 0;
  while (int(g.moves.size()) < Diff::kMaxPlies) {
    const int ply = int(g.moves.size());
    ExtMove* end = generate<Cached>(g.pos, list);
    ASSERT_LE(g.pos.arena_top(), size_t(ply + 1) * MAX_MOVES) << "at ply " << ply << ": " << g.pos.sfen();
    peak = std::max<size_t>(peak, g.pos.arena_top());
    if (end == list) {  // mated or stalemated: take the last move back, try another
      ASSERT_LT(++backtracks, 1000);
      g.undo();
      continue;
    }
    std::vector<Move> captures;
    for (ExtMove* e = list; e < end; ++e)
      if (g.pos.base().is_capture(e->move)) captures.push_back(e->move);
    const bool take = !captures.empty() && rng.below(10) < 7;
    g.play(take ? captures[rng.below(captures.size())] : list[rng.below(size_t(end - list))].move);
  }
  generate<Cached>(g.pos, list);
  ASSERT_LE(g.pos.arena_top(), Diff::kArenaSize - MAX_MOVES);
  EXPECT_EQ(g.pos.consistency_error(), "");
  std::cout << "[ arena    ] " << Diff::kMaxPlies << " plies from " << sfen << ": peak " << peak << " of "
            << Diff::kArenaSize << " moves\n";
}

TEST(DiffArena, WalkToMaxPliesStaysInsideTheArena) {
  walk_to_the_arena_bound<GenType::LegalAll>(Position::kStartSfen, 1);
  walk_to_the_arena_bound<GenType::Legal>(Position::kStartSfen, 2);
  // Many pieces in hand and open lines: long lists from the first ply.
  walk_to_the_arena_bound<GenType::LegalAll>("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
                                             3);
}

}  // namespace
}  // namespace sashite
