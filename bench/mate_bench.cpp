// mate/<solver>/<table>/tsume: every registered mate solver (mate/solvers.h) over the
// tsume set tests/data/tsume.txt, for every registered mate-table layout, each problem on a
// cleared 64 MB table (the clear outside the clock). Cycles per node and nodes per second; a
// solver's trees are the same for both layouts unless a layout drops or replaces records. Per-problem
// figures: tools/mate_report.cpp.
#include <string>
#include <tuple>
#include <vector>

#include "bench/harness.h"
#include "mate/problem_set.h"
#include "mate/solvers.h"

namespace sashite::bench {
namespace {

template <class S, class T>
void mate_bench(benchmark::State& state) {
  const auto problems = mate::load_mate_problems(std::string(SASHITE_SOURCE_DIR) + "/tests/data/tsume.txt");
  if (!problems) return state.SkipWithError("tests/data/tsume.txt not found");
  T table;
  table.resize(64);
  uint64_t ticks = 0, nodes = 0;
  for (auto _ : state) {
    nodes = 0;
    for (const mate::MateProblem& p : *problems) {
      table.clear();
      Position pos;
      StateInfo si;
      pos.set(p.sfen, &si);
      S solver(table);
      mate::MateLimits limits;
      limits.max_depth = p.max_depth();
      ticks += time_region([&] {
        const mate::MateResult r = solver.solve(pos, limits);
        nodes += r.nodes + r.solution_nodes;
      });
    }
  }
  set_counters(state, ticks, nodes);  // per node
  state.counters["nodes"] = double(nodes);
  state.counters["nodes/s"] =
      benchmark::Counter(double(nodes) * double(state.iterations()), benchmark::Counter::kIsRate);
}

const bool registered = [] {
  mate::for_each_mate_solver_and_table([]<class S, class T>() {
    add_once(std::string("mate/") + S::name + "/" + T::name + "/tsume",
             [](benchmark::State& s) { mate_bench<S, T>(s); });
  });
  return true;
}();

}  // namespace
}  // namespace sashite::bench
