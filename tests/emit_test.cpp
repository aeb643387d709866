// movegen_full/emit.h's emitters against a plain loop over the squares, on target sets of every
// density: without VBMI2 a drop of one kind goes byte by byte where a word is dense, two kinds
// two squares a store, three to six one or two stores a square; with VBMI2 a compression per
// word. Perft sees these only through the positions it reaches; here every kind count meets
// empty, sparse, dense and full words. Also built into x86_64_v3_tests, so an AVX-512 host
// checks both paths.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "movegen_full/emit.h"

namespace sashite {
namespace {

// A set holding each square with probability `density`.
Bitboard random_targets(std::mt19937_64& rng, double density) {
  std::bernoulli_distribution in(density);
  Bitboard t;
  for (Square s = SQ_ZERO; s < SQ_NB; ++s)
    if (in(rng)) t |= square_bb(s);
  return t;
}

std::vector<Move> written(const ExtMove* begin, const ExtMove* end) {
  std::vector<Move> moves;
  for (const ExtMove* e = begin; e != end; ++e) moves.push_back(e->move);
  return moves;
}

constexpr double kDensities[] = {0.0, 0.03, 0.15, 0.3, 0.5, 0.8, 1.0};

TEST(Emit, DropsAreSquareByKindInOrder) {
  std::mt19937_64 rng(0xD80B5);
  const uint64_t kinds[6] = {MOVE_DROP | (KNIGHT << 7), MOVE_DROP | (LANCE << 7),  MOVE_DROP | (SILVER << 7),
                             MOVE_DROP | (GOLD << 7),   MOVE_DROP | (BISHOP << 7), MOVE_DROP | (ROOK << 7)};
  for (double density : kDensities)
    for (int trial = 0; trial < 200; ++trial) {
      const Bitboard t = random_targets(rng, density);
      for (int first = 0; first < 6; ++first)
        for (int k = 1; first + k <= 6; ++k) {
          std::vector<Move> expected;
          for (Square s = SQ_ZERO; s < SQ_NB; ++s)
            if (t.test(s))
              for (int j = 0; j < k; ++j) expected.push_back(Move(kinds[first + j] | s));
          ExtMove list[MAX_MOVES];
          const ExtMove* end = emit_drops(list, t, kinds + first, k);
          ASSERT_EQ(written(list, end), expected) << "density " << density << ", kinds " << first << "+" << k;
        }
    }
}

TEST(Emit, BoardMovesAreInSquareOrder) {
  std::mt19937_64 rng(0xB0A4D);
  for (double density : kDensities)
    for (int trial = 0; trial < 200; ++trial) {
      const Bitboard t = random_targets(rng, density);
      const Square from = Square(rng() % SQ_NB);
      for (unsigned flags : {0u, unsigned(MOVE_PROMOTE)}) {
        std::vector<Move> expected;
        for (Square s = SQ_ZERO; s < SQ_NB; ++s)
          if (t.test(s)) expected.push_back(Move((from << 7) | flags | s));
        ExtMove list[MAX_MOVES];
        ASSERT_EQ(written(list, emit_moves(list, t, (from << 7) | flags)), expected) << "density " << density;
      }
    }
}

}  // namespace
}  // namespace sashite
