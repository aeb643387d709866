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
// A search's cycles vary on a shared host: neighbours take the L3, the memory and the cores,
// for milliseconds to seconds at a time, and the two vCPUs unequally, so that
// one search of a position runs slower than the next by far more than the differences these
// rows exist to price (FINDINGS.md F-search-precision). So the rows are timed together in
// rounds: in a round each position is searched by every engine taking turns of 4,096 nodes on
// one CPU (search_taking_turns), and a row's `paired_ratio` is the median over its searches of
// its cycles per node over the default's in the same position and round, timed in the same
// seconds. report.py takes a row's ratio from it. The A/A row is a second engine of the default
// configuration. Engines are made anew every round, so that no one table's physical pages (its
// cache and DRAM conflicts) favour one row for the whole run.
//
// The search_node area (diff_bench.cpp) expands one ply below warmed roots, which favours the
// differential generator; these rows are the answer in a real alpha-beta tree.
//
#include <algorithm>
#include <atomic>
#include <memory>
#include <numeric>
#include <random>
#include <semaphore>
#include <thread>

#include <pthread.h>
#include <sched.h>

#include "bench/harness.h"
#include "search/bench_positions.h"
#include "search/engine.h"

namespace sashite::bench {
namespace {

constexpr uint64_t kNodes = 250'000;        // per search: iterations to depth 11 to 16 on the bench positions
constexpr size_t kRoundsPerRepetition = 2;  // with 6 positions: 12 searches per row and repetition
constexpr uint64_t kPollsPerTurn = 4;       // the search polls every 1,024 nodes: turns of 4,096 nodes

constexpr int kFeatureDepth = 8;

// Writes one byte in every 4 KB page of the 1 MB of stack below the caller's frame, where the
// search will run: a new thread may get a stack never touched, whose first use would fault its
// pages in inside the timed turns (results/2026-12-01-search-thread-order.md).
[[gnu::noinline]] void prefault_stack() {
  volatile char pad[1 << 20];
  for (size_t i = 0; i < sizeof pad; i += 4096) pad[i] = 0;
}

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
    const size_t n = engines_.size(), k = rounds_.size();
    Round r;
    r.ticks.assign(n, 0);
    r.nodes.assign(n, 0);
    r.ratios.resize(n);
    r.cal_before = cycles_per_tick_now();
    for (size_t p = 0; p < games_.size(); ++p) {
      for (auto& engine : engines_) {
        engine->set_game(games_[p]);
        engine->new_game();  // a 16 MB clear: outside the clock, before any search of the position
      }
      std::vector<uint64_t> ticks(n), nodes(n);
      search_taking_turns(k * games_.size() + p, ticks, nodes);
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

  // Searches each engine's position (set_game), one engine running at a time, all on the CPU
  // the caller runs on: each engine searches kPollsPerTurn x 1,024 nodes, then hands the turn to
  // the next, in an order drawn anew for every round and position (`seed`), each in a thread of
  // its own that waits for its turn. Why (FINDINGS.md F-search-precision): a host's neighbours
  // slow a search for milliseconds to seconds at a time, and the two vCPUs unequally; taking
  // short turns on one CPU, every engine samples the same moments. A fixed order would favour
  // whichever engine follows its twin (the A/A row, the baseline's): it replays the nodes its
  // predecessor has just searched, on warm tables and branch predictors. `ticks`: the TSC ticks
  // of each engine's own turns, the hand-overs excluded; the caches the others emptied are
  // refilled inside them (about 10 % of a turn's first 1,024 nodes: every ratio reads about
  // 2 % of its distance from 1 closer to 1).
  void search_taking_turns(uint64_t seed, std::vector<uint64_t>& ticks, std::vector<uint64_t>& nodes) {
    static const std::atomic<bool> never{false};
    SearchLimits limits;
    limits.nodes = kNodes;
    const size_t n = engines_.size();
    std::vector<size_t> order(n), next(n);
    std::iota(order.begin(), order.end(), size_t{0});
    std::shuffle(order.begin(), order.end(), std::mt19937_64(seed));
    for (size_t j = 0; j < n; ++j) next[order[j]] = order[(j + 1) % n];
    std::vector<std::unique_ptr<std::binary_semaphore>> turn;
    for (size_t i = 0; i < n; ++i) turn.push_back(std::make_unique<std::binary_semaphore>(0));
    std::vector<char> done(n, 0);  // written and read by the engine holding the turn only
    const auto pass = [&](size_t i) {
      for (size_t j = next[i]; j != i; j = next[j])
        if (!done[j]) return turn[j]->release();
      if (!done[i]) turn[i]->release();  // the others have finished: carry on
    };
    const int here = sched_getcpu();  // -1 if unknown: then the threads run anywhere, only noisier
    cpu_set_t cpu;
    CPU_ZERO(&cpu);
    if (here >= 0) CPU_SET(here, &cpu);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < n; ++i)
      threads.emplace_back([&, i] {
        if (here >= 0) pthread_setaffinity_np(pthread_self(), sizeof cpu, &cpu);  // may fail: only noisier
        prefault_stack();
        turn[i]->acquire();
        uint64_t polls = 0, t0 = tsc_begin();
        SearchControl control;
        control.stop = &never;
        control.on_poll = [&] {
          if (++polls % kPollsPerTurn) return;
          ticks[i] += tsc_end() - t0;
          pass(i);
          turn[i]->acquire();
          t0 = tsc_begin();
        };
        nodes[i] = engines_[i]->go(limits, control).nodes;
        ticks[i] += tsc_end() - t0;
        done[i] = 1;
        pass(i);
      });
    turn[order[0]]->release();
    for (std::thread& t : threads) t.join();
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
