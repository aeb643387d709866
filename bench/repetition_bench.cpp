// repetition/<method>/h<horizon>: cycles per check, at every ply of search-like walks that
// keep coming back on themselves (tools/study/cyclic_walk.h), on the additive-key hand64 layout.
// Walks restart at mate (and after kMaxPlies) until the stacks hold kCheckPoints points, from
// three starts and four seeds each: 4 MB of StateInfo (80 bytes each), read in order, so the
// branch predictor cannot learn the outcomes and the set does not stay in L1/L2 across passes.
// Counters: found = fraction of checks answering other than None; hits_at_4, hits_at_6_8,
// hits_at_10_20 = how many points have their nearest related ancestor (same board, equal or
// comparable hands) that many plies back (a property of the data: the same on every row).
// key_diff reads two StateInfo fields per ancestor where merom686, shogi686 hands (2016) reads one key (see
// rules/repetition.cpp).
//
// tt_index/<method>/throughput: cycles per slot over independent keys (what a loop of probes
// can overlap); tt_index/<method>/latency: each slot is XORed into the next key, so the
// chain runs at the index function's latency plus that one-cycle XOR (what a probe waits).
#include "bench/harness.h"
#include "bench/positions.h"
#include "rules/repetition.h"
#include "search/tt/index.h"
#include "tools/study/cyclic_walk.h"

namespace sashite::bench {
namespace {

using AddHand = AdditiveKey<Hand64>;

constexpr size_t kCheckPoints = 50'000;
constexpr int kMaxPlies = 400;

struct CheckPoint {
  const StateInfo* st;
  Color us;
};

// The games stay alive: their StateInfo chains are what the checks walk.
struct Stacks {
  std::vector<std::unique_ptr<PositionLine<BasicPosition<AddHand>>>> games;
  std::vector<CheckPoint> points;
  size_t hits_at[3] = {};  // nearest related ancestor at 4, 6-8, 10-20 plies
};

const Stacks& stacks() {
  static const Stacks s = [] {
    Stacks s;
    const std::string_view starts[] = {Position::kStartSfen, reference_sfen("matsuri"), reference_sfen("drops")};
    const size_t per_stack = kCheckPoints / (std::size(starts) * 4) + 1;
    for (uint64_t seed = 1; seed <= 4; ++seed)
      for (std::string_view start : starts) {
        Rng rng(seed);
        for (size_t points = 0; points < per_stack;) {
          auto& g = *s.games.emplace_back(std::make_unique<PositionLine<BasicPosition<AddHand>>>(start));
          for (int ply = 0; ply < kMaxPlies && points < per_stack; ++ply, ++points) {
            const Move m = study::cyclic_choice(g, rng);
            if (m == MOVE_NONE) break;  // mate: restart from `start`
            g.play(m);
            s.points.push_back({g.pos.state(), g.pos.side_to_move()});
          }
        }
      }
    for (const auto& [st, us] : s.points) {
      const int at = by_board_key<AddHand>(st, us, 4) != Repetition::None    ? 0
                     : by_board_key<AddHand>(st, us, 8) != Repetition::None  ? 1
                     : by_board_key<AddHand>(st, us, 20) != Repetition::None ? 2
                                                                             : -1;
      if (at >= 0) ++s.hits_at[at];
    }
    return s;
  }();
  return s;
}

template <class Check>
void run(benchmark::State& state, Check check) {
  const Stacks& s = stacks();
  size_t found = 0;
  measure(state, s.points.size(), [&] {
    for (const auto& [st, us] : s.points) found += check(st, us) != Repetition::None;
  });
  state.counters["found"] = double(found) / double(state.iterations() * s.points.size());
  state.counters["checks"] = double(s.points.size());
  state.counters["hits_at_4"] = double(s.hits_at[0]);
  state.counters["hits_at_6_8"] = double(s.hits_at[1]);
  state.counters["hits_at_10_20"] = double(s.hits_at[2]);
}

std::vector<Key> walk_keys() {
  std::vector<Key> keys;
  for (const auto& [st, us] : stacks().points) keys.push_back(st->key);
  return keys;
}

// Scalar on purpose, as a probe computes one slot at a time.
template <uint64_t (*Index)(Key, int)>
__attribute__((noinline, SASHITE_NO_VECTORIZE)) uint64_t sum_slots(const Key* keys, size_t n) {
  uint64_t sum = 0;
  SASHITE_SCALAR_LOOP
  for (size_t i = 0; i < n; ++i) sum += Index(keys[i], 20);
  return sum;
}

template <uint64_t (*Index)(Key, int)>
__attribute__((noinline)) uint64_t chain_slots(const Key* keys, size_t n) {
  uint64_t slot = 0;
  for (size_t i = 0; i < n; ++i) slot = Index(keys[i] ^ slot, 20);
  return slot;
}

template <uint64_t (*Index)(Key, int), bool kLatency>
void tt_index_cost(benchmark::State& state) {
  static const std::vector<Key> keys = walk_keys();
  uint64_t sum = 0;
  measure(state, keys.size(), [&] {
    sum += kLatency ? chain_slots<Index>(keys.data(), keys.size()) : sum_slots<Index>(keys.data(), keys.size());
  });
  benchmark::DoNotOptimize(sum);
}

template <uint64_t (*Index)(Key, int)>
void add_tt_index(const std::string& method) {
  add("tt_index/" + method + "/throughput", tt_index_cost<Index, false>);
  add("tt_index/" + method + "/latency", tt_index_cost<Index, true>);
}

const bool registered = [] {
  for (int h : {4, 8, 20}) {
    const std::string c = "/h" + std::to_string(h);
    add("repetition/board_key" + c, [h](benchmark::State& s) {
      run(s, [h](const StateInfo* st, Color us) { return by_board_key<AddHand>(st, us, h); });
    });
    for (auto [name, filter] : {std::pair{"key_diff", KeyDiffFilter::Mask},
                                {"key_diff_single_bit", KeyDiffFilter::SingleBit},
                                {"key_diff_popcount2", KeyDiffFilter::Popcount2}})
      add("repetition/" + std::string(name) + c, [h, filter = filter](benchmark::State& s) {
        run(s, [h, filter](const StateInfo* st, Color us) { return by_key_difference<AddHand>(st, us, h, filter); });
      });
  }
  add_tt_index<tt_index::low_bits>("low_bits");
  add_tt_index<tt_index::multiplicative>("multiplicative");
  add_tt_index<tt_index::pext_fold>("pext_fold");
  return true;
}();

}  // namespace
}  // namespace sashite::bench
