// The mate solvers on the longer problems of tests/data/tsume_hard.txt (~1 s each per solver
// and table layout) and the ones of tsume_long.txt with a length: exact lengths with every
// registered solver and layout, each line replayed by the full generator.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "mate/problem_set.h"
#include "mate/solvers.h"
#include "mate_combos.h"

namespace sashite::mate {
namespace {

template <class C>
class MateSlow : public ::testing::Test {};
TYPED_TEST_SUITE(MateSlow, testing::MateCombos, testing::MateComboNames);

TYPED_TEST(MateSlow, SolvesTheLongerProblemsToTheirExactLengths) {
  auto set = load_mate_problems(std::string(SASHITE_SOURCE_DIR) + "/tests/data/tsume_hard.txt");
  const auto more = load_mate_problems(std::string(SASHITE_SOURCE_DIR) + "/tests/data/tsume_long.txt");
  ASSERT_TRUE(set && more);
  for (const MateProblem& p : *more)
    if (p.mate()) set->push_back(p);
  int solved = 0;
  for (const MateProblem& p : *set) {
    const std::string& sfen = p.sfen;
    const int length = p.length();
    Position pos;
    StateInfo si;
    ASSERT_EQ(pos.set(sfen, &si), std::nullopt) << sfen;
    typename TypeParam::Table table;
    table.resize(256);
    typename TypeParam::Solver solver(table);
    const MateResult r = solver.solve(pos, MateLimits{});
    ASSERT_EQ(r.status, MateStatus::Mate) << sfen;
    EXPECT_EQ(int(r.moves.size()), length) << sfen;
    EXPECT_EQ(check_mate_line(pos, r.moves), "") << sfen;
    ++solved;
  }
  EXPECT_EQ(solved, 4);
}

}  // namespace
}  // namespace sashite::mate
