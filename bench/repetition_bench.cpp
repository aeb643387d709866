// repetition/<method>/h<horizon>: cycles per check, at every ply of search-like walks that
// keep coming back on themselves (tests/cyclic_walk.h), on the additive-key hand64 layout.
// tt_index/<method>/2^20: cycles per slot computation from a key.
#include "bench/harness.h"
#include "bench/positions.h"
#include "search/repetition.h"
#include "search/tt_index.h"
#include "tests/cyclic_walk.h"

namespace sashite::bench {
namespace {

using AddHand = AdditiveKey<Hand64>;

// One long cyclic walk per start; every state of it is a check point.
struct Stack {
  Game<AddHand> game;
  std::vector<std::pair<const StateInfo*, Color>> points;
  explicit Stack(std::string_view sfen, uint64_t seed) : game(sfen) {
    Rng rng(seed);
    for (int ply = 0; ply < 2000; ++ply) {
      const Move m = testing::cyclic_choice(game, rng);
      if (m == MOVE_NONE) break;
      game.play(m);
      points.emplace_back(game.pos.state(), game.pos.side_to_move());
    }
  }
};

const std::vector<std::unique_ptr<Stack>>& stacks() {
  static const auto s = [] {
    std::vector<std::unique_ptr<Stack>> v;
    v.push_back(std::make_unique<Stack>(Position::kStartSfen, 1));
    v.push_back(std::make_unique<Stack>(reference_sfen("matsuri"), 2));
    v.push_back(std::make_unique<Stack>(reference_sfen("drops"), 3));
    return v;
  }();
  return s;
}

template <class Check>
void run(benchmark::State& state, Check check) {
  size_t n = 0, found = 0;
  for (const auto& s : stacks()) n += s->points.size();
  measure(state, n, [&] {
    for (const auto& s : stacks())
      for (const auto& [st, us] : s->points) found += check(st, us) != Repetition::None;
  });
  state.counters["found"] = double(found) / double(state.iterations() * n);
}

std::vector<Key> walk_keys() {
  std::vector<Key> keys;
  for (const auto& s : stacks())
    for (const auto& [st, us] : s->points) keys.push_back(st->board_key + st->hand_key);
  return keys;
}

// Scalar on purpose, as a probe computes one slot at a time.
template <uint64_t (*Index)(Key, int)>
__attribute__((noinline, optimize("no-tree-vectorize"))) uint64_t sum_slots(const Key* keys, size_t n) {
  uint64_t sum = 0;
  for (size_t i = 0; i < n; ++i) sum += Index(keys[i], 20);
  return sum;
}

template <uint64_t (*Index)(Key, int)>
void tt_index_cost(benchmark::State& state) {
  static const std::vector<Key> keys = walk_keys();
  uint64_t sum = 0;
  measure(state, keys.size(), [&] { sum += sum_slots<Index>(keys.data(), keys.size()); });
  benchmark::DoNotOptimize(sum);
}

const bool registered = [] {
  for (int h : {4, 8, 20}) {
    const std::string c = "/h" + std::to_string(h);
    add("repetition/board_key" + c, [h](benchmark::State& s) {
      run(s, [h](const StateInfo* st, Color us) { return by_board_key<AddHand>(st, us, h); });
    });
    for (auto [name, filter] : {std::pair{"key_diff", KeyDiffFilter::Mask}, {"key_diff_single_bit", KeyDiffFilter::SingleBit},
                                {"key_diff_popcount2", KeyDiffFilter::Popcount2}})
      add("repetition/" + std::string(name) + c, [h, filter](benchmark::State& s) {
        run(s, [h, filter](const StateInfo* st, Color us) { return by_key_difference<AddHand>(st, us, h, filter); });
      });
  }
  add("tt_index/low_bits/2^20", tt_index_cost<tt_index::low_bits>);
  add("tt_index/multiplicative/2^20", tt_index_cost<tt_index::multiplicative>);
  add("tt_index/pext_fold/2^20", tt_index_cost<tt_index::pext_fold>);
  return true;
}();

}  // namespace
}  // namespace sashite::bench
