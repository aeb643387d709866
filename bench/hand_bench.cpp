// hand_superior/<layout>/<method>: cycles per superiority test, on hand pairs from seeded
// random walks from the start position: the side to move's hand now and 4, 6, ... 20 plies
// earlier (the comparisons repetition detection makes). Every method runs the same scalar loop
// (vectorisation off, so a "call" stays one test); "jit" is that loop written by xbyak.
#include "bench/harness.h"
#include "bench/positions.h"
#include "hand/superiority.h"
#include "hand/superiority_jit.h"

namespace sashite::bench {
namespace {

using Counts = std::array<int, RAW_END>;

const std::vector<std::pair<Counts, Counts>>& walk_pairs() {
  static const auto pairs = [] {
    std::vector<std::pair<Counts, Counts>> out;
    Rng rng(31);
    auto counts = [](const Position& pos) {
      Counts c{};
      for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) c[pr] = pos.hand(pos.side_to_move()).count(pr);
      return c;
    };
    while (out.size() < 4096) {
      PositionLine g(Position::kStartSfen);
      std::vector<Counts> history;
      for (int ply = 0; ply < 160 && out.size() < 4096; ++ply) {
        MoveList<GenType::Legal> list(g.pos);
        if (!list.size()) break;
        g.play(list.begin()[rng.below(list.size())]);
        history.push_back(counts(g.pos));
        const int back = 4 + 2 * int(rng.below(9));
        if (int(history.size()) > back) out.emplace_back(history.back(), history[history.size() - 1 - back]);
      }
    }
    return out;
  }();
  return pairs;
}

template <class H>
std::pair<std::vector<H>, std::vector<H>> as_layout() {
  std::vector<H> a, b;
  for (const auto& [ca, cb] : walk_pairs()) {
    H x, y;
    for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) x.set(pr, ca[pr]), y.set(pr, cb[pr]);
    a.push_back(x), b.push_back(y);
  }
  return {a, b};
}

template <class Method>
__attribute__((noinline, SASHITE_NO_VECTORIZE)) size_t count_superior(const typename Method::Layout* a,
                                                                      const typename Method::Layout* b, size_t n) {
  size_t count = 0;
  SASHITE_SCALAR_LOOP
  for (size_t i = 0; i < n; ++i) count += Method::test(a[i], b[i]);
  return count;
}

template <class Method>
void run_method(benchmark::State& state) {
  const auto pairs = as_layout<typename Method::Layout>();  // no structured binding: Clang 14 cannot capture one
  const auto &a = pairs.first, &b = pairs.second;
  size_t count = 0;
  measure(state, a.size(), [&] { count += count_superior<Method>(a.data(), b.data(), a.size()); });
  benchmark::DoNotOptimize(count);
  state.counters["superior"] = double(count) / double(state.iterations() * a.size());
}

template <class H>
void run_jit(benchmark::State& state, uint64_t mask) {
  const auto [ha, hb] = as_layout<H>();
  std::vector<typename H::Raw> a, b;
  for (size_t i = 0; i < ha.size(); ++i) a.push_back(ha[i].raw()), b.push_back(hb[i].raw());
  const SuperiorCountJit jit(int(8 * sizeof(typename H::Raw)), mask);
  const auto fn = jit.get<typename H::Raw>();
  size_t count = 0;
  measure(state, a.size(), [&] { count += fn(a.data(), b.data(), a.size()); });
  benchmark::DoNotOptimize(count);
  state.counters["superior"] = double(count) / double(state.iterations() * a.size());
}

const bool registered = [] {
  compare_variants("hand_superior", 2, "by_field");  // methods against by_field on the same layout
  superiority::for_each_method([](auto m) {
    using M = decltype(m);
    add(std::string("hand_superior/") + M::Layout::name + "/" + M::name, run_method<M>);
  });
  for_each_jit_layout([]<class H>() {
    add(std::string("hand_superior/") + H::name + "/jit", [](benchmark::State& s) { run_jit<H>(s, H::kBorrowMask); });
  });
  return true;
}();

}  // namespace
}  // namespace sashite::bench
