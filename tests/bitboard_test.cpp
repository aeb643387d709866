// Bitboard tables and slider attacks against slow square-by-square walks written here, and the
// nifu file-fill trick (pawn_files) against a brute-force fill.
#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "engine/bitboard.h"
#include "movegen_full/random_walk.h"
#include "random_occupancy.h"

namespace sashite {
namespace {

struct Step {
  int df, dr;
};  // dr < 0 is towards rank a (Black's forward)

Bitboard with(Bitboard b, Square s) { return b | square_bb(s); }

// Walks from s in each direction until the edge or the first occupied square (included).
Bitboard ray_walk(Square s, const Bitboard& occ, std::initializer_list<Step> dirs) {
  Bitboard a;
  for (Step d : dirs)
    for (int f = file_of(s) + d.df, r = rank_of(s) + d.dr; f >= 0 && f < 9 && r >= 0 && r < 9; f += d.df, r += d.dr) {
      const Square t = make_square(File(f), Rank(r));
      a = with(a, t);
      if (occ.test(t)) break;
    }
  return a;
}

Bitboard one_steps(Square s, std::initializer_list<Step> dirs) {
  Bitboard a;
  for (Step d : dirs) {
    const int f = file_of(s) + d.df, r = rank_of(s) + d.dr;
    if (f >= 0 && f < 9 && r >= 0 && r < 9) a = with(a, make_square(File(f), Rank(r)));
  }
  return a;
}

constexpr std::initializer_list<Step> kRook = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
constexpr std::initializer_list<Step> kBishop = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
constexpr std::initializer_list<Step> kKing = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

TEST(Bitboard, SquareFileRankZoneTables) {
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    const Bitboard b = square_bb(s);
    EXPECT_EQ(b.popcount(), 1);
    EXPECT_EQ(b.lsb(), s);
    EXPECT_TRUE(b.test(s));
    EXPECT_TRUE(file_bb(file_of(s)).test(s));
    EXPECT_TRUE(rank_bb(rank_of(s)).test(s));
    EXPECT_EQ(zone_bb(BLACK).test(s), rank_of(s) <= RANK_3);
    EXPECT_EQ(zone_bb(WHITE).test(s), rank_of(s) >= RANK_7);
  }
  EXPECT_FALSE(square_bb(SQ_NONE));
  Bitboard all;
  for (File f = FILE_1; f < FILE_NB; ++f) {
    EXPECT_EQ(file_bb(f).popcount(), 9);
    all |= file_bb(f);
  }
  EXPECT_EQ(all.popcount(), 81);
  EXPECT_EQ(~Bitboard(), all);  // complement stays inside the 81 squares
}

TEST(Bitboard, IterationVisitsEverySquareInOrder) {
  Rng rng(11);
  for (int i = 0; i < 2000; ++i) {
    const Bitboard b = random_occupancy(rng);
    std::vector<Square> expected, visited, popped;
    for (Square s = SQ_ZERO; s < SQ_NB; ++s)
      if (b.test(s)) expected.push_back(s);
    for_each_square(b, [&](Square s) { visited.push_back(s); });
    for (Bitboard c = b; c;) popped.push_back(c.pop_lsb());
    ASSERT_EQ(visited, expected);
    ASSERT_EQ(popped, expected);
    ASSERT_EQ(b.popcount(), int(expected.size()));
    ASSERT_EQ(b.more_than_one(), expected.size() > 1);
  }
}

TEST(Bitboard, StepAttacksMatchTheMoveRules) {
  for (Square s = SQ_ZERO; s < SQ_NB; ++s)
    for (Color c : {BLACK, WHITE}) {
      const int fw = c == BLACK ? -1 : 1;  // forward rank step
      EXPECT_EQ(pawn_attacks(c, s), one_steps(s, {{0, fw}}));
      EXPECT_EQ(knight_attacks(c, s), one_steps(s, {{1, 2 * fw}, {-1, 2 * fw}}));
      EXPECT_EQ(silver_attacks(c, s), one_steps(s, {{0, fw}, {1, fw}, {-1, fw}, {1, -fw}, {-1, -fw}}));
      const Bitboard gold = one_steps(s, {{0, fw}, {1, fw}, {-1, fw}, {1, 0}, {-1, 0}, {0, -fw}});
      for (PieceType pt : {GOLD, PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER}) EXPECT_EQ(step_attacks(c, pt, s), gold);
      EXPECT_EQ(step_attacks(c, KING, s), one_steps(s, kKing));
    }
}

// Every slider on every square, against the ray walk, for 20k random occupancies.
TEST(Bitboard, SliderAttacksEqualRayWalks) {
  Rng rng(2026);
  constexpr int kOccupancies = 20'000;
  for (int i = 0; i < kOccupancies; ++i) {
    const Bitboard occ = random_occupancy(rng);
    for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
      const Bitboard rook = ray_walk(s, occ, kRook), bishop = ray_walk(s, occ, kBishop);
      const Bitboard king = one_steps(s, kKing);
      const Bitboard black_lance = ray_walk(s, occ, {{0, -1}}), white_lance = ray_walk(s, occ, {{0, 1}});
      ASSERT_EQ(lance_attacks<BLACK>(s, occ), black_lance) << to_usi(s) << '\n' << pretty(occ);
      ASSERT_EQ(lance_attacks<WHITE>(s, occ), white_lance) << to_usi(s) << '\n' << pretty(occ);
      ASSERT_EQ(rook_file_attacks(s, occ), black_lance | white_lance) << to_usi(s) << '\n' << pretty(occ);
      ASSERT_EQ(rook_attacks(s, occ), rook) << to_usi(s) << '\n' << pretty(occ);
      ASSERT_EQ(bishop_attacks(s, occ), bishop) << to_usi(s) << '\n' << pretty(occ);
      ASSERT_EQ(horse_attacks(s, occ), bishop | king) << to_usi(s) << '\n' << pretty(occ);
      ASSERT_EQ(dragon_attacks(s, occ), rook | king) << to_usi(s) << '\n' << pretty(occ);
      // The generic entry point routes each kind to the same answer.
      ASSERT_EQ(attacks_bb(BLACK, LANCE, s, occ), black_lance);
      ASSERT_EQ(attacks_bb(WHITE, LANCE, s, occ), white_lance);
      ASSERT_EQ(attacks_bb(WHITE, DRAGON, s, occ), rook | king);
      ASSERT_EQ(attacks_bb(BLACK, HORSE, s, occ), bishop | king);
    }
  }
  // The empty board: the pseudo tables the pin code uses.
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    EXPECT_EQ(rook_pseudo_attacks(s), ray_walk(s, Bitboard(), kRook));
    EXPECT_EQ(bishop_pseudo_attacks(s), ray_walk(s, Bitboard(), kBishop));
    EXPECT_EQ(lance_pseudo_attacks(BLACK, s), ray_walk(s, Bitboard(), {{0, -1}}));
    EXPECT_EQ(lance_pseudo_attacks(WHITE, s), ray_walk(s, Bitboard(), {{0, 1}}));
  }
}

