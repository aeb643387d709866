// Every registered hand type reproduces the published counts (movegen_full/reference.h) up to 600 M leaves per
// position.
#include <gtest/gtest.h>

#include "tests/hand_domain.h"

#include "movegen_full/perft.h"
#include "movegen_full/reference.h"

namespace sashite {
namespace {

template <class H>
class PerftLayoutDeepTest : public ::testing::Test {};
TYPED_TEST_SUITE(PerftLayoutDeepTest, testing::GTestHandTypes);

TYPED_TEST(PerftLayoutDeepTest, ReferenceCounts) {
  for (const ReferencePosition& ref : kReferencePositions) {
    BasicPosition<TypeParam> pos;
    StateInfo st;
    ASSERT_FALSE(pos.set(ref.sfen, &st)) << ref.name;
    for (int d = 1; d < int(ref.perft.size()); ++d)
      if (ref.perft[d] && ref.perft[d] <= 600'000'000) {
        EXPECT_EQ(perft(pos, d), ref.perft[d]) << ref.name << " d" << d;
      }
  }
}

}  // namespace
}  // namespace sashite
