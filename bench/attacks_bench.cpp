// attacks/<method>/<piece>: the slider-attack methods of engine/sliders/sliders.h, one row per
// registered method and piece it computes itself (SliderMethod::own), on the squares and
// occupancies of real positions: lance (Black's), bishop (horses too), rook (dragons too).
// ray_walk is the baseline (its A/A row `aa` the noise floor); `library` is the file table and
// PEXT method the library started with, `qugiy` Qugiy's subtraction and byte reversal, and
// the engine's own choice is whichever SASHITE_SLIDERS names (context `sliders`). bit_scan's
// rook takes library's rank part, magic has the bishop only: their other rows would repeat
// library's. Each row has a `_chain` twin (attacks/qugiy/rook_chain) whose calls depend on one
// another: latency instead of throughput.
#include <string>
#include <type_traits>
#include <vector>

#include "bench/harness.h"
#include "bench/positions.h"

namespace sashite::bench {
namespace {

struct Sample {
  Square sq;
  Bitboard occ;
};

// Every lance (Black's), bishop and rook (promoted ones too) of the walk sample, with its
// occupancy; built once per kind, on first use.
const std::vector<Sample>& samples(PieceType kind) {
  static const auto walk = load(walk_sample(256, 7));
  auto collect = [](PieceType k) {
    std::vector<Sample> out;
    for (const auto& p : walk) {
      const Bitboard b = k == LANCE    ? p->pos.pieces(BLACK, LANCE)
                         : k == BISHOP ? p->pos.pieces(BISHOP, HORSE)
                                       : p->pos.pieces(ROOK, DRAGON);
      for_each_square(b, [&](Square s) { out.push_back({s, p->pos.pieces()}); });
    }
    return out;
  };
  static const std::vector<Sample> lances = collect(LANCE), bishops = collect(BISHOP), rooks = collect(ROOK);
  return kind == LANCE ? lances : kind == BISHOP ? bishops : rooks;
}

// Chained: false, the calls are independent (throughput: what the rows have always measured);
// true, each call's occupancy depends on the previous call's result through an AND with a zero
// the compiler cannot see (latency: the generator mostly uses an attack set at once). The
// chain's own AND and OR are the same for every method.
template <bool Chained, class F>
void run(benchmark::State& state, PieceType kind, F&& attack) {
  const std::vector<Sample>& in = samples(kind);
  for (const Sample& x : in) {  // every method must compute the library's answer
    const Bitboard want = kind == LANCE    ? lance_attacks<BLACK>(x.sq, x.occ)
                          : kind == BISHOP ? bishop_attacks(x.sq, x.occ)
                                           : rook_attacks(x.sq, x.occ);
    if (!(attack(x.sq, x.occ) == want)) return state.SkipWithError("method disagrees with the library");
  }
  uint64_t zero = 0;
  benchmark::DoNotOptimize(zero);
  measure(state, in.size(), [&] {
    Bitboard a;
    for (const Sample& x : in) {
      if constexpr (Chained) {
        a = attack(x.sq, Bitboard(x.occ.p[0] | (a.p[0] & zero), x.occ.p[1] | (a.p[1] & zero)));
      } else {
        a = attack(x.sq, x.occ);
        benchmark::DoNotOptimize(a);
      }
    }
    benchmark::DoNotOptimize(a);
  });
}

// Rows attacks/<method>/<piece> (independent calls) and attacks/<method>/<piece>_chain.
template <class M, bool Chained>
void add_rows() {
  const std::string prefix = std::string("attacks/") + M::name + "/", suffix = Chained ? "_chain" : "";
  const bool baseline = std::is_same_v<M, RayWalkSliders>;
  if (M::own & kSliderLance)
    add(
        prefix + "lance" + suffix,
        [](auto& s) {
          run<Chained>(s, LANCE, [](Square q, const Bitboard& o) { return M::template lance<BLACK>(q, o); });
        },
        baseline);
  if (M::own & kSliderBishop)
    add(
        prefix + "bishop" + suffix,
        [](auto& s) { run<Chained>(s, BISHOP, [](Square q, const Bitboard& o) { return M::bishop(q, o); }); },
        baseline);
  if (M::own & kSliderRook)
    add(
        prefix + "rook" + suffix,
        [](auto& s) { run<Chained>(s, ROOK, [](Square q, const Bitboard& o) { return M::rook(q, o); }); }, baseline);
}

const bool registered = [] {
  for_each_type<RegisteredSliderMethods>([]<class M>() {
    add_rows<M, false>();
    add_rows<M, true>();
  });
  return true;
}();

}  // namespace
}  // namespace sashite::bench
