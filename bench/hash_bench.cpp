// hash_do_move/<scheme>/<layout>: cycles per do_move + undo_move over every legal move of
// walk positions, xor against additive keys on the same layout. Check info and bitboards
// dominate that cost; tools/hash_count counts the instructions each scheme adds.
// perft/<layout>-<scheme>/<position>/<depth>: perft per hand type (cycles per leaf).
#include "bench/harness.h"
#include "bench/positions.h"
#include "movegen_full/perft.h"

namespace sashite::bench {
namespace {

const std::vector<std::string> kWalk = walk_sample(64, 77);

template <HandLayout H>
void do_undo(benchmark::State& state) {
  auto positions = load<H>(kWalk);
  std::vector<std::vector<Move>> moves;
  size_t total = 0;
  for (auto& p : positions) {
    moves.emplace_back();
    for (const ExtMove& m : MoveList<GenType::LegalAll, H>(p->pos)) moves.back().push_back(m);
    total += moves.back().size();
  }
  StateInfo st;
  Key sum = 0;
  measure(state, total, [&] {
    for (size_t i = 0; i < positions.size(); ++i) {
      auto& pos = positions[i]->pos;
      for (Move m : moves[i]) {
        pos.do_move(m, st);
        sum += pos.key();
        pos.undo_move(m);
      }
    }
  });
  benchmark::DoNotOptimize(sum);
}

template <HandLayout H>
void perft_of(benchmark::State& state, std::string_view position, int depth) {
  PositionLine<BasicPosition<H>> p(reference_sfen(position));
  uint64_t leaves = 0;
  uint64_t ticks = 0;
  for (auto _ : state) {
    const uint64_t t0 = tsc_begin();
    leaves = perft(p.pos, depth);
    ticks += tsc_end() - t0;
  }
  set_counters(state, ticks, leaves);
  state.counters["leaves/s"] =
      benchmark::Counter(double(leaves) * double(state.iterations()), benchmark::Counter::kIsRate);
}

const bool registered = [] {
  // The two schemes side by side, on every layout registered under both.
  for_each_hand_layout([]<class H>() {
    if constexpr (!kPlainLayout<H>) {
      const std::string layout = H::Layout::name;
      add("hash_do_move/" + std::string(DefaultKeys::name) + "/" + layout, do_undo<typename H::Layout>);
      add("hash_do_move/" + std::string(KeySchemeOf<H>::name) + "/" + layout, do_undo<H>);
    }
  });
  for_each_hand_layout([]<class H>() {
    if constexpr (std::is_same_v<H, DefaultHand>)  // perft/full's own hand and keys
      same_as_baseline("perft", layout_and_scheme_name<H>());
    for (auto [pos, depth] : {std::pair{"start", 5}, {"matsuri", 3}})
      add_once("perft/" + layout_and_scheme_name<H>() + "/" + pos + "/" + std::to_string(depth),
               [pos = pos, depth = depth](benchmark::State& s) { perft_of<H>(s, pos, depth); });
  });
  return true;
}();

}  // namespace
}  // namespace sashite::bench
