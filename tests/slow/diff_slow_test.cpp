// The differential generator's proof of equivalence, deeper and longer than tests/diff_test.cpp:
// perft divide against the full generator a ply deeper where that stays within a few minutes
// (start, max_moves, pawn_drop_mate, middlegame_b91), every published depth (start d7: 15 G
// leaves), a million walk nodes per layout, ten times the per-kernel walks.
#include <gtest/gtest.h>

#include "tests/diff_equivalence.h"
#include "tests/kernel_coverage.h"

namespace sashite {
namespace {

using testing::WalkCounts;

struct DeepCase {
  std::string_view name;
  int divide_depth;     // per root move against the full generator, published values below
  int published_depth;  // deepest published value checked (through DiffPosition only)
  int layout;           // the one hand layout it runs on (index into the registry)
};
// One ply beyond the default run where a divide against the full generator stays within a few
// minutes on 2 cores (on a Zen 3: start d6 with d7 about 2 minutes, b91 d5 1.5; matsuri d5,
// w124 d5 and drops d4 would take far longer).
// Each case runs on one hand layout, the registry's in turn: the default run proves every layout
// a ply less, so one layout per case keeps every layout under a deep proof at a sixth of the
// cost (all six on every case: 1,570 test-seconds on a Zen 3). The start position, the deepest
// case, gets the engine's layout (0, DefaultHand).
constexpr DeepCase kDeepCases[] = {
    {"start", 6, 7, 0},          {"matsuri", 4, 4, 1},         {"max_moves", 4, 3, 2}, {"pawn_drop_mate", 6, 2, 3},
    {"middlegame_b91", 5, 4, 4}, {"middlegame_w124", 4, 4, 5}, {"drops", 3, 3, 0},
};
static_assert(
    [] {
      bool covered[kHandLayoutCount] = {};
      for (const DeepCase& c : kDeepCases) {
        if (c.layout < 0 || c.layout >= kHandLayoutCount) return false;
        covered[c.layout] = true;
      }
      for (bool b : covered)
        if (!b) return false;
      return true;
    }(),
    "every hand layout gets a deep case, and only registered ones");

void PrintTo(const DeepCase& c, std::ostream* os) {
  *os << c.name << " (divide depth " << c.divide_depth << ", published to " << c.published_depth << ", hand layout "
      << c.layout << ")";
}

class DiffPerftDeep : public ::testing::TestWithParam<DeepCase> {};

TEST_P(DiffPerftDeep, EqualsFullGeneratorAndEveryPublishedValue) {
  const DeepCase& c = GetParam();
  const ReferencePosition* ref = nullptr;
  for (const ReferencePosition& r : kReferencePositions) ref = r.name == c.name ? &r : ref;
  ASSERT_NE(ref, nullptr) << c.name;
  int layout = 0;
  for_each_hand_layout([&]<class H>() {
    if (layout++ != c.layout) return;
    SCOPED_TRACE(H::name);
    testing::expect_perft_equivalence<H>(*ref, c.divide_depth);
    DiffPosition<H> diff;
    typename DiffPosition<H>::State st;
    ASSERT_FALSE(diff.set(ref->sfen, &st));
    for (int d = c.divide_depth + 1; d <= c.published_depth; ++d)
      if (ref->perft[d]) {
        EXPECT_EQ(perft(diff, d), ref->perft[d]) << ref->name << " depth " << d;
      }
  });
}

INSTANTIATE_TEST_SUITE_P(Reference, DiffPerftDeep, ::testing::ValuesIn(kDeepCases),
                         [](const auto& info) { return std::string(info.param.name); });

// A million nodes per hand layout (six times the default run's), other seeds.
constexpr uint64_t kSlowWalkNodes = 1'000'000;
constexpr uint64_t kSlowWalkSeeds[] = {5, 7, 11, 13};

template <class H>
class DiffWalkLong : public ::testing::Test {};
TYPED_TEST_SUITE(DiffWalkLong, testing::GTestHandTypes, testing::HandLayoutName);

TYPED_TEST(DiffWalkLong, EveryNodeAgreesWithFullGeneration) {
  const uint64_t per_walk = kSlowWalkNodes / std::size(testing::kWalkStarts) / std::size(kSlowWalkSeeds);
  WalkCounts total;
  for (const testing::WalkStart& start : testing::kWalkStarts)
    for (uint64_t seed : kSlowWalkSeeds) {
      SCOPED_TRACE(std::string(start.name) + " seed " + std::to_string(seed));
      total += testing::diff_walk<TypeParam>(start.sfen, seed ^ testing::name_seed<TypeParam>(), per_walk);
      if (this->HasFailure()) return;
    }
  EXPECT_GE(total.nodes, per_walk * std::size(testing::kWalkStarts) * std::size(kSlowWalkSeeds));
  std::cout << "[ walked   ] " << TypeParam::name << ": " << total << "\n";
}

template <class K>
class DiffKernelWalkLong : public ::testing::Test {};
TYPED_TEST_SUITE(DiffKernelWalkLong, testing::DirtyKernelTypes, testing::DirtyKernelName);

TYPED_TEST(DiffKernelWalkLong, DoMoveWithThisKernelAgrees) {
  SASHITE_SKIP_UNAVAILABLE_KERNEL(std::string(TypeParam::kName), TypeParam::available());
  constexpr uint64_t kNodesPerStart = 40'000;
  for (const testing::WalkStart& start : testing::kWalkStarts) {
    SCOPED_TRACE(start.name);
    testing::diff_walk<DefaultHand, TypeParam>(start.sfen, 17, kNodesPerStart);
    if (this->HasFailure()) return;
  }
}

}  // namespace
}  // namespace sashite
