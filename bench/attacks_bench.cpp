// attacks/<method>/<piece>: the slider-attack methods the core chose between, on the squares
// and occupancies of real positions. `library` is the core's choice (engine/bitboard.h: lance
// and rook file by a shift-and-mask table, rook rank and bishop by PEXT tables); the others
// live only here, as the benchmarked losers:
//   ray_walk  square by square until a blocker (the baseline);
//   bit_scan  lance and rook file by one lzcnt/tzcnt per direction with a sentinel, no table.
//             Per call it is about as fast as the table (the lead changes between runs and
//             CPUs); in perft the table won (FINDINGS.md F-slider-attacks), so the library
//             keeps the table;
//   magic     bishop by magic multiplication, the pre-BMI2 method (Apery's): both words' relevant
//             occupancy merged into one, times a magic number, the top bits index the table.
#include <vector>

#include "bench/harness.h"
#include "bench/positions.h"

namespace sashite::bench {
namespace {

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

// A file is 9 contiguous bits of one word: the nearest blocker towards rank a is the highest
// occupied bit below the piece, towards rank i the lowest above it. A sentinel bit on the
// file's end square keeps each scan inside the file and never empty.
struct BitScan {
  static uint64_t towards_a(uint64_t occ, int b, int start) {
    const uint64_t m = (occ & ((1ULL << b) - 1)) | (1ULL << start);
    return (1ULL << b) - (1ULL << (63 - __builtin_clzll(m)));
  }
  static uint64_t towards_i(uint64_t occ, int b, int start) {
    const uint64_t m = (occ & ~((2ULL << b) - 1)) | (1ULL << (start + 8));
    return (2ULL << __builtin_ctzll(m)) - (2ULL << b);
  }
  template <bool Both>
  static Bitboard file(Square s, const Bitboard& occ) {
    const int w = s >= 63, b = int(s) - 63 * w, start = b - int(rank_of(s));
    const uint64_t o = w ? occ.p[1] : occ.p[0];
    const uint64_t r = Both ? towards_a(o, b, start) | towards_i(o, b, start) : towards_a(o, b, start);
    return {w ? 0 : r, w ? r : 0};
  }
};

// A bishop's relevant squares lie on files 2-8 (an edge square ends its ray and is left out),
// so word 0's part (files 2-7, bits 9-62) and word 1's (file 8, bits 0-8) never share a bit
// and OR into one 64-bit key. Magics are found at set-up by a seeded search: sparse random
// candidates until every occupancy lands on an entry holding its own attack set.
class MagicBishop {
 public:
  MagicBishop() {
    Rng rng(0x3A61C);
    for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
      const Bitboard mask = ray_walk(s, Bitboard(), {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}).andnot(edges());
      Entry& e = entry_[s];
      e.mask0 = mask.p[0];
      e.mask1 = mask.p[1];
      const int bits = mask.popcount();
      e.shift = 64 - bits;
      e.offset = uint32_t(table_.size());
      std::vector<uint64_t> keys;
      std::vector<Bitboard> attacks;
      for (uint64_t i = 0; i < (1ULL << bits); ++i) {
        const int low = __builtin_popcountll(e.mask0);
        const Bitboard occ(_pdep_u64(i, e.mask0), _pdep_u64(i >> low, e.mask1));
        keys.push_back(occ.p[0] | occ.p[1]);
        attacks.push_back(bishop_attacks(s, occ));
      }
      std::vector<Bitboard> slots(size_t(1) << bits);
      std::vector<int> used(slots.size());
      for (int attempt = 1;; ++attempt) {
        e.magic = rng.next() & rng.next() & rng.next();
        bool ok = true;
        for (size_t i = 0; ok && i < keys.size(); ++i) {
          const size_t slot = size_t((keys[i] * e.magic) >> e.shift);
          if (used[slot] != attempt)
            used[slot] = attempt, slots[slot] = attacks[i];
          else
            ok = slots[slot] == attacks[i];
        }
        if (ok) break;
      }
      table_.insert(table_.end(), slots.begin(), slots.end());
    }
  }

  Bitboard attacks(Square s, const Bitboard& occ) const {
    const Entry& e = entry_[s];
    const uint64_t key = (occ.p[0] & e.mask0) | (occ.p[1] & e.mask1);
    return table_[e.offset + ((key * e.magic) >> e.shift)];
  }

 private:
  struct Entry {
    uint64_t mask0, mask1, magic;
    uint32_t shift, offset;
  };
  static Bitboard edges() { return file_bb(FILE_1) | file_bb(FILE_9) | rank_bb(RANK_1) | rank_bb(RANK_9); }

  Entry entry_[SQ_NB];
  std::vector<Bitboard> table_;
};

const MagicBishop& magic_bishop() {
  static const MagicBishop m;
  return m;
}

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
  add("attacks/ray_walk/lance", [](auto& s) {
    run(s, LANCE, [](Square q, const Bitboard& o) { return ray_walk(q, o, {{0, -1}}); });
  });
  add("attacks/ray_walk/bishop", [](auto& s) {
    run(s, BISHOP, [](Square q, const Bitboard& o) { return ray_walk(q, o, {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}); });
  });
  add("attacks/ray_walk/rook", [](auto& s) {
    run(s, ROOK, [](Square q, const Bitboard& o) { return ray_walk(q, o, {{0, 1}, {0, -1}, {1, 0}, {-1, 0}}); });
  });
  add("attacks/library/lance",
      [](auto& s) { run(s, LANCE, [](Square q, const Bitboard& o) { return lance_attacks<BLACK>(q, o); }); });
  add("attacks/library/bishop",
      [](auto& s) { run(s, BISHOP, [](Square q, const Bitboard& o) { return bishop_attacks(q, o); }); });
  add("attacks/library/rook",
      [](auto& s) { run(s, ROOK, [](Square q, const Bitboard& o) { return rook_attacks(q, o); }); });
  add("attacks/bit_scan/lance",
      [](auto& s) { run(s, LANCE, [](Square q, const Bitboard& o) { return BitScan::file<false>(q, o); }); });
  add("attacks/bit_scan/rook", [](auto& s) {
    run(s, ROOK, [](Square q, const Bitboard& o) { return BitScan::file<true>(q, o) | rook_rank_attacks(q, o); });
  });
  add("attacks/magic/bishop", [](auto& s) {
    const MagicBishop& m = magic_bishop();
    run(s, BISHOP, [&m](Square q, const Bitboard& o) { return m.attacks(q, o); });
  });
  return true;
}();

}  // namespace
}  // namespace sashite::bench
