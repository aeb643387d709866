// search/<generator>[+<effect source>]/<layout>-<scheme>/<tt>/d<depth>: the real search, every
// registered engine configuration (search/engine_config.h), on the bench positions (search/bench_positions.h),
// each from a new game (cleared TT and history) to a fixed depth. Cycles per node and nodes
// per second; the trees are identical for the full and the differential generator of one
// layout (tests/search_test.cpp), so their rows compare the same work. A node is one call of
// the search or the quiescence search (the root included), about one do_move each.
//
// The search_node area (diff_bench.cpp) expands one ply below warmed roots, which favours the
// differential generator; these rows are the answer in a real alpha-beta tree.
#include "bench/harness.h"
#include "search/bench_positions.h"
#include "search/engine.h"

namespace sashite::bench {
namespace {

constexpr int kDepth = 6;

void search_bench(benchmark::State& state, const EngineChoice& choice) {
  std::string why;
  auto engine = make_engine(choice, &why);
  if (!engine) return state.SkipWithError(why.c_str());
  engine->resize_tt(16);
  std::vector<GameHistory> games(std::size(kBenchPositions));
  for (size_t i = 0; i < games.size(); ++i) replay_game(kBenchPositions[i], "", games[i]);
  static const std::atomic<bool> never{false};
  SearchControl control;
  control.stop = &never;
  SearchLimits limits;
  limits.depth = kDepth;
  uint64_t ticks = 0, nodes = 0;  // nodes of one iteration: the same every time (deterministic)
  for (auto _ : state) {
    nodes = 0;
    for (const GameHistory& g : games) {
      engine->set_game(g);
      engine->new_game();  // a 16 MB clear: outside the clock
      ticks += time_region([&] { nodes += engine->go(limits, control).nodes; });
    }
  }
  set_counters(state, ticks, nodes);  // per node
  state.counters["nodes"] = double(nodes);
  state.counters["nodes/s"] = benchmark::Counter(double(nodes) * double(state.iterations()), benchmark::Counter::kIsRate);
}

const bool registered = [] {
  for (const EngineChoice& c : registered_engine_choices()) {
    // A configuration with another effect source than the baseline's is its generator's variant
    // "<generator>+<source>": its ratio to the full generator's row is the source's worth.
    const std::string variant = c.effects == EngineChoice{}.effects ? c.generator : c.generator + "+" + c.effects;
    const std::string name = "search/" + variant + "/" + c.layout + "-" + c.key_scheme + "/" + c.tt + "/d" + std::to_string(kDepth);
    add_once(name, [c](benchmark::State& s) { search_bench(s, c); }, c.generator == "full" && c.effects == EngineChoice{}.effects);
  }
  return true;
}();

}  // namespace
}  // namespace sashite::bench
