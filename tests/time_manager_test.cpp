// plan_time (search/time_manager.h): never past the flag, sensible shares, no limit without a
// clock.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

#include "search/time_manager.h"
#include "usi/go_command.h"

namespace sashite {
namespace {

SearchLimits clock(int64_t main_ms, int64_t byoyomi, int64_t inc) {
  SearchLimits l;
  l.time[BLACK] = l.time[WHITE] = main_ms;
  l.inc[BLACK] = l.inc[WHITE] = inc;
  l.byoyomi = byoyomi;
  l.clock_given = true;
  return l;
}

TEST(TimeMan, NeverPastTheFlagOnAGridOfClocks) {
  int checked = 0;
  for (int64_t main_ms : {0, 1, 10, 50, 100, 999, 1000, 5000, 30000, 60000, 300000, 600000})
    for (int64_t byoyomi : {0, 1, 50, 100, 500, 1000, 3000, 10000})
      for (int64_t inc : {0, 1, 100, 1000, 10000})
        for (int64_t overhead : {0, 1, 10, 50, 100, 300, 1000})
          for (int ply : {1, 2, 30, 41, 80, 150, 300})
            for (Color us : {BLACK, WHITE}) {
              const TimeBudget b = plan_time(clock(main_ms, byoyomi, inc), us, ply, overhead);
              SCOPED_TRACE(testing::Message() << "main " << main_ms << " byoyomi " << byoyomi << " inc " << inc
                                              << " overhead " << overhead << " ply " << ply);
              ASSERT_GT(b.optimum_ms, 0);
              ASSERT_LE(b.optimum_ms, b.maximum_ms);
              ASSERT_GE(b.optimum_ms, kMinThinkMs);
              const int64_t available = main_ms + byoyomi + inc;
              if (available > overhead + kMinThinkMs) {
                ASSERT_LT(b.maximum_ms, available - overhead);
                ++checked;
              } else {
                ASSERT_EQ(b.maximum_ms, kMinThinkMs);  // nearly empty: answer at once
              }
            }
  EXPECT_GT(checked, 10000);
}

TEST(TimeMan, OnlyTheLargerOfByoyomiAndIncrementCounts) {
  // Either reading of "byoyomi 1000 binc 1000" (two allowances, or one said twice) is safe.
  const TimeBudget b = plan_time(clock(0, 1000, 1000), BLACK, 1, 50);
  EXPECT_EQ(b.maximum_ms, 949);
  EXPECT_EQ(b.optimum_ms, 949);
}

TEST(TimeMan, ByoyomiOnlySpendsNearlyAllOfIt) {
  const TimeBudget b = plan_time(clock(0, 10000, 0), WHITE, 100, 100);
  EXPECT_EQ(b.optimum_ms, 9899);  // byoyomi - overhead, one ms under the flag
  EXPECT_EQ(b.maximum_ms, 9899);
  const TimeBudget fast = plan_time(clock(0, 200, 0), BLACK, 1, 50);
  EXPECT_EQ(fast.maximum_ms, 149);
}

TEST(TimeMan, MainTimeIsSpentSlowlyBeforeTheByoyomi) {
  // 10 minutes + 10 s byoyomi at move 1: 600000 / 40 = 15000 from the main time.
  const TimeBudget b = plan_time(clock(600000, 10000, 0), BLACK, 1, 100);
  EXPECT_EQ(b.optimum_ms, 15000 + 10000 - 100);
  EXPECT_EQ(b.maximum_ms, 4 * 15000 + 10000 - 100);
  // Past move 40 the main time is shared among 20 moves.
  EXPECT_EQ(plan_time(clock(600000, 10000, 0), BLACK, 41, 100).optimum_ms, 30000 + 10000 - 100);
}

TEST(TimeMan, SuddenDeathTakesAShareOfTheRemainingTime) {
  const TimeBudget b = plan_time(clock(60000, 0, 0), BLACK, 1, 0);
  EXPECT_EQ(b.optimum_ms, 1500);
  EXPECT_EQ(b.maximum_ms, 6000);
  // Late in a game a larger share, still at most 80% of what is left.
  const TimeBudget late = plan_time(clock(1000, 0, 0), WHITE, 200, 0);
  EXPECT_EQ(late.optimum_ms, 50);
  EXPECT_EQ(late.maximum_ms, 200);
}

TEST(TimeMan, IncrementIsSpentEachMove) {
  const TimeBudget b = plan_time(clock(60000, 0, 2000), BLACK, 1, 100);
  EXPECT_EQ(b.optimum_ms, 1500 + 2000 - 100);
  EXPECT_EQ(b.maximum_ms, 6000 + 2000 - 100);
}

TEST(TimeMan, OwnSideClockIsUsed) {
  SearchLimits l = clock(0, 0, 0);
  l.time[BLACK] = 400000;
  l.time[WHITE] = 4000;
  EXPECT_EQ(plan_time(l, BLACK, 1, 0).optimum_ms, 10000);
  EXPECT_EQ(plan_time(l, WHITE, 1, 0).optimum_ms, 100);
}

TEST(TimeMan, EmptyClockAnswersAtOnce) {
  for (int64_t overhead : {0, 50, 1000}) {
    const TimeBudget b = plan_time(clock(0, 0, 0), BLACK, 50, overhead);
    EXPECT_EQ(b.optimum_ms, kMinThinkMs);
    EXPECT_EQ(b.maximum_ms, kMinThinkMs);
  }
  // Less left than the overhead: nothing to plan with either.
  EXPECT_EQ(plan_time(clock(0, 80, 0), BLACK, 1, 100).maximum_ms, kMinThinkMs);
}

TEST(TimeMan, MovetimeLessTheOverhead) {
  SearchLimits l;
  l.movetime = 1000;
  EXPECT_EQ(plan_time(l, BLACK, 1, 30).optimum_ms, 970);
  EXPECT_EQ(plan_time(l, BLACK, 1, 30).maximum_ms, 970);
  l.movetime = 5;
  EXPECT_EQ(plan_time(l, WHITE, 1, 30).maximum_ms, kMinThinkMs);
  // With a clock too, the clock caps it.
  SearchLimits both = clock(0, 300, 0);
  both.movetime = 1000;
  EXPECT_EQ(plan_time(both, BLACK, 1, 0).maximum_ms, 299);
}

TEST(TimeMan, NoClockNoTimeLimit) {
  SearchLimits depth;
  depth.depth = 5;
  SearchLimits nodes;
  nodes.nodes = 1000;
  SearchLimits infinite;
  infinite.infinite = true;
  SearchLimits clocked_infinite = clock(1000, 1000, 0);
  clocked_infinite.infinite = true;
  for (const SearchLimits& l : {depth, nodes, infinite, clocked_infinite}) {
    const TimeBudget b = plan_time(l, BLACK, 1, 100);
    EXPECT_EQ(b.optimum_ms, kNoTimeLimit);
    EXPECT_EQ(b.maximum_ms, kNoTimeLimit);
  }
}

TEST(TimeMan, ParsedGoCommandsPlan) {
  const auto parsed = parse_go("btime 0 wtime 0 byoyomi 0");
  ASSERT_TRUE(std::holds_alternative<SearchLimits>(parsed));
  EXPECT_EQ(plan_time(std::get<SearchLimits>(parsed), WHITE, 1, 50).maximum_ms, kMinThinkMs);
  const auto plain = parse_go("");
  ASSERT_TRUE(std::holds_alternative<SearchLimits>(plain));
  EXPECT_EQ(plan_time(std::get<SearchLimits>(plain), BLACK, 1, 50).maximum_ms, kNoTimeLimit);
}

}  // namespace
}  // namespace sashite