template <Color C>
void check_pawn_files(Rng& rng) {
  const Rank last = relative_rank(C, RANK_1);
  for (int i = 0; i < 20'000; ++i) {
    // Any number of pawns per file (the trick must not rely on nifu), never on the own last rank.
    Bitboard pawns = random_occupancy(rng).andnot(rank_bb(last));
    if (rng.below(8) == 0) pawns = pawns & rank_bb(Rank(rng.below(9))).andnot(rank_bb(last));  // one rank only
    Bitboard expected;
    for (File f = FILE_1; f < FILE_NB; ++f)
      if (pawns & file_bb(f)) expected |= file_bb(f);
    ASSERT_EQ(pawn_files<C>(pawns), expected) << (C == BLACK ? "Black" : "White") << '\n' << pretty(pawns);
  }
  // Every single-pawn board, and the full boards.
  for (Square s = SQ_ZERO; s < SQ_NB; ++s)
    if (rank_of(s) != last) {
      ASSERT_EQ(pawn_files<C>(square_bb(s)), file_bb(file_of(s))) << to_usi(s);
    }
  EXPECT_EQ(pawn_files<C>(Bitboard()), Bitboard());
  EXPECT_EQ(pawn_files<C>((~Bitboard()).andnot(rank_bb(last))), ~Bitboard());
}

// king_reach's sets by their definitions: `near` the squares within two king steps (distance on
// files and ranks at most 2), the others every square from which such a piece attacks a square
// next to the king on an empty board.
TEST(Bitboard, KingReachHoldsEveryAttackerOfTheKingsNeighbours) {
  for (Square k = SQ_ZERO; k < SQ_NB; ++k) {
    const AttackTables::KingReach& r = king_reach(k);
    Bitboard near, bishops, rooks, steppers[COLOR_NB], lances[COLOR_NB];
    for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
      if (std::abs(file_of(s) - file_of(k)) <= 2 && std::abs(rank_of(s) - rank_of(k)) <= 2) near |= square_bb(s);
      const Bitboard around = king_attacks(k);
      if (bishop_pseudo_attacks(s) & around) bishops |= square_bb(s);
      if (rook_pseudo_attacks(s) & around) rooks |= square_bb(s);
      for (Color c : {BLACK, WHITE}) {
        if (lance_pseudo_attacks(c, s) & around) lances[c] |= square_bb(s);
        for (PieceType pt : {PAWN, KNIGHT, SILVER, GOLD, KING})
          if (step_attacks(c, pt, s) & around) steppers[c] |= square_bb(s);
      }
    }
    EXPECT_EQ(r.near, near) << int(k);
    EXPECT_EQ(r.bishops, bishops) << int(k);
    EXPECT_EQ(r.rooks, rooks) << int(k);
    for (Color c : {BLACK, WHITE}) {
      EXPECT_EQ(r.lances[c], lances[c]) << int(k);
      EXPECT_EQ(r.steppers[c], steppers[c]) << int(k);
    }
  }
  EXPECT_EQ(king_reach(make_square(FILE_5, RANK_5)).near.popcount(), 25);
}

