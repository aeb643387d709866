// Checks, QuietChecks and recaptures against the filtered Legal moves (check_categories.h) on
// more than a million check-seeking walk nodes: 10 starts x 100,000.
#include <gtest/gtest.h>

#include "check_categories.h"

namespace sashite {
namespace {

TEST(CheckGenSlow, MatchesTheFilteredLegalMovesOnAMillionWalkNodes) {
  testing::CheckStats stats;
  testing::walk_check_categories(100000, 0xC4EC5 + 1, stats);
  ASSERT_FALSE(HasFatalFailure());
  stats.print("walks");
  EXPECT_GE(stats.nodes, 1000000);
  testing::expect_coverage(stats, 50);
}

}  // namespace
}  // namespace sashite
