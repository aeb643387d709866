// The double-sized bitboard (LS3600, differential generation (2009)): window selection for every square pair, square
// masks, and conversion to and from the core Bitboard.
#include <gtest/gtest.h>

#include "dbb/dbb.h"
#include "dbb/piece_attacks.h"
#include "movegen_full/random_walk.h"

namespace sashite::dbb {
namespace {

// Independent statement of the layout: where square s sits in window x, or -1.
int bit_of(Window x, int s) {
  switch (x) {
    case WINDOW_LOW: return s <= 63 ? s : -1;
    case WINDOW_ENDS: return s <= 16 ? s : s >= 64 ? 32 + (s - 64) : -1;
    case WINDOW_HIGH: return s >= 17 ? s - 17 : -1;
    default: return -1;
  }
}

template <class Selector>
void expect_selector_holds_both_squares() {
  for (int a = 0; a < SQ_NB; ++a)
    for (int b = 0; b < SQ_NB; ++b) {
      const Window x = Selector::select(Square(a), Square(b));
      ASSERT_GE(bit_of(x, a), 0) << Selector::kName << " " << a << "," << b;
      ASSERT_GE(bit_of(x, b), 0) << Selector::kName << " " << a << "," << b;
      const MoveWindow mw = move_window<Selector>(Square(a), Square(b));
      EXPECT_EQ(mw.window, x);
      EXPECT_EQ(mw.mask, (1ULL << bit_of(x, a)) | (1ULL << bit_of(x, b)));
    }
}

TEST(Dbb, EverySelectorPutsBothSquaresOfEveryPairInOneWord) {
  expect_selector_holds_both_squares<WindowByTable>();
  expect_selector_holds_both_squares<WindowByCompare>();
  expect_selector_holds_both_squares<WindowByClassBits>();
}

TEST(Dbb, SelectorsAgreeAndFollowTheSeedsThreeCases) {
  for (int a = 0; a < SQ_NB; ++a)
    for (int b = 0; b < SQ_NB; ++b) {
      const Window want = a <= 63 && b <= 63 ? WINDOW_LOW : a >= 17 && b >= 17 ? WINDOW_HIGH : WINDOW_ENDS;
      EXPECT_EQ(WindowByTable::select(Square(a), Square(b)), want);
      EXPECT_EQ(WindowByCompare::select(Square(a), Square(b)), want);
      EXPECT_EQ(WindowByClassBits::select(Square(a), Square(b)), want);
    }
}

TEST(Dbb, SquareMasksMatchTheLayout) {
  for (int s = 0; s < SQ_NB; ++s)
    for (Window x : {WINDOW_LOW, WINDOW_ENDS, WINDOW_HIGH}) {
      const int bit = bit_of(x, s);
      EXPECT_EQ(square_dbb(Square(s)).w[x], bit < 0 ? 0 : 1ULL << bit) << s << " window " << x;
    }
}

TEST(Dbb, SingleSquaresConvertBothWays) {
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    EXPECT_EQ(to_dbb(square_bb(s)), square_dbb(s)) << s;
    EXPECT_EQ(to_bitboard(square_dbb(s)), square_bb(s)) << s;
  }
}

TEST(Dbb, RandomBoardsRoundTrip) {
  Rng rng(3);
  const Bitboard full = ~Bitboard();
  for (int i = 0; i < 100000; ++i) {
    const Bitboard b = Bitboard(rng.next(), rng.next()) & full;
    const DBB d = to_dbb(b);
    ASSERT_EQ(to_bitboard(d), b);
    ASSERT_TRUE(is_consistent(d));
    for (Square s = SQ_ZERO; s < SQ_NB; ++s)
      for (Window x : {WINDOW_LOW, WINDOW_ENDS, WINDOW_HIGH})
        if (bit_of(x, s) >= 0) {
          ASSERT_EQ((d.w[x] >> bit_of(x, s)) & 1, uint64_t(b.test(s))) << s;
        }
  }
}

TEST(Dbb, InconsistentWordsAreDetected) {
  DBB d = to_dbb(square_bb(Square(70)));
  EXPECT_TRUE(is_consistent(d));
  d.w[WINDOW_ENDS] = 0;  // square 70 dropped from word 1 only
  EXPECT_FALSE(is_consistent(d));
}

TEST(Dbb, AttackSetsOfRealPositionsRoundTrip) {
  Rng rng(7);
  auto pa = std::make_unique<PieceAttacks>();
  for (const std::string& sfen : random_walk_sfens(Position::kStartSfen, 300, rng)) {
    Position pos;
    StateInfo st;
    ASSERT_FALSE(pos.set(sfen, &st));
    compute_piece_attacks(pos, *pa);
    for (int id = 0; id < kWordPieces; ++id) {
      const DBB d{{pa->words.w[0][id], pa->words.w[1][id], pa->words.w[2][id]}};
      ASSERT_TRUE(is_consistent(d)) << sfen << " id " << id;
      ASSERT_EQ(to_bitboard(d), pa->core[id]) << sfen << " id " << id;
    }
  }
}

}  // namespace
}  // namespace sashite::dbb
