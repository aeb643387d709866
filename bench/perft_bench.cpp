// perft/<generator>/<position>/<depth>: leaves per second, cycles per leaf.
#include "bench/harness.h"
#include "bench/positions.h"
#include "movegen_full/perft.h"

namespace sashite::bench {
namespace {

void perft_full(benchmark::State& state, std::string_view position, int depth) {
  OwnedPosition<> p(reference_sfen(position));
  uint64_t leaves = 0;
  measure(state, 1, [&] { leaves = perft(p.pos, depth); });
  // measure() counted one op per call: rescale the per-op counters to per leaf.
  set_counters(state, uint64_t(state.counters["tsc/op"] * double(state.iterations())), leaves);
  state.counters["leaves/s"] = benchmark::Counter(double(leaves) * double(state.iterations()), benchmark::Counter::kIsRate);
}

const bool registered = [] {
  for (auto [pos, depth] : {std::pair{"start", 5}, {"start", 6}, {"matsuri", 3}, {"matsuri", 4}})
    add("perft/full/" + std::string(pos) + "/" + std::to_string(depth),
        [pos, depth](benchmark::State& s) { perft_full(s, pos, depth); })
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  return true;
}();

}  // namespace
}  // namespace sashite::bench
