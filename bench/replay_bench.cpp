// node_replay/<full|diff>/<requests>: the real search's node sequence (tools/study/node_replay.h,
// recorded from the `bench` positions at depth 6; the search/ rows search them for 250,000 nodes) replayed on
// a position type with only the position's work: every make and unmake, plus the generation
// requests named by the case. Cycles per node (a node: one make, move or null move).
//
//   moves          makes and unmakes only
//   <category>     + the search's requests for that category (captures, quiets, drops,
//                  evasions, quiet_checks, checks: the mate-in-one test's): the category's cost is
//                  this row minus `moves`
//   all            + every request, as the search makes them
//   sync           diff_kept only: + sync() where the search generates, no generation (the
//                  lazy bookkeeping: dirty masks, attack update, stale marking)
// Every row also counts evals/node, the share of the search's nodes that evaluate statically
// (scripts/report.py's Elo column turns an evaluation's cycles into a node's with it).
//
// Variants: full; diff (the engine's build: every category from the full generator, see
// search/engine_config.h); diff_kept (captures and quiets from the kept attack sets, after
// sync()); diff_kept_evasions (evasions from them too).
//
// The rows of one case run the same steps for both generators, interleaved; `all` is checked
// to give both the same moves before timing.
#include <stdexcept>

#include "bench/harness.h"
#include "search/bench_positions.h"
#include "search/engine_config.h"
#include "tools/study/node_replay.h"

namespace sashite::bench {
namespace {

using study::NodeOp;
using FullPos = BaselineGenerator::Position<DefaultHand>;
// The other choices of categories served from the kept attack sets (diff_position.h's Kept):
using DiffKept = DiffPosition<DefaultHand, GenType::Legal, DefaultDirtyKernel, kKeptByDefault>;
using DiffKeptEvasions =
    DiffPosition<DefaultHand, GenType::Legal, DefaultDirtyKernel, kKeptByDefault | gen_mask({GenType::Evasions})>;
constexpr int kDepth = 6;

const std::vector<study::NodeTrace>& traces() {
  static const std::vector<study::NodeTrace> t = study::record_search_traces(kBenchPositions, kDepth);
  return t;
}

template <class Pos>
study::ReplayTally replay_all(study::NodeReplayer<Pos>& r, unsigned serve) {
  study::ReplayTally sum;
  for (const study::NodeTrace& t : traces()) {
    const auto one = r.run(t, serve);
    sum.moves += one.moves;
    sum.hash += one.hash;
  }
  return sum;
}

template <class Pos>
void check_equal_answers() {
  study::NodeReplayer<FullPos> full;
  study::NodeReplayer<Pos> other;
  if (replay_all(full, study::kGenerationOps) != replay_all(other, study::kGenerationOps))
    throw std::runtime_error("replay_bench: a differential variant answers the search's requests unlike full");
}

template <class Pos>
void replay(benchmark::State& state, unsigned serve) {
  static const bool checked = (check_equal_answers<Pos>(), true);
  (void)checked;
  uint64_t moves = 0;
  study::NodeReplayer<Pos> r;
  uint64_t nodes = 0, requests = 0, evaluations = 0;
  for (const study::NodeTrace& t : traces()) {
    nodes += t.moves();
    evaluations += t.evaluations();
    for (const study::NodeStep& s : t.steps) requests += (serve & study::op_bit(s.op)) != 0;
  }
  uint64_t ticks = 0;
  for (auto _ : state) ticks += time_region([&] { moves += replay_all(r, serve).moves; });
  // No DoNotOptimize(moves): the counter below uses it, and GCC 12 miscompiled the "+m,r"
  // constraint of Debian's benchmark 1.7 here (the counter read 0 after the loop).
  set_counters(state, ticks, nodes);
  state.counters["nodes"] = double(nodes);
  state.counters["requests/node"] = double(requests) / double(nodes);
  state.counters["evals/node"] = double(evaluations) / double(nodes);
  state.counters["moves/node"] = double(moves) / double(nodes * state.iterations());
}

const bool registered = [] {
  struct Case {
    const char* name;
    unsigned serve;
  };
  std::vector<Case> cases = {{"moves", 0}};
  for (NodeOp op :
       {NodeOp::Captures, NodeOp::Quiets, NodeOp::Drops, NodeOp::Evasions, NodeOp::QuietChecks, NodeOp::Checks})
    cases.push_back({study::node_op_name(op), study::op_bit(op)});
  cases.push_back({"all", study::kGenerationOps});
  for (const Case& c : cases) {
    // The engine build of every registered generator (movegen/generators.h).
    for_each_generator([&]<class G>() {
      add_once("node_replay/" + std::string(G::name) + "/" + c.name,
               [c](benchmark::State& s) { replay<typename G::template Position<DefaultHand>>(s, c.serve); });
    });
    add_once(std::string("node_replay/diff_kept/") + c.name,
             [c](benchmark::State& s) { replay<DiffKept>(s, c.serve); });
    add_once(std::string("node_replay/diff_kept_evasions/") + c.name,
             [c](benchmark::State& s) { replay<DiffKeptEvasions>(s, c.serve); });
  }
  add_once("node_replay/diff_kept/sync",
           [](benchmark::State& s) { replay<DiffKept>(s, study::kGenerationOps | study::kSyncOnly); });
  return true;
}();

}  // namespace
}  // namespace sashite::bench
