// Perft equals the published values (SPEC.md §4) up to the depths the default run can afford;
// deeper ones live in tests/slow/.
#include <gtest/gtest.h>

#include "movegen_full/perft.h"
#include "movegen_full/reference.h"

namespace sashite {
namespace {

constexpr uint64_t kDefaultLeafBudget = 600'000'000;  // per position, keeps the suite short

TEST(Perft, ReferencePositionsWithinBudget) {
  for (const ReferencePosition& ref : kReferencePositions) {
    Position pos;
    StateInfo st;
    ASSERT_FALSE(pos.set(ref.sfen, &st)) << ref.name;
    for (int d = 1; d < int(ref.perft.size()); ++d) {
      if (!ref.perft[d] || ref.perft[d] > kDefaultLeafBudget) continue;
      EXPECT_EQ(perft(pos, d), ref.perft[d]) << ref.name << " depth " << d;
    }
  }
}

TEST(Perft, DivideSumsToPerft) {
  Position pos;
  StateInfo st;
  ASSERT_FALSE(pos.set(kReferencePositions[1].sfen, &st));
  uint64_t sum = 0;
  for (const auto& [m, n] : perft_divide(pos, 2)) sum += n;
  EXPECT_EQ(sum, kReferencePositions[1].perft[2]);
}

}  // namespace
}  // namespace sashite
