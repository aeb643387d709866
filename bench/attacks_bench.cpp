// attacks/<method>/<piece>: the slider-attack methods the core chose between, on the squares
// and occupancies of real positions. The core's choice is `library` (engine/bitboard.h: lance
// and rook file by a shift-and-mask table, bishop and rook rank by PEXT tables); the
// alternatives live only here, as the benchmarked losers.
#include <vector>

#include "bench/harness.h"
#include "bench/positions.h"

namespace sashite::bench {
namespace {

// Baseline: walk each ray square by square until a blocker.
Bitboard ray_walk(Square s, const Bitboard& occ, std::initializer_list<std::pair<int, int>> dirs) {
  Bitboard a;
  for (auto [df, dr] : dirs) {
    int f = file_of(s) + df, r = rank_of(s) + dr;
    while (unsigned(f) < 9 && unsigned(r) < 9) {
      const Square t = make_square(File(f), Rank(r));
      a |= square_bb(t);
      if (occ.test(t)) break;
      f += df, r += dr;
    }
  }
  return a;
}

// Alternative for the file direction: one bit scan with a sentinel at the file's end, no table
// (the core used this first; the table lookup replaced it by measurement).
struct BitScan {
  static uint64_t down(uint64_t occ, int b, int start) {
    const uint64_t m = (occ & ((1ULL << b) - 1)) | (1ULL << start);
    return (1ULL << b) - (1ULL << (63 - __builtin_clzll(m)));
  }
  static uint64_t up(uint64_t occ, int b, int start) {
    const uint64_t m = (occ & ~((2ULL << b) - 1)) | (1ULL << (start + 8));
    return (2ULL << __builtin_ctzll(m)) - (2ULL << b);
  }
  template <bool Both>
  static Bitboard file(Square s, const Bitboard& occ) {
    const int w = s >= 63, b = int(s) - 63 * w, start = b - int(rank_of(s));
    const uint64_t o = w ? occ.p[1] : occ.p[0];
    const uint64_t r = Both ? down(o, b, start) | up(o, b, start) : down(o, b, start);
    return {w ? 0 : r, w ? r : 0};
  }
};

struct Sample {
  Square sq;
  Bitboard occ;
};

// Every lance, bishop and rook (promoted ones too) of the walk sample, with its occupancy.
std::vector<Sample> samples(PieceType kind) {
  std::vector<Sample> out;
  for (auto& p : load(walk_sample(256, 7))) {
    Bitboard b = kind == LANCE ? p->pos.pieces(BLACK, LANCE)
                 : kind == BISHOP ? p->pos.pieces(BISHOP, HORSE)
                                  : p->pos.pieces(ROOK, DRAGON);
    for_each_square(b, [&](Square s) { out.push_back({s, p->pos.pieces()}); });
  }
  return out;
}

template <class F>
void run(benchmark::State& state, PieceType kind, F&& attack) {
  const std::vector<Sample> in = samples(kind);
  for (const Sample& x : in) {  // every method must compute the library's answer
    const Bitboard want = kind == LANCE ? lance_attacks<BLACK>(x.sq, x.occ)
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
  add("attacks/ray_walk/lance", [](auto& s) { run(s, LANCE, [](Square q, const Bitboard& o) { return ray_walk(q, o, {{0, -1}}); }); });
  add("attacks/ray_walk/bishop", [](auto& s) {
    run(s, BISHOP, [](Square q, const Bitboard& o) { return ray_walk(q, o, {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}); });
  });
  add("attacks/ray_walk/rook", [](auto& s) {
    run(s, ROOK, [](Square q, const Bitboard& o) { return ray_walk(q, o, {{0, 1}, {0, -1}, {1, 0}, {-1, 0}}); });
  });
  add("attacks/library/lance", [](auto& s) { run(s, LANCE, [](Square q, const Bitboard& o) { return lance_attacks<BLACK>(q, o); }); });
  add("attacks/library/bishop", [](auto& s) { run(s, BISHOP, [](Square q, const Bitboard& o) { return bishop_attacks(q, o); }); });
  add("attacks/library/rook", [](auto& s) { run(s, ROOK, [](Square q, const Bitboard& o) { return rook_attacks(q, o); }); });
  add("attacks/bit_scan/lance", [](auto& s) { run(s, LANCE, [](Square q, const Bitboard& o) { return BitScan::file<false>(q, o); }); });
  add("attacks/bit_scan/rook", [](auto& s) {
    run(s, ROOK, [](Square q, const Bitboard& o) { return BitScan::file<true>(q, o) | rook_rank_attacks(q, o); });
  });
  return true;
}();

}  // namespace
}  // namespace sashite::bench
