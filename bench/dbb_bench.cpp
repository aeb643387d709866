// dbb/<selector>/<case>: cycles per window selection + two-square mask (dbb/dbb.h) — the part
// of a dirty-flag call before the kernel proper. Cases: the legal moves of the walk set
// (dirty_flags_bench.cpp), and all 81 x 81 square pairs.
#include "bench/harness.h"
#include "bench/positions.h"
#include "dbb/dbb.h"
#include "tools/study/dirty_batch.h"

namespace sashite::bench {
namespace {

using namespace dbb;

using Pair = std::pair<Square, Square>;

std::vector<Pair> walk_pairs() {
  DirtyBatch b;
  for (const auto& p : load(walk_sample(64, 2026))) b.add(p->pos);
  std::vector<Pair> v;
  for (const DirtyCase& c : b.cases) v.push_back({c.from, c.to});
  return v;
}

std::vector<Pair> all_pairs() {
  std::vector<Pair> v;
  for (Square a = SQ_ZERO; a < SQ_NB; ++a)
    for (Square b = SQ_ZERO; b < SQ_NB; ++b) v.push_back({a, b});
  return v;
}

template <class Selector>
void select_window(benchmark::State& state, std::vector<Pair> (*make)()) {
  const std::vector<Pair> pairs = make();
  measure(state, pairs.size(), [&] {
    uint64_t acc = 0;
    for (const auto& [from, to] : pairs) {
      const MoveWindow mw = move_window<Selector>(from, to);
      acc ^= mw.mask + mw.window;
    }
    benchmark::DoNotOptimize(acc);
  });
}

template <class Selector>
void register_selector() {
  for (auto [name, make] : {std::pair{"walk", &walk_pairs}, {"all_pairs", &all_pairs}})
    add(std::string("dbb/") + Selector::kName + "/" + name,
        [make = make](benchmark::State& s) { select_window<Selector>(s, make); });
}

const bool registered = [] {
  register_selector<WindowByTable>();  // baseline
  register_selector<WindowByCompare>();
  register_selector<WindowByClassBits>();
  return true;
}();

}  // namespace
}  // namespace sashite::bench
