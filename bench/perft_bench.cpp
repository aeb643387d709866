// perft/<generator>/<position>/<depth>: leaves per second and cycles per leaf, every registered
// generator (movegen/generators.h) on the same positions against the first. The last ply is
// bulk-counted: the size of the generated list, as other programs count it.
// perft/full-leafcount/...: the full generator whose last ply counts the moves from the target
// sets without writing them (perft_leaf_count): what writing the last ply costs, never the
// like-for-like figure.
#include "bench/harness.h"
#include "bench/positions.h"
#include "movegen/generators.h"
#include "movegen_full/perft.h"

namespace sashite::bench {
namespace {

template <class Pos, bool LeafCount = false>
void perft_bench(benchmark::State& state, std::string_view position, int depth) {
  std::unique_ptr<PositionLine<Pos>> game;
  try {
    game = std::make_unique<PositionLine<Pos>>(reference_sfen(position));
  } catch (const std::runtime_error& e) {
    return state.SkipWithError(e.what());
  }
  uint64_t leaves = 0, ticks = 0;
  for (auto _ : state) {
    const uint64_t t0 = tsc_begin();
    if constexpr (LeafCount)
      leaves = perft_leaf_count(game->pos, depth);
    else
      leaves = perft(game->pos, depth);
    ticks += tsc_end() - t0;
  }
  set_counters(state, ticks, leaves);  // per leaf
  state.counters["leaves/s"] =
      benchmark::Counter(double(leaves) * double(state.iterations()), benchmark::Counter::kIsRate);
}

const bool registered = [] {
  for (auto [pos, depth] : {std::pair{"start", 5}, {"start", 6}, {"matsuri", 3}, {"matsuri", 4}}) {
    const std::string suffix = std::string(pos) + "/" + std::to_string(depth);
    for_each_generator([&, pos = pos, depth = depth]<class G>() {
      add_once(
          "perft/" + std::string(G::name) + "/" + suffix,
          [pos, depth](benchmark::State& s) {
            perft_bench<typename G::template PerftPosition<DefaultHand>>(s, pos, depth);
          },
          std::is_same_v<G, BaselineGenerator>);
    });
    add_once("perft/full-leafcount/" + suffix,
             [pos = pos, depth = depth](benchmark::State& s) { perft_bench<Position, true>(s, pos, depth); });
  }
  return true;
}();

}  // namespace
}  // namespace sashite::bench
