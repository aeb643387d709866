// search/<generator>[+<effect source>]/<layout>-<scheme>/<tt>/d<depth>: the real search, every
// registered engine configuration (search/engine_config.h), on the bench positions (search/bench_positions.h),
// each from a new game (cleared TT and history) to a fixed depth. Cycles per node and nodes
// per second; the trees are identical for the full and the differential generator of one
// layout (tests/search_test.cpp), so their rows compare the same work. A node is one call of
// the search or the quiescence search (the root included), about one do_move each.
//
// The search_node area (diff_bench.cpp) expands one ply below warmed roots, which favours the
// differential generator; these rows are the answer in a real alpha-beta tree.
//
// search_feature/defaults/d8 and search_feature/<Feature>-off|-on/d8: the default configuration
// and the same with one feature of search/features.h switched from its default, deeper (where
// pruning shows): the tree's size (nodes) and the cost per node. A feature's price per node is
// the difference of the two rows; what it saves is the nodes column. Whether it pays is the
// SPRT's question (FINDINGS.md F-search-features).
#include "bench/harness.h"
#include "search/bench_positions.h"
#include "search/engine.h"

namespace sashite::bench {
namespace {

constexpr int kDepth = 6;

constexpr int kFeatureDepth = 8;

void search_bench(benchmark::State& state, const EngineChoice& choice, const SearchParams& params = {},
                  int depth = kDepth) {
  std::string why;
  auto engine = make_engine(choice, &why);
  if (!engine) return state.SkipWithError(why.c_str());
  engine->resize_tt(16);
  engine->set_params(params);
  std::vector<GameHistory> games(std::size(kBenchPositions));
  for (size_t i = 0; i < games.size(); ++i) replay_game(kBenchPositions[i], "", games[i]);
  static const std::atomic<bool> never{false};
  SearchControl control;
  control.stop = &never;
  SearchLimits limits;
  limits.depth = depth;
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
  // Nodes per second of search: the timed regions only (ops/s, one op a node). A rate over the
  // benchmark's wall time would count the 16 MB clears too: up to half of it once the trees
  // shrank to 19,000-61,000 nodes (1.10 against 1.90 M/s on the Xeon 0xcf's 2026-11-27 run).
  if (const auto rate = state.counters.find("ops/s"); rate != state.counters.end())
    state.counters["nodes/s"] = rate->second;
}

const bool registered = [] {
  for (const EngineChoice& c : registered_engine_choices()) {
    // A configuration with another effect source than the baseline's is its generator's variant
    // "<generator>+<source>": its ratio to the full generator's row is the source's worth.
    const std::string variant = c.effects == EngineChoice{}.effects ? c.generator : c.generator + "+" + c.effects;
    const std::string name =
        "search/" + variant + "/" + c.layout + "-" + c.key_scheme + "/" + c.tt + "/d" + std::to_string(kDepth);
    add_once(
        name, [c](benchmark::State& s) { search_bench(s, c); },
        c.generator == "full" && c.effects == EngineChoice{}.effects);
  }
  const std::string depth = "/d" + std::to_string(kFeatureDepth);
  add_once(
      "search_feature/defaults" + depth, [](benchmark::State& s) { search_bench(s, {}, {}, kFeatureDepth); }, true);
  for (const SearchFeatureInfo& f : kSearchFeatures) {
    SearchParams p;
    p.set(f.feature, !f.on_by_default);
    add_once(
        "search_feature/" + std::string(f.name) + (f.on_by_default ? "-off" : "-on") + depth,
        [p](benchmark::State& s) { search_bench(s, {}, p, kFeatureDepth); }, false);
  }
  return true;
}();

}  // namespace
}  // namespace sashite::bench
