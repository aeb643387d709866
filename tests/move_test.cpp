// The 16-bit Move of yaneurao, YaneuraOu mini (2015): to in bits 0-6, from (or the dropped raw kind) in bits 7-13,
// drop flag bit 14, promote flag bit 15; ExtMove packs it with a 16-bit score.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/types.h"

namespace sashite {
namespace {

TEST(Move, SentinelValues) {
  EXPECT_EQ(MOVE_NONE, 0);
  EXPECT_EQ(MOVE_NULL, (1 << 7) + 1);
  EXPECT_EQ(MOVE_DROP, 1 << 14);
  EXPECT_EQ(MOVE_PROMOTE, 1 << 15);
  EXPECT_FALSE(is_ok(MOVE_NONE));
  EXPECT_FALSE(is_ok(MOVE_NULL));
  static_assert(sizeof(Move) == 2);
}

TEST(Move, BoardMoveLayoutAndAccessors) {
  for (Square from = SQ_ZERO; from < SQ_NB; ++from)
    for (Square to = SQ_ZERO; to < SQ_NB; ++to) {
      const Move m = make_move(from, to);
      ASSERT_EQ(unsigned(m), unsigned(to) | unsigned(from) << 7);
      const Move p = make_move_promote(from, to);
      ASSERT_EQ(unsigned(p), unsigned(to) | unsigned(from) << 7 | 1u << 15);
      for (Move x : {m, p}) {
        ASSERT_EQ(from_sq(x), from);
        ASSERT_EQ(to_sq(x), to);
        ASSERT_FALSE(is_drop(x));
      }
      ASSERT_FALSE(is_promotion(m));
      ASSERT_TRUE(is_promotion(p));
    }
}

TEST(Move, DropLayoutAndAccessors) {
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
    for (Square to = SQ_ZERO; to < SQ_NB; ++to) {
      const Move m = make_move_drop(pr, to);
      ASSERT_EQ(unsigned(m), unsigned(to) | unsigned(pr) << 7 | 1u << 14);
      ASSERT_TRUE(is_drop(m));
      ASSERT_FALSE(is_promotion(m));
      ASSERT_EQ(dropped_type(m), pr);
      ASSERT_EQ(to_sq(m), to);
    }
}

// is_ok is a pure bit test, so check it on all 2^16 values: it is false exactly when no flag is
// set and the from field equals the to field. MOVE_NONE and MOVE_NULL are of that form, and no
// constructible move is (a board move has from != to, a drop carries its flag).
TEST(Move, IsOkOnEveryBitPattern) {
  int rejected = 0;
  for (unsigned v = 0; v < 1u << 16; ++v) {
    const Move m = Move(v);
    const bool flags = v >> 14;
    const bool same = ((v >> 7) & 0x7f) == (v & 0x7f);
    ASSERT_EQ(is_ok(m), flags || !same) << v;
    rejected += !is_ok(m);
  }
  EXPECT_EQ(rejected, 128);
}

TEST(Move, EveryConstructibleMoveIsOk) {
  int n = 0;
  for (Square from = SQ_ZERO; from < SQ_NB; ++from)
    for (Square to = SQ_ZERO; to < SQ_NB; ++to) {
      if (from == to) continue;
      ASSERT_TRUE(is_ok(make_move(from, to)));
      ASSERT_TRUE(is_ok(make_move_promote(from, to)));
      n += 2;
    }
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
    for (Square to = SQ_ZERO; to < SQ_NB; ++to, ++n) ASSERT_TRUE(is_ok(make_move_drop(pr, to)));
  // Every one distinct from the sentinels, and from each other.
  std::vector<Move> all;
  for (Square from = SQ_ZERO; from < SQ_NB; ++from)
    for (Square to = SQ_ZERO; to < SQ_NB; ++to)
      if (from != to) all.push_back(make_move(from, to)), all.push_back(make_move_promote(from, to));
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
    for (Square to = SQ_ZERO; to < SQ_NB; ++to) all.push_back(make_move_drop(pr, to));
  std::sort(all.begin(), all.end());
  EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end());
  EXPECT_EQ(int(all.size()), n);
  EXPECT_FALSE(std::binary_search(all.begin(), all.end(), MOVE_NONE));
  EXPECT_FALSE(std::binary_search(all.begin(), all.end(), MOVE_NULL));
}

TEST(ExtMove, PacksIntoSixtyFourBitsWithAThirtyTwoBitScore) {
  static_assert(sizeof(ExtMove) == 8);
  static_assert(sizeof(ExtMove) == sizeof(uint64_t));
  static_assert(MAX_MOVES >= 593 + 7, "the differential copy writes up to 7 entries past the end");
  ExtMove e{};
  e = make_move_drop(GOLD, Square(40));
  e.score = -1234567;  // a history score beyond 16 bits
  const Move m = e;    // converts back to its move
  EXPECT_EQ(m, make_move_drop(GOLD, Square(40)));
  EXPECT_EQ(e.score, -1234567);
}

TEST(ExtMove, SortsByScoreAndKeepsEachMoveWithItsScore) {
  std::vector<ExtMove> list;
  for (int i = 0; i < 200; ++i) {
    ExtMove e{};
    e = make_move(Square(i % 81), Square((i * 7 + 1) % 81));
    e.score = (i * 7919) % 601 * 1000 - 300000;  // negatives, repeats, beyond 16 bits
    list.push_back(e);
  }
  const std::vector<ExtMove> original = list;
  std::stable_sort(list.begin(), list.end());
  for (size_t i = 1; i < list.size(); ++i) ASSERT_LE(list[i - 1].score, list[i].score);
  // Same multiset of (move, score) pairs: sorting moved whole entries.
  auto key = [](const ExtMove& e) { return uint64_t(e.move) << 32 | uint32_t(e.score); };
  std::vector<uint64_t> a, b;
  for (const ExtMove& e : original) a.push_back(key(e));
  for (const ExtMove& e : list) b.push_back(key(e));
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  EXPECT_EQ(a, b);
  // Descending order, as a move picker wants it, via the same comparison.
  std::stable_sort(list.begin(), list.end(), [](const ExtMove& x, const ExtMove& y) { return y < x; });
  for (size_t i = 1; i < list.size(); ++i) ASSERT_GE(list[i - 1].score, list[i].score);
  EXPECT_GT(list.front().score, 0);
  EXPECT_LT(list.back().score, 0);
}

}  // namespace
}  // namespace sashite
