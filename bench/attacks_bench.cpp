// attacks/<method>/<piece>: the slider-attack methods of engine/sliders/sliders.h, one row per
// registered method and piece it computes itself (SliderMethod::own), on the squares and
// occupancies of real positions: lance (Black's), bishop (horses too), rook (dragons too).
// ray_walk is the baseline (its A/A row `aa` the noise floor); `library` is the file table and
// PEXT method the library started with, `qugiy` Qugiy's subtraction and byte reversal, and
// the engine's own choice is whichever SASHITE_SLIDERS names (context `sliders`). bit_scan's
// rook takes library's rank part, magic has the bishop only: their other rows would repeat
// library's.
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

template <class F>
void run(benchmark::State& state, PieceType kind, F&& attack) {
  const std::vector<Sample>& in = samples(kind);
  for (const Sample& x : in) {  // every method must compute the library's answer
    const Bitboard want = kind == LANCE    ? lance_attacks<BLACK>(x.sq, x.occ)
                          : kind == BISHOP ? bishop_attacks(x.sq, x.occ)
                                           : rook_attacks(x.sq, x.occ);
    if (!(attack(x.sq, x.occ) == want)) return state.SkipWithError("method disagrees with the library");
  }
  measure(state, in.size(), [&] {
    for (const Sample& x : in) {
      Bitboard a = attack(x.sq, x.occ);
      benchmark::DoNotOptimize(a);
    }
  });
}

const bool registered = [] {
  for_each_type<RegisteredSliderMethods>([]<class M>() {
    const std::string prefix = std::string("attacks/") + M::name + "/";
    const bool baseline = std::is_same_v<M, RayWalkSliders>;
    if (M::own & kSliderLance)
      add(
          prefix + "lance",
          [](auto& s) { run(s, LANCE, [](Square q, const Bitboard& o) { return M::template lance<BLACK>(q, o); }); },
          baseline);
    if (M::own & kSliderBishop)
      add(
          prefix + "bishop",
          [](auto& s) { run(s, BISHOP, [](Square q, const Bitboard& o) { return M::bishop(q, o); }); }, baseline);
    if (M::own & kSliderRook)
      add(
          prefix + "rook", [](auto& s) { run(s, ROOK, [](Square q, const Bitboard& o) { return M::rook(q, o); }); },
          baseline);
  });
  return true;
}();

}  // namespace
}  // namespace sashite::bench
