// search/<generator>[+<effect source>]/<layout>-<scheme>/<tt>/n250k: the real search of the
// engine's default configuration, full/padded32-xor/classic (search/engine_config.h), and of each
// registered configuration that changes one axis of it: the generator, the hand layout (with
// its key scheme), the TT layout, the effect source. Each search starts a new game (cleared TT
// and history) on one of the bench positions (search/bench_positions.h) and stops after 250,000
// nodes (iterations to depth 11 to 16). Cycles per node and nodes per second; a node is one
// call of the search or the quiescence search (the root included), about one do_move each.
// Every row's ratio is to
// the default's row: what that one change costs or saves per node. The generators, the hand
// layouts and the effect sources search the default's very tree (checked every round by the
// node counts); another key scheme or TT layout searches another tree of the same size, so its
// ratio also carries the tree's other mix of nodes.
//
// A search's cycles vary on a shared host: neighbours take the L3 and memory, so that one
// search of a position runs slower than the next by far more than the differences these rows
// exist to price, without being preempted (thread CPU time equals wall time; FINDINGS.md
// F-search-precision). So the rows are timed together in rounds: in a round each position is
// searched by every engine back to back, the order rotating, and a row's `paired_ratio` is the
// median over its searches of its cycles per node over the default's in the same position and
// round, a second or two apart. report.py takes a row's ratio from it. The A/A row is a second
// engine of the default configuration. Engines are made anew every round, so that no one table's
// physical pages (its cache and DRAM conflicts) favour one row for the whole run.
//
// The search_node area (diff_bench.cpp) expands one ply below warmed roots, which favours the
// differential generator; these rows are the answer in a real alpha-beta tree.
//
#include <algorithm>
#include <atomic>
#include <memory>

#include "bench/harness.h"
#include "search/bench_positions.h"
#include "search/engine.h"

namespace sashite::bench {
namespace {

constexpr uint64_t kNodes = 250'000;        // per search: iterations to depth 11 to 16 on the bench positions
constexpr size_t kRoundsPerRepetition = 2;  // with 6 positions: 12 searches per row and repetition

constexpr int kFeatureDepth = 8;

// The default configuration and the rows that compare with it, timed together (see the top).
class SearchGroup {
 public:
  explicit SearchGroup(const EngineChoice& baseline) { choices_.push_back(baseline); }
  // The row index of `choice` (0: the baseline); the A/A row is add(baseline).
  size_t add(const EngineChoice& choice) {
    choices_.push_back(choice);
    return choices_.size() - 1;
  }

  // Reports repetition `k` of row `row` (rounds k R to k R + R - 1), timing the rounds first
  // if no other row has.
  void report(benchmark::State& state, size_t row, size_t k) {
    const size_t end = (k + 1) * kRoundsPerRepetition;
    for (auto _ : state)
      while (rounds_.size() < end)
        if (!run_round(&why_)) break;
    if (rounds_.size() < end) return state.SkipWithError(why_.c_str());
    uint64_t ticks = 0, nodes = 0;
    std::vector<double> ratios;
    for (size_t i = end - kRoundsPerRepetition; i < end; ++i) {
      const Round& r = rounds_[i];
      ticks += r.ticks[row];
      nodes += r.nodes[row];
      ratios.insert(ratios.end(), r.ratios[row].begin(), r.ratios[row].end());
    }
    set_counters(state, ticks, nodes, rounds_[end - kRoundsPerRepetition].cal_before, rounds_[end - 1].cal_after);
    state.counters["nodes"] = double(nodes);
    if (row > 0) state.counters["paired_ratio"] = median(ratios);
    // Nodes per second of search: the timed regions only (ops/s, one op a node), not the clears.
    if (const auto rate = state.counters.find("ops/s"); rate != state.counters.end())
      state.counters["nodes/s"] = rate->second;
  }

 private:
  struct Round {
    std::vector<uint64_t> ticks, nodes;       // per row, over every position
    std::vector<std::vector<double>> ratios;  // per row, per position: cycles per node over the default's
    double cal_before = 0, cal_after = 0;
  };

  static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
  }

  // The same tree as the default's: every node count must match.
  bool same_tree(size_t row) const {
    return choices_[row].key_scheme == choices_[0].key_scheme && choices_[row].tt == choices_[0].tt;
  }

