// Perft equals the published values (movegen_full/reference.h) up to the depths the default run can afford;
// deeper ones live in tests/slow/.
#include <gtest/gtest.h>

#include "engine/position_line.h"
#include "movegen_full/perft.h"
#include "movegen_full/random_walk.h"
#include "movegen_full/reference.h"

namespace sashite {
namespace {

constexpr uint64_t kDefaultLeafBudget = 600'000'000;  // per position, keeps the suite short

// Both perfts: the list-counting one and the leaf-counting one (count_legal_all at the last ply).
TEST(Perft, ReferencePositionsWithinBudget) {
  for (const ReferencePosition& ref : kReferencePositions) {
    Position pos;
    StateInfo st;
    ASSERT_FALSE(pos.set(ref.sfen, &st)) << ref.name;
    for (int d = 1; d < int(ref.perft.size()); ++d) {
      if (!ref.perft[d] || ref.perft[d] > kDefaultLeafBudget) continue;
      EXPECT_EQ(perft(pos, d), ref.perft[d]) << ref.name << " depth " << d;
      EXPECT_EQ(perft_leaf_count(pos, d), ref.perft[d]) << ref.name << " depth " << d << ", leaf counting";
    }
  }
}

// count_legal_all equals the generated list on random-walk positions, checks and evasions included.
TEST(Perft, LeafCountEqualsTheList) {
  Rng rng(0xC0A7);
  long positions = 0, in_check = 0;
  for (const ReferencePosition& ref : kReferencePositions)
    for (int w = 0; w < 200; ++w) {
      PositionLine g(ref.sfen);
      for (const WalkPolicy policy : {WalkPolicy::Uniform, WalkPolicy::CheckSeeking})
        random_walk(g, 100, rng, policy, [&](Position& pos) {
          ASSERT_EQ(count_legal_all(pos), int(MoveList<GenType::LegalAll>(pos).size())) << pos.sfen();
          ++positions;
          in_check += pos.in_check();
        });
    }
  EXPECT_GT(positions, 100'000);
  EXPECT_GT(in_check, 5'000);
}

TEST(Perft, DivideSumsToPerft) {
  Position pos;
  StateInfo st;
  ASSERT_FALSE(pos.set(kReferencePositions[1].sfen, &st));
  uint64_t sum = 0;
  for (const auto& [m, n] : perft_divide(pos, 2)) sum += n;
  EXPECT_EQ(sum, kReferencePositions[1].perft[2]);
}

TEST(Perft, DepthZeroIsTheNodeItself) {
  Position pos;
  StateInfo st;
  ASSERT_FALSE(pos.set(Position::kStartSfen, &st));
  EXPECT_EQ(perft(pos, 0), 1u);
}

// The stop test is asked at nodes of depth 3 or more, and before each root move; once it
// answers true, the count ends.
TEST(Perft, StopEndsTheCount) {
  Position pos;
  StateInfo st;
  ASSERT_FALSE(pos.set(Position::kStartSfen, &st));
  int asked = 0;
  EXPECT_EQ(perft(pos, 2, [&] { return ++asked, true; }), 900u);  // depth 2: never asked
  EXPECT_EQ(asked, 0);
  EXPECT_EQ(perft(pos, 3, [&] { return ++asked, true; }), 0u);
  EXPECT_EQ(asked, 1);
  // Depth 4: asked at the root, then once per root move (depth 3); stopping at the 6th question
  // counts the first four root moves' subtrees only.
  const auto divide = perft_divide(pos, 4);
  asked = 0;
  EXPECT_EQ(perft(pos, 4, [&] { return ++asked > 5; }),
            divide[0].second + divide[1].second + divide[2].second + divide[3].second);
  EXPECT_EQ(asked, 31);
  // Divide: three root moves, then stopped.
  asked = 0;
  EXPECT_EQ(perft_divide(pos, 2, [&] { return ++asked > 3; }).size(), 3u);
  EXPECT_EQ(perft_divide(pos, 2).size(), 30u);
}

}  // namespace
}  // namespace sashite
