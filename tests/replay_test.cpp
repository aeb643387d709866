// The search's own node sequence (tools/study/node_replay.h), replayed: the full position
// gives every request the move count the search was given while recording, and the
// differential position answers every request with the full generator's move set.
#include <gtest/gtest.h>

#include <algorithm>

#include "search/bench_positions.h"
#include "search/engine_config.h"
#include "search/features.h"
#include "tools/study/node_replay.h"

namespace sashite {
namespace {

using study::NodeOp;

const std::vector<study::NodeTrace>& traces() {
  static const std::vector<study::NodeTrace> t = study::record_search_traces(kBenchPositions, 4);
  return t;
}

std::vector<Move> sorted(const ExtMove* begin, const ExtMove* end) {
  std::vector<Move> v;
  for (const ExtMove* e = begin; e < end; ++e) v.push_back(e->move);
  std::sort(v.begin(), v.end());
  return v;
}

TEST(NodeReplay, RecordsEverySearchAndEveryCategory) {
  ASSERT_EQ(traces().size(), std::size(kBenchPositions));
  uint64_t per_op[study::kNodeOps] = {};
  for (const study::NodeTrace& t : traces())
    for (const study::NodeStep& s : t.steps) ++per_op[unsigned(s.op)];
  // Checks: only the one-ply mate test asks for them (search/features.h, MateInOne).
  const bool mate_test = SearchParams{}.on(SearchFeature::MateInOne);
  for (int op = 0; op < study::kNodeOps; ++op) {
    if (NodeOp(op) != NodeOp::Checks || mate_test) {
      EXPECT_GT(per_op[op], 0u) << study::node_op_name(NodeOp(op));
    }
  }
  EXPECT_EQ(per_op[unsigned(NodeOp::Move)], per_op[unsigned(NodeOp::Undo)]);
  EXPECT_EQ(per_op[unsigned(NodeOp::Null)], per_op[unsigned(NodeOp::UndoNull)]);
}

// The Evaluate marks are the search's static evaluations (the recording source logs each call):
// some, and no more than the nodes plus the root in these traces, since TT-stored evals and
// in-check nodes skip the call; the replay skips the marks (FullReplayGivesTheRecordedCounts
// runs over them).
TEST(NodeReplay, MarksEachStaticEvaluation) {
  for (const study::NodeTrace& t : traces()) {
    EXPECT_GT(t.evaluations(), 0u) << t.sfen;
    EXPECT_LE(t.evaluations(), t.moves() + 1) << t.sfen;
  }
}

TEST(NodeReplay, FullReplayGivesTheRecordedCounts) {
  study::NodeReplayer<FullGenerator::Position<DefaultHand>> full;
  for (const study::NodeTrace& t : traces()) {
    uint64_t served = 0;
    full.run(t, study::kGenerationOps, [&](size_t i, NodeOp op, const ExtMove* begin, const ExtMove* end) {
      ++served;
      ASSERT_EQ(end - begin, t.steps[i].recorded_moves) << t.sfen << " step " << i << " " << study::node_op_name(op);
    });
    EXPECT_GT(served, 0u);
  }
}

template <HandLayout H, class Diff = DiffGenerator::Position<H>>
void expect_diff_answers_as_full() {
  study::NodeReplayer<FullGenerator::Position<H>> full;
  study::NodeReplayer<Diff> diff;
  for (const study::NodeTrace& t : traces()) {
    std::vector<std::vector<Move>> answers;
    full.run(t, study::kGenerationOps,
             [&](size_t, NodeOp, const ExtMove* begin, const ExtMove* end) { answers.push_back(sorted(begin, end)); });
    size_t k = 0;
    diff.run(t, study::kGenerationOps, [&](size_t i, NodeOp op, const ExtMove* begin, const ExtMove* end) {
      ASSERT_LT(k, answers.size());
      ASSERT_EQ(sorted(begin, end), answers[k++]) << t.sfen << " step " << i << " " << study::node_op_name(op);
    });
    EXPECT_EQ(k, answers.size());
    EXPECT_EQ(diff.position().consistency_error(), "");
  }
}

TEST(NodeReplay, DiffAnswersEveryRequestAsFullForEveryHandLayout) {
  for_each_hand_layout([]<class H>() { expect_diff_answers_as_full<H>(); });
}

// The categories the engine's build takes from the full generator, served from the kept attack
// sets instead (the bench's diff_kept variants), synced lazily where the search generates.
TEST(NodeReplay, KeptAttackSetsAnswerEveryRequestAsFull) {
  for_each_hand_layout([]<class H>() {
    expect_diff_answers_as_full<H, DiffPosition<H, GenType::Legal, DefaultDirtyKernel, kKeepable>>();
  });
  expect_diff_answers_as_full<DefaultHand,
                              DiffPosition<DefaultHand, GenType::Legal, DefaultDirtyKernel, kKeptByDefault>>();
}

}  // namespace
}  // namespace sashite
