// mate/<solver>/<table>/tsume: every registered mate solver (search/mate/solvers.h) over the
// tsume set tests/data/tsume.txt, for every registered mate-table layout, each problem on a
// cleared 64 MB table (the clear outside the clock). Cycles per node and nodes per second; a
// solver's trees are the same for both layouts unless a layout drops or replaces records. Per-problem
// figures: search/tools/mate_report.cpp.
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include "bench/harness.h"
#include "search/mate/solvers.h"

namespace sashite::bench {
namespace {

std::vector<std::string> tsume_sfens() {
  std::vector<std::string> sfens;
  std::ifstream in(std::string(SASHITE_SOURCE_DIR) + "/tests/data/tsume.txt");
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') sfens.push_back(line.substr(0, line.find(" |")));
  return sfens;
}

template <class S, class T>
void mate_bench(benchmark::State& state) {
  const std::vector<std::string> sfens = tsume_sfens();
  if (sfens.empty()) return state.SkipWithError("tests/data/tsume.txt not found");
  T table;
  table.resize(64);
  uint64_t ticks = 0, nodes = 0;
  for (auto _ : state) {
    nodes = 0;
    for (const std::string& sfen : sfens) {
      table.clear();
      Position pos;
      StateInfo si;
      pos.set(sfen, &si);
      S solver(table);
      mate::MateLimits limits;
      ticks += time_region([&] {
        const mate::MateResult r = solver.solve(pos, limits);
        nodes += r.nodes + r.solution_nodes;
      });
    }
  }
  set_counters(state, ticks, nodes);  // per node
  state.counters["nodes"] = double(nodes);
  state.counters["nodes/s"] = benchmark::Counter(double(nodes) * double(state.iterations()), benchmark::Counter::kIsRate);
}

const bool registered = [] {
  mate::for_each_mate_solver_and_table([]<class S, class T>() {
    add_once(std::string("mate/") + S::name + "/" + T::name + "/tsume", [](benchmark::State& s) { mate_bench<S, T>(s); });
  });
  return true;
}();

}  // namespace
}  // namespace sashite::bench
