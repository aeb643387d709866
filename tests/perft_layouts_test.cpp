// Perft does not depend on the hand layout or the hashing scheme: every registered hand type
// reproduces every movegen_full/reference.h count up to a per-position leaf budget (deeper: tests/slow/).
#include <gtest/gtest.h>

#include "tests/hand_domain.h"

#include "movegen_full/perft.h"
#include "movegen_full/reference.h"

namespace sashite {
namespace {

constexpr uint64_t kLeafBudget = 20'000'000;  // per position and hand type

template <class H>
class PerftLayoutTest : public ::testing::Test {};
TYPED_TEST_SUITE(PerftLayoutTest, testing::GTestHandTypes);

TYPED_TEST(PerftLayoutTest, ReferenceCountsWithinBudget) {
  for (const ReferencePosition& ref : kReferencePositions) {
    BasicPosition<TypeParam> pos;
    StateInfo st;
    ASSERT_FALSE(pos.set(ref.sfen, &st)) << ref.name;
    for (int d = 1; d < int(ref.perft.size()); ++d)
      if (ref.perft[d] && ref.perft[d] <= kLeafBudget) {
        EXPECT_EQ(perft(pos, d), ref.perft[d]) << ref.name << " d" << d;
      }
  }
}

}  // namespace
}  // namespace sashite
