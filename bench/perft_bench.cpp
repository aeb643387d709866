// perft/<generator>/<position>/<depth>: leaves per second and cycles per leaf, full generator
// against the differential one on the same positions.
#include "bench/harness.h"
#include "bench/positions.h"
#include "movegen_diff/diff_position.h"
#include "movegen_full/perft.h"

namespace sashite::bench {
namespace {

template <class Pos>
void perft_bench(benchmark::State& state, std::string_view position, int depth) {
  std::unique_ptr<Game<Pos>> game;
  try {
    game = std::make_unique<Game<Pos>>(reference_sfen(position));
  } catch (const std::runtime_error& e) {
    return state.SkipWithError(e.what());
  }
  uint64_t leaves = 0, ticks = 0;
  for (auto _ : state) {
    const uint64_t t0 = tsc_begin();
    leaves = perft(game->pos, depth);
    ticks += tsc_end() - t0;
  }
  set_counters(state, ticks, leaves);  // per leaf
  state.counters["leaves/s"] = benchmark::Counter(double(leaves) * double(state.iterations()), benchmark::Counter::kIsRate);
}

const bool registered = [] {
  for (auto [pos, depth] : {std::pair{"start", 5}, {"start", 6}, {"matsuri", 3}, {"matsuri", 4}}) {
    const std::string suffix = std::string(pos) + "/" + std::to_string(depth);
    add_once("perft/full/" + suffix, [pos = pos, depth = depth](benchmark::State& s) { perft_bench<Position>(s, pos, depth); }, true);
    add_once("perft/diff/" + suffix, [pos = pos, depth = depth](benchmark::State& s) {
      perft_bench<DiffPosition<DefaultHand, GenType::LegalAll>>(s, pos, depth);
    });
  }
  return true;
}();

}  // namespace
}  // namespace sashite::bench
