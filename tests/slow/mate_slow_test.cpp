// The mate solvers on the longer problems of tests/data/tsume_hard.txt (~1.5 s each per solver
// and table layout): exact lengths with every registered solver and layout, each line replayed
// by the full generator.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <tuple>

#include "search/mate/solvers.h"
#include "mate_combos.h"

namespace sashite::mate {
namespace {

template <class C>
class MateSlow : public ::testing::Test {};
TYPED_TEST_SUITE(MateSlow, testing::MateCombos, testing::MateComboNames);

TYPED_TEST(MateSlow, SolvesTheLongerProblemsToTheirExactLengths) {
  std::ifstream in(std::string(SASHITE_SOURCE_DIR) + "/tests/data/tsume_hard.txt");
  int solved = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const std::string sfen = line.substr(0, line.find(" |"));
    std::istringstream what(line.substr(line.find('|') + 1));
    std::string kind;
    int length = 0;
    what >> kind >> length;
    ASSERT_EQ(kind, "mate");
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
  EXPECT_EQ(solved, 2);
}

}  // namespace
}  // namespace sashite::mate
