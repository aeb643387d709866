// The mate solvers on the longer problems of tests/data/tsume_hard.txt (~1 s each per solver
// and table layout) and the ones of tsume_long.txt with a length: exact lengths with every
// registered solver and layout, each line replayed by the full generator. And a problem of over
// 100 plies for the unbounded df-pn: 煙詰.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>

#include "mate/problem_set.h"
#include "mate/pn_dn_table.h"
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

// 煙詰 (mogami s5, 伊藤看寿 将棋図巧 第99番, 117 plies in its source): the first proof's line,
// of over 100 plies, replayed by the full generator. About 4-12 M nodes, 2-9 s on a shared
// 2-vCPU Zen 3 or 4; the limit leaves a wide margin. With 16 MB the table cannot keep the proof
// tree, so the line is rebuilt through searches of what it lost. With 1 MB a node's defences
// evict each other's proofs as they are searched again, so the line counts a defence searched
// again as proven: before, the cluster replacement answered timeout there after 7 s of 600.
template <class T>
void solves_kemuri(size_t mb) {
  const std::string sfen = "k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1";
  Position pos;
  StateInfo si;
  ASSERT_EQ(pos.set(sfen, &si), std::nullopt);
  T table;
  table.resize(mb);
  UnboundedDfPnSolver<T> solver(table);
  MateLimits limits;
  limits.post_search = MatePostSearch::None;
  limits.ms = 600'000;
  const MateResult r = solver.solve(pos, limits);
  ASSERT_EQ(r.status, MateStatus::Mate) << T::name << ", " << mb << " MB";
  EXPECT_GT(r.moves.size(), 100u) << T::name << ", " << mb << " MB";
  EXPECT_EQ(check_mate_line(pos, r.moves), "") << T::name << ", " << mb << " MB";
}

TEST(MateSlowUnbounded, SolvesKemuriOfOverAHundredPlies) {
  for (const size_t mb : {256, 16, 1}) solves_kemuri<PnDnTable<DefaultHand>>(mb);
  solves_kemuri<CollectedPnDnTable>(1);
}

// Two threads on Astral Traveler (579 plies): their table holds proofs found along other
// lines, and a defence the table lost, searched again under the answer's line, can return to a
// position of that line. The line must then take another check above it, not answer timeout
// (it did in about a third of such solves). Ten solves, each a fresh table and a different
// interleaving of the threads: without the retreat, most runs of this test fail.
TEST(MateSlowUnbounded, TwoThreadsAnswerAstralTravelerEveryTime) {
  const auto set = load_mate_problems(std::string(SASHITE_SOURCE_DIR) + "/tests/data/tsume_classics.txt");
  ASSERT_TRUE(set);
  const auto it = std::find_if(set->begin(), set->end(),
                               [](const MateProblem& p) { return p.source.starts_with("Astral Traveler"); });
  ASSERT_NE(it, set->end());
  PnDnTable<DefaultHand> table;
  table.resize(1024);
  for (int run = 0; run < 10; ++run) {
    table.clear();
    Position pos;
    StateInfo si;
    ASSERT_EQ(pos.set(it->sfen, &si), std::nullopt);
    UnboundedDfPnSolver<PnDnTable<DefaultHand>> solver(table);
    MateLimits limits;
    limits.post_search = MatePostSearch::None;
    limits.threads = 2;
    limits.ms = 120'000;
    const MateResult r = solver.solve(pos, limits);
    ASSERT_EQ(r.status, MateStatus::Mate) << "run " << run << ": " << mate_answer(r);
    EXPECT_EQ(check_mate_line(pos, r.moves), "") << "run " << run;
  }
}

}  // namespace
}  // namespace sashite::mate
