// The mate-in-one family on ten times the default test's random-walk positions, other seeds.
#include <gtest/gtest.h>

#include "mate_in_one_walks.h"

namespace sashite {
namespace {

TEST(MateInOneSlow, MethodsAgreeOnRandomWalks) {
  const testing::MateInOneTally t = testing::mate_in_one_walks(15'000'000, 0x5107A7E1);
  EXPECT_EQ(t.positions, 15'000'000);
  EXPECT_GT(t.mates, 150'000);
}

}  // namespace
}  // namespace sashite
