// The calibration itself as a benchmark: its drift across the run shows in the report.
#include "bench/harness.h"

namespace sashite::bench {
namespace {

const bool registered = [] {
  add("calibration/add_chain/1M", [](benchmark::State& state) {
    double f = 0;
    int64_t n = 0;
    for (auto _ : state) f += add_chain_cycles_per_tick(1'000'000), ++n;
    state.counters["cycles_per_tick"] = f / double(n);
  });
  return true;
}();

}  // namespace
}  // namespace sashite::bench
