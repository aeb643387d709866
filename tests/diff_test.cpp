// Proof of equivalence of the differential generator (movegen_diff, LS3600, differential generation (2009)) with the
// full one: perft through DiffPosition on every reference position (movegen_full/reference.h) for every hand layout; a
// million checked random-walk nodes with undo runs (other walks for every layout) where the move sets, the SFEN, the
// key, the consistency check (attack store and every cached list) and the dirty masks agree; every dirty-flag kernel
// driving do_move. Deeper and longer runs: tests/slow/diff_slow_test.cpp.
#include <gtest/gtest.h>

#include <iostream>
#include <map>

#include "engine/position_line.h"
#include "tests/diff_equivalence.h"
#include "tests/kernel_coverage.h"
#include "tests/oracle_positions.h"
#include "tests/sanitizer.h"

namespace sashite {
namespace {

using testing::WalkCounts;

template <class H>
class DiffPerft : public ::testing::Test {};
TYPED_TEST_SUITE(DiffPerft, testing::GTestHandTypes, testing::HandLayoutName);

// What the default run affords (about 200 M leaves per generator); unpublished depths (pawn-drop
// mate d3) are checked against the full generator only. Under the sanitizers (test.sh --slow's
// clang build) a ply less: the release build proves the counts, ASan and UBSan only need every
// path to run, and the full depths took 690 test-seconds there on a Zen 3.
TYPED_TEST(DiffPerft, EqualsFullGeneratorAndPublishedValues) {
  const int shallower = kAddressSanitizer ? 1 : 0;
  const std::map<std::string_view, int> depth = {
      {"start", 5},          {"matsuri", 4},         {"max_moves", 3}, {"pawn_drop_mate", 4},
      {"middlegame_b91", 4}, {"middlegame_w124", 4}, {"drops", 3},
  };
  for (const ReferencePosition& ref : kReferencePositions) {
    ASSERT_TRUE(depth.count(ref.name)) << "no default depth for " << ref.name;
    testing::expect_perft_equivalence<TypeParam>(ref, depth.at(ref.name) - shallower);
  }
}

// Seeds and node budgets of the walks. Together they check a million nodes in the default run,
// split evenly over the hand layouts, the starts and the seeds; each layout walks its own lines
// (its name is mixed into the seeds), so the layouts do not repeat each other's positions.
// Half as many under the sanitizers (the million took 377 test-seconds there on a Zen 3).
constexpr uint64_t kDefaultWalkNodes = kAddressSanitizer ? 500'000 : 1'000'000;
constexpr uint64_t kWalkSeeds[] = {3, 2009};

// At least this many of each kind of event per start (observed counts are 10x or more).
void expect_exercised(const WalkCounts& c, uint64_t per_start_min) {
  EXPECT_GE(c.forward_nodes, c.nodes / 3) << c;
  EXPECT_GE(c.cached_compares, c.forward_nodes) << "too few move sets came from cached lists: " << c;
  EXPECT_GE(c.check_nodes, per_start_min) << c;
  EXPECT_GE(c.pinned_nodes, per_start_min) << c;
  EXPECT_GE(c.evasions, per_start_min) << c;
  EXPECT_GE(c.checks, per_start_min) << c;
  EXPECT_GE(c.slider_captures, per_start_min) << c;
  EXPECT_GE(c.promotions, per_start_min) << c;
  EXPECT_GE(c.drops, per_start_min) << c;
  EXPECT_GE(c.undo_runs, per_start_min) << c;
  EXPECT_EQ(c.max_undo_run, 200u) << "the walk never unwound from its depth cap: " << c;
}

template <class H>
class DiffWalk : public ::testing::Test {};
TYPED_TEST_SUITE(DiffWalk, testing::GTestHandTypes, testing::HandLayoutName);

TYPED_TEST(DiffWalk, EveryNodeAgreesWithFullGeneration) {
  const uint64_t per_walk =
      kDefaultWalkNodes / kHandLayoutCount / std::size(testing::kWalkStarts) / std::size(kWalkSeeds);
  WalkCounts total;
  for (const testing::WalkStart& start : testing::kWalkStarts) {
    SCOPED_TRACE(start.name);
    WalkCounts per_start;
    for (uint64_t seed : kWalkSeeds) {
      per_start += testing::diff_walk<TypeParam>(start.sfen, seed ^ testing::name_seed<TypeParam>(), per_walk);
      if (this->HasFailure()) return;
    }
    expect_exercised(per_start, per_walk / 1000);
    std::cout << "[ walked   ] " << TypeParam::name << " from " << start.name << ": " << per_start << "\n";
    total += per_start;
  }
  // Each walk its budget (the division's remainder is not walked: a layout's share less a few).
  EXPECT_GE(total.nodes, per_walk * std::size(testing::kWalkStarts) * std::size(kWalkSeeds));
  EXPECT_GT(total.multi_ply_syncs, 0u) << total;
  std::cout << "[ walked   ] " << TypeParam::name << ": " << total << "\n";
}

// Each kernel drives do_move of its own DiffPosition instantiation: the dirty set it records,
// dirty_mask() and the generated moves agree with the brute force and the full generator.
template <class K>
class DiffKernelWalk : public ::testing::Test {};
TYPED_TEST_SUITE(DiffKernelWalk, testing::DirtyKernelTypes, testing::DirtyKernelName);

TYPED_TEST(DiffKernelWalk, DoMoveWithThisKernelAgrees) {
  SASHITE_SKIP_UNAVAILABLE_KERNEL(std::string(TypeParam::kName), TypeParam::available());
  constexpr uint64_t kNodesPerStart = 4'000;
  WalkCounts total;
  for (const testing::WalkStart& start : testing::kWalkStarts) {
    SCOPED_TRACE(start.name);
    total += testing::diff_walk<DefaultHand, TypeParam>(start.sfen, 11, kNodesPerStart);
    if (this->HasFailure()) return;
  }
  EXPECT_GE(total.nodes, kNodesPerStart * std::size(testing::kWalkStarts));
  EXPECT_GT(total.drops, 0u) << total;
  EXPECT_GT(total.slider_captures, 0u) << total;
  EXPECT_GT(total.multi_ply_syncs, 0u) << total;
}

// The oracle's positions (fairy-stockfish checks the full generator on them, oracle_test.cpp):
// the differential position, serving every category it can from its kept attack sets, agrees
// with the full generator in each category at the position and after each of its moves (the
// first generation there syncs that move).
template <GenType T, class Diff>
void expect_same_category(Position& full, Diff& diff, const std::string& where) {
  ASSERT_EQ(testing::sorted_moves<T>(diff), testing::sorted_moves<T>(full))
      << testing::gen_type_name(T) << " at " << where;
}
template <class Diff>
void expect_every_category(Position& full, Diff& diff, const std::string& where) {
  expect_same_category<GenType::Captures>(full, diff, where);
  expect_same_category<GenType::Quiets>(full, diff, where);
  expect_same_category<GenType::Drops>(full, diff, where);
  expect_same_category<GenType::Evasions>(full, diff, where);
  expect_same_category<GenType::LegalAll>(full, diff, where);
  expect_same_category<GenType::Checks>(full, diff, where);
  expect_same_category<GenType::QuietChecks>(full, diff, where);
}

TEST(DiffOracle, EveryCategoryAgreesOnTheOraclePositionsAndTheirChildren) {
  using Diff = DiffPosition<DefaultHand, GenType::LegalAll, DefaultDirtyKernel, kKeepable>;
  const std::vector<std::string> positions = testing::oracle_positions();
  ASSERT_GE(positions.size(), 900u);
  uint64_t children = 0;
  for (const std::string& sfen : positions) {
    PositionLine<Position> full(sfen);
    PositionLine<Diff> diff(sfen);
    expect_every_category(full.pos, diff.pos, sfen);
    if (HasFailure()) return;
    for (const ExtMove& m : MoveList<GenType::LegalAll>(full.pos)) {
      full.play(m.move);
      diff.play(m.move);
      expect_every_category(full.pos, diff.pos, sfen + " moves " + to_usi(m.move));
      ASSERT_EQ(diff.pos.consistency_error(), "") << sfen << " moves " << to_usi(m.move);
      full.undo();
      diff.undo();
      if (HasFailure()) return;
      ++children;
    }
  }
  EXPECT_GT(children, positions.size() * 10);
}

// The oracle on a case worked by hand: at the start, 7g7f touches the squares seen by the pawn
// on 7g (7f), the bishop on 8h and the knight on 8i (both 7g); nothing of White's reaches 7g or 7f.
TEST(DiffBruteForceDirty, StartPosition7g7fByHand) {
  DiffPosition<DefaultHand> dp;
  DiffPosition<DefaultHand>::State st;
  ASSERT_FALSE(dp.set(Position::kStartSfen, &st));
  const Square from = make_square(FILE_7, RANK_7), to = make_square(FILE_7, RANK_6);
  const uint64_t want = 1ULL << dp.id_on(from) | 1ULL << dp.id_on(make_square(FILE_8, RANK_8)) |
                        1ULL << dp.id_on(make_square(FILE_8, RANK_9));
  EXPECT_EQ(testing::brute_force_dirty(dp, from, to), want);
  EXPECT_EQ(dp.dirty_mask(make_move(from, to)), want);
  DiffPosition<DefaultHand>::State next;
  dp.do_move(make_move(from, to), next);
  EXPECT_EQ(dp.pending().dirty, want);  // the moved pawn is already in the set
  dp.sync();
  EXPECT_EQ(dp.state()->dirty, want);
}

}  // namespace
}  // namespace sashite
