// Checks, QuietChecks and recaptures (movegen_full/checks.h) equal, as move sets, the
// brute-force filters of Legal in check_categories.h: on check-seeking walks (the slow suite
// walks more than a million nodes) and on the fairy-stockfish oracle's positions; plus the
// rules a check generator can get wrong, on hand-made positions.
#include <gtest/gtest.h>

#include "check_categories.h"

namespace sashite {
namespace {

using testing::CheckStats;

TEST(CheckGen, MatchesTheFilteredLegalMovesOnCheckSeekingWalks) {
  CheckStats stats;
  testing::walk_check_categories(6000, 0xC4EC5, stats);
  ASSERT_FALSE(HasFatalFailure());
  stats.print("walks");
  testing::expect_coverage(stats, 1);
}

TEST(CheckGen, MatchesTheFilteredLegalMovesOnTheOraclePositions) {
  CheckStats stats;
  for (const std::string& sfen : testing::oracle_positions()) {
    PositionLine g(sfen);
    testing::check_check_categories(g.pos, stats);
    ASSERT_FALSE(HasFatalFailure());
  }
  stats.print("oracle");
  EXPECT_GE(stats.nodes, 900);
  EXPECT_GE(stats.pawn_drop_checks, 1);
}

std::vector<Move> checks_of(const char* sfen, bool quiet = false) {
  PositionLine g(sfen);
  ExtMove buf[MAX_MOVES];
  return testing::sorted_moves(
      buf, quiet ? generate<GenType::QuietChecks>(g.pos, buf) : generate<GenType::Checks>(g.pos, buf));
}

bool has(const std::vector<Move>& v, const char* usi) {
  for (Move m : v)
    if (to_usi(m) == usi) return true;
  return false;
}

// mogproject/mogami's mate in 5 "involving uchifuzume": only the bishop's non-promotion 4a2c
// mates (after 4a2c+ the pawn drop P*1b would mate, which is illegal). Checks leaves it out as
// a useless non-promotion; ChecksAll, the mate solvers' category, has it.
TEST(CheckGenRules, ChecksAllHasTheUselessNonPromotions) {
  PositionLine g("5B1n1/8k/6Rpp/9/9/9/9/9/9 b rb4g4s3n4l16p 1");
  ExtMove buf[MAX_MOVES];
  const auto all = testing::sorted_moves(buf, generate<GenType::ChecksAll>(g.pos, buf));
  EXPECT_TRUE(has(all, "4a2c"));
  EXPECT_TRUE(has(all, "4a2c+"));
  EXPECT_FALSE(has(checks_of("5B1n1/8k/6Rpp/9/9/9/9/9/9 b rb4g4s3n4l16p 1"), "4a2c"));
}

TEST(CheckGenRules, PawnDropMateIsNoCheckMove) {
  // The pawn-drop mate reference position (movegen_full/reference.h): P*1b would mate, so it is not legal and not a
  // check.
  const auto v = checks_of("7lk/9/8S/9/9/9/9/7L1/8K b P 1");
  EXPECT_FALSE(has(v, "P*1b"));
  // Without the silver the king takes the pawn: a legal pawn-drop check.
  EXPECT_TRUE(has(checks_of("7lk/9/9/9/9/9/9/7L1/8K b P 1"), "P*1b"));
  EXPECT_TRUE(has(checks_of("7lk/9/9/9/9/9/9/7L1/8K b P 1", true), "P*1b"));
}

TEST(CheckGenRules, PromotionThatChecksOnlyPromoted) {
  // White's king on 5c. The silver 3d4c attacks 5b and 5d, not 5c; promoted it moves as a gold
  // and attacks 5c sideways. A silver promotion that captures nothing is a quiet check.
  const char* silver = "9/9/4k4/6S2/9/9/9/9/K8 b - 1";
  EXPECT_TRUE(has(checks_of(silver), "3d4c+"));
  EXPECT_FALSE(has(checks_of(silver), "3d4c"));
  EXPECT_TRUE(has(checks_of(silver, true), "3d4c+"));
  // The pawn 4d4c checks only as a tokin; a pawn promotion is Captures', not a quiet check.
  const char* pawn = "9/9/4k4/5P3/9/9/9/9/K8 b - 1";
  EXPECT_TRUE(has(checks_of(pawn), "4d4c+"));
  EXPECT_FALSE(has(checks_of(pawn, true), "4d4c+"));
  EXPECT_EQ(checks_of(pawn, true).size(), 0u);
}

TEST(CheckGenRules, DiscoveredCheckByTheKing) {
  // Black's rook on 5i, Black's king on 5g between it and White's king on 5a: every king step
  // off file 5 uncovers the rook.
  const auto v = checks_of("4k4/9/9/9/9/9/4K4/9/4R4 b - 1");
  for (const char* m : {"5g4f", "5g6f", "5g4g", "5g6g", "5g4h", "5g6h"}) EXPECT_TRUE(has(v, m)) << m;
  for (const char* m : {"5g5f", "5g5h"}) EXPECT_FALSE(has(v, m)) << m;
}

TEST(CheckGenRules, DropsThatCheck) {
  // Knight drops check from two squares, a gold from the six around the king it attacks.
  const auto v = checks_of("9/9/9/4k4/9/9/9/9/K8 b NG 1");
  int knights = 0, golds = 0;
  for (Move m : v) knights += is_drop(m) && dropped_type(m) == KNIGHT, golds += is_drop(m) && dropped_type(m) == GOLD;
  EXPECT_EQ(knights, 2);
  EXPECT_EQ(golds, 6);
  EXPECT_EQ(v.size(), 8u);
}

}  // namespace
}  // namespace sashite