// check_movers by its definition: every square from which one step of the kind lands where the
// kind, or a gold (its promotion), attacks the king; a gold only where a gold does.
TEST(Bitboard, CheckMoversHoldEveryStepperThatCanCheckInOneMove) {
  for (Square k = SQ_ZERO; k < SQ_NB; ++k)
    for (Color c : {BLACK, WHITE}) {
      Bitboard expect[4];
      const PieceType kinds[4] = {PAWN, KNIGHT, SILVER, GOLD};
      for (int i = 0; i < 4; ++i)
        for (Square from = SQ_ZERO; from < SQ_NB; ++from)
          for_each_square(step_attacks(c, kinds[i], from), [&](Square to) {
            if (step_attacks(c, kinds[i], to).test(k) || step_attacks(c, GOLD, to).test(k))
              expect[i] |= square_bb(from);
          });
      const AttackTables::CheckMovers& m = check_movers(c, k);
      EXPECT_EQ(m.pawn, expect[0]) << int(k);
      EXPECT_EQ(m.knight, expect[1]) << int(k);
      EXPECT_EQ(m.silver, expect[2]) << int(k);
      EXPECT_EQ(m.gold, expect[3]) << int(k);
    }
  // A Black pawn checks a king on 5e from 5f, or, promoted, from 4f, 6f, 4e, 6e and 5d: one
  // step from 5g, 4g, 6g, 4f, 6f and the king's own square.
  const Bitboard pawns = check_movers(BLACK, make_square(FILE_5, RANK_5)).pawn;
  EXPECT_EQ(pawns.popcount(), 6);
  EXPECT_TRUE(pawns.test(make_square(FILE_5, RANK_7)));
}

TEST(Bitboard, PawnFilesEqualBruteForceFileFill) {
  Rng rng(99);
  check_pawn_files<BLACK>(rng);
  check_pawn_files<WHITE>(rng);
}

// Both tables from a direction walk: aligned pairs share one of the 8 directions.
TEST(Bitboard, BetweenAndLineTables) {
  int aligned_pairs = 0;
  for (Square a = SQ_ZERO; a < SQ_NB; ++a)
    for (Square b = SQ_ZERO; b < SQ_NB; ++b) {
      ASSERT_EQ(between_bb(a, b), between_bb(b, a)) << to_usi(a) << to_usi(b);
      ASSERT_EQ(line_bb(a, b), line_bb(b, a)) << to_usi(a) << to_usi(b);
      const int df = file_of(b) - file_of(a), dr = rank_of(b) - rank_of(a);
      const bool is_aligned = a != b && (df == 0 || dr == 0 || df == dr || df == -dr);
      if (!is_aligned) {
        ASSERT_FALSE(between_bb(a, b)) << to_usi(a) << to_usi(b);
        ASSERT_FALSE(line_bb(a, b)) << to_usi(a) << to_usi(b);
        continue;
      }
      ++aligned_pairs;
      const Step d{(df > 0) - (df < 0), (dr > 0) - (dr < 0)};
      Bitboard between;
      for (Square t = make_square(File(file_of(a) + d.df), Rank(rank_of(a) + d.dr)); t != b;
           t = make_square(File(file_of(t) + d.df), Rank(rank_of(t) + d.dr)))
        between = with(between, t);
      ASSERT_EQ(between_bb(a, b), between) << to_usi(a) << to_usi(b);
      const Bitboard line = with(ray_walk(a, Bitboard(), {d, {-d.df, -d.dr}}), a);
      ASSERT_EQ(line_bb(a, b), line) << to_usi(a) << to_usi(b);
      for (Square c = SQ_ZERO; c < SQ_NB; ++c) ASSERT_EQ(aligned(a, b, c), line.test(c));
    }
  // Ordered aligned pairs: 16 orthogonal partners per square, and L*(L-1) on each diagonal of
  // length L (lengths 1..9..1, in two directions).
  EXPECT_EQ(aligned_pairs, 81 * 16 + 2 * (2 * (1 * 2 + 2 * 3 + 3 * 4 + 4 * 5 + 5 * 6 + 6 * 7 + 7 * 8) + 8 * 9));
}

}  // namespace
}  // namespace sashite