  bool run_round(std::string* why) {
    // New engines every round: a table's physical pages, which set its cache and DRAM conflicts,
    // vary from round to round instead of favouring one engine of the group for the whole run.
    if (!make_engines(why)) return false;
    static const std::atomic<bool> never{false};
    SearchControl control;
    control.stop = &never;
    SearchLimits limits;
    limits.nodes = kNodes;
    const size_t n = engines_.size(), k = rounds_.size();
    Round r;
    r.ticks.assign(n, 0);
    r.nodes.assign(n, 0);
    r.ratios.resize(n);
    r.cal_before = cycles_per_tick_now();
    for (size_t p = 0; p < games_.size(); ++p) {
      std::vector<uint64_t> ticks(n), nodes(n);
      for (size_t j = 0; j < n; ++j) {
        const size_t i = (j + p + k) % n;  // each engine goes first in turn
        engines_[i]->set_game(games_[p]);
        engines_[i]->new_game();  // a 16 MB clear: outside the clock
        ticks[i] = time_region([&] { nodes[i] = engines_[i]->go(limits, control).nodes; });
      }
      for (size_t i = 0; i < n; ++i) {
        if (same_tree(i) && nodes[i] != nodes[0]) {
          *why = choices_[i].name() + " searched another tree than " + choices_[0].name();
          return false;
        }
        r.ticks[i] += ticks[i];
        r.nodes[i] += nodes[i];
        r.ratios[i].push_back(double(ticks[i]) * double(nodes[0]) / (double(ticks[0]) * double(nodes[i])));
      }
    }
    r.cal_after = cycles_per_tick_now();
    rounds_.push_back(std::move(r));
    engines_.clear();
    return true;
  }

  bool make_engines(std::string* why) {
    engines_.clear();
    for (const EngineChoice& c : choices_) {
      auto engine = make_engine(c, why);
      if (!engine) return false;
      engine->resize_tt(16);
      engine->new_game();  // touches every page of the table: no page faults in a timed search
      engines_.push_back(std::move(engine));
    }
    if (games_.empty()) {
      games_.resize(std::size(kBenchPositions));
      for (size_t i = 0; i < games_.size(); ++i) replay_game(kBenchPositions[i], "", games_[i]);
    }
    return true;
  }

  std::vector<EngineChoice> choices_;
  std::vector<std::unique_ptr<Engine>> engines_;
  std::vector<GameHistory> games_;
  std::vector<Round> rounds_;
  std::string why_;
};

// search_feature rows: one configuration alone, to a fixed depth.
void feature_bench(benchmark::State& state, const SearchParams& params) {
  std::string why;
  auto engine = make_engine({}, &why);
  if (!engine) return state.SkipWithError(why.c_str());
  engine->resize_tt(16);
  engine->set_params(params);
  std::vector<GameHistory> games(std::size(kBenchPositions));
  for (size_t i = 0; i < games.size(); ++i) replay_game(kBenchPositions[i], "", games[i]);
  static const std::atomic<bool> never{false};
  SearchControl control;
  control.stop = &never;
  SearchLimits limits;
  limits.depth = kFeatureDepth;
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
  if (const auto rate = state.counters.find("ops/s"); rate != state.counters.end())
    state.counters["nodes/s"] = rate->second;
}

const bool registered = [] {
  static SearchGroup group{EngineChoice{}};  // lives with the process: rows read its rounds
  const auto reader = [](size_t row) {
    auto reads = std::make_shared<size_t>(0);  // repetitions reported so far
    return [row, reads](benchmark::State& s) { group.report(s, row, (*reads)++); };
  };
  const EngineChoice def;
  const auto row_name = [](const EngineChoice& c) {
    // Another effect source than the default's is its generator's variant "<generator>+<source>".
    const std::string variant = c.effects == EngineChoice{}.effects ? c.generator : c.generator + "+" + c.effects;
    return "search/" + variant + "/" + c.layout + "-" + c.key_scheme + "/" + c.tt + "/n" +
           std::to_string(kNodes / 1000) + "k";
  };
  const std::string base = row_name(def);
  compare_with_row("search", base);
  add_once(base, reader(0), true);
  set_aa_function(base, reader(group.add(def)));  // the A/A row: a second engine of the default
  for (const EngineChoice& c : registered_engine_choices()) {
    const int axes =
        (c.generator != def.generator) + (c.layout != def.layout || c.key_scheme != def.key_scheme) + (c.tt != def.tt);
    // An effect source registers on the default hand and TT, with the generators it fits.
    const bool one_change = c.effects != def.effects ? axes <= 1 : axes == 1;
    if (one_change) add_once(row_name(c), reader(group.add(c)));
  }
  const std::string depth = "/d" + std::to_string(kFeatureDepth);
  add_once(
      "search_feature/defaults" + depth, [](benchmark::State& s) { feature_bench(s, {}); }, true);
  for (const SearchFeatureInfo& f : kSearchFeatures) {
    SearchParams p;
    p.set(f.feature, !f.on_by_default);
    add_once(
        "search_feature/" + std::string(f.name) + (f.on_by_default ? "-off" : "-on") + depth,
        [p](benchmark::State& s) { feature_bench(s, p); }, false);
  }
  return true;
}();

}  // namespace
}  // namespace sashite::bench
