// The transposition-table layouts (search/tt/layouts.h), each under both key schemes: what a
// probe gives back, which entry a full bucket gives up, hashfull, resize, and that the additive
// key's same-board positions stay apart.
#include <gtest/gtest.h>
#include <sys/mman.h>

#include <vector>

#include "base/large_memory.h"
#include "movegen_full/random_walk.h"
#include "search/tt/layouts.h"
#include "tests/hand_domain.h"

namespace sashite {
namespace {

// Pages of `a` the kernel holds resident (mincore), of all its 4 KB pages.
template <class T>
std::pair<size_t, size_t> resident_pages(const LargeArray<T>& a) {
  const size_t bytes = (a.size() * sizeof(T) + kHugePage - 1) / kHugePage * kHugePage;
  std::vector<unsigned char> in_core(bytes / 4096);
  if (mincore(a.get(), bytes, in_core.data()) != 0) return {0, 0};
  size_t resident = 0;
  for (unsigned char c : in_core) resident += c & 1;
  return {resident, in_core.size()};
}

// Large memory stays untouched until written; prefault() makes all of it resident beforehand
// (the mate table at `isready`), and it still reads as zeros.
TEST(LargeMemory, PrefaultMakesEveryPageResidentAndZero) {
  LargeArray<uint64_t> a(size_t(24) << 20 >> 3);  // 24 MB: twelve huge pages
  const auto [before, pages] = resident_pages(a);
  ASSERT_GT(pages, 0u);
  EXPECT_LT(before, pages);
  a.prefault(2);
  EXPECT_EQ(resident_pages(a).first, pages);
  for (size_t i = 0; i < a.size(); i += 4096 / sizeof(uint64_t)) ASSERT_EQ(a[i], 0u) << i;
}

const Move kMove1 = make_move(Square(60), Square(59));
const Move kMove2 = make_move_drop(GOLD, Square(40));

// Keys of one bucket with pairwise different checks.
template <class T>
std::vector<Key> keys_in_bucket(const T& tt, size_t bucket, size_t n, uint64_t seed) {
  std::vector<Key> keys;
  Rng rng(seed);
  while (keys.size() < n) {
    const Key k = rng.next();
    if (tt.bucket_of(k) != bucket) continue;
    bool fresh = true;
    for (Key o : keys) fresh &= T::check_of(o) != T::check_of(k);
    if (fresh) keys.push_back(k);
  }
  return keys;
}

template <class T>
constexpr int kEntries = T::Bucket::kEntries;

template <class T>
class TTLayoutTest : public ::testing::Test {};
TYPED_TEST_SUITE(TTLayoutTest, testing::AsGTestTypes<RegisteredTTs>::type);

TYPED_TEST(TTLayoutTest, StoreProbeRoundTripsEachBound) {
  TypeParam tt;
  Rng rng(1);
  const Key exact = rng.next(), lower = rng.next(), upper = rng.next(), absent = rng.next();
  tt.store(exact, kMove1, 123, BOUND_EXACT, 7, 45);
  tt.store(lower, kMove2, -250, BOUND_LOWER, -6, VALUE_NONE);
  tt.store(upper, MOVE_NONE, 31000, BOUND_UPPER, 248, -VALUE_EVAL_MAX);
  TTData d;
  ASSERT_TRUE(tt.probe(exact, d));
  EXPECT_EQ(d.move, kMove1);
  EXPECT_EQ(d.lower, 123);
  EXPECT_EQ(d.upper, 123);
  EXPECT_EQ(d.eval, 45);
  EXPECT_EQ(d.depth, 7);
  ASSERT_TRUE(tt.probe(lower, d));
  EXPECT_EQ(d.move, kMove2);
  EXPECT_EQ(d.lower, -250);
  EXPECT_EQ(d.upper, VALUE_INFINITE);
  EXPECT_EQ(d.eval, VALUE_NONE);
  EXPECT_EQ(d.depth, -6);
  ASSERT_TRUE(tt.probe(upper, d));
  EXPECT_EQ(d.move, MOVE_NONE);
  EXPECT_EQ(d.lower, -VALUE_INFINITE);
  EXPECT_EQ(d.upper, 31000);
  EXPECT_EQ(d.eval, -VALUE_EVAL_MAX);
  EXPECT_EQ(d.depth, 248);
  EXPECT_FALSE(tt.probe(absent, d));
  EXPECT_EQ(d.move, MOVE_NONE);
  EXPECT_EQ(d.lower, -VALUE_INFINITE);
  EXPECT_EQ(d.upper, VALUE_INFINITE);
}

// A mate stored at ply 3 reads back as the same mate at ply 3 and as a longer one from ply 7.
TYPED_TEST(TTLayoutTest, MateScoresRoundTripThroughValueToTt) {
  TypeParam tt;
  const Key win = 0x123456789abcdef1, loss = 0x0fedcba987654321;
  tt.store(win, kMove1, value_to_tt(mate_in(5), 3), BOUND_EXACT, 4, VALUE_NONE);
  tt.store(loss, kMove2, value_to_tt(mated_in(6), 4), BOUND_UPPER, 4, VALUE_NONE);
  TTData d;
  ASSERT_TRUE(tt.probe(win, d));
  EXPECT_EQ(value_from_tt(d.lower, 3), mate_in(5));
  EXPECT_EQ(value_from_tt(d.upper, 3), mate_in(5));
  EXPECT_EQ(value_from_tt(d.lower, 7), mate_in(9));
  ASSERT_TRUE(tt.probe(loss, d));
  EXPECT_EQ(d.lower, -VALUE_INFINITE);
  EXPECT_EQ(value_from_tt(d.upper, 4), mated_in(6));
  EXPECT_EQ(value_from_tt(d.upper, 10), mated_in(12));
}

TYPED_TEST(TTLayoutTest, SameKeyKeepsItsMoveWhenStoringNone) {
  TypeParam tt;
  const Key k = 0x5555aaaa5555aaaa;
  tt.store(k, kMove1, 40, BOUND_LOWER, 8, 10);
  tt.store(k, MOVE_NONE, 20, BOUND_UPPER, 9, 10);
  TTData d;
  ASSERT_TRUE(tt.probe(k, d));
  EXPECT_EQ(d.move, kMove1);
  EXPECT_EQ(d.upper, 20);
  tt.store(k, kMove2, 30, BOUND_EXACT, 10, 10);
  ASSERT_TRUE(tt.probe(k, d));
  EXPECT_EQ(d.move, kMove2);
}

// Fill a bucket, then overflow it: the shallowest goes, and after new_search an older entry
// goes before a newer shallower one (depth - 8 * age).
TYPED_TEST(TTLayoutTest, ReplacementPrefersDeeperThenNewerEntries) {
  constexpr int n = kEntries<TypeParam>;
  TypeParam tt;
  const std::vector<Key> k = keys_in_bucket(tt, 77, size_t(n) + 3, 2);
  const Key a = k[size_t(n)], b = k[size_t(n) + 1], c = k[size_t(n) + 2];
  tt.store(k[0], kMove1, 0, BOUND_EXACT, 2, 0);
  tt.store(k[1], kMove1, 1, BOUND_EXACT, 9, 0);
  for (int i = 2; i < n; ++i) tt.store(k[size_t(i)], kMove1, i, BOUND_EXACT, 20 + i, 0);
  tt.store(a, kMove1, 100, BOUND_EXACT, 10, 0);
  TTData d;
  EXPECT_FALSE(tt.probe(k[0], d)) << "depth 2, the shallowest";
  EXPECT_TRUE(tt.probe(k[1], d));
  EXPECT_TRUE(tt.probe(a, d));

  tt.new_search();
  tt.store(b, kMove1, 101, BOUND_EXACT, 3, 0);  // worths: k1 9-8, a 10-8, others 12+
  EXPECT_FALSE(tt.probe(k[1], d));
  tt.store(c, kMove1, 102, BOUND_EXACT, 3, 0);  // b 3 (new) against a 10-8 (old)
  EXPECT_FALSE(tt.probe(a, d)) << "older and deeper";
  ASSERT_TRUE(tt.probe(b, d)) << "newer and shallower";
  EXPECT_EQ(d.lower, 101);
  ASSERT_TRUE(tt.probe(c, d));
  EXPECT_EQ(d.lower, 102);
  for (int i = 2; i < n; ++i) {
    ASSERT_TRUE(tt.probe(k[size_t(i)], d));
    EXPECT_EQ(d.lower, i);
  }
}

TYPED_TEST(TTLayoutTest, DifferentKeysNeverReturnAnotherKeysData) {
  constexpr int n = kEntries<TypeParam>;
  TypeParam tt;
  // One bucket: every key its own entry, and a key never stored there is absent.
  const std::vector<Key> same = keys_in_bucket(tt, 5, size_t(n) + 1, 3);
  for (int i = 0; i < n; ++i) tt.store(same[size_t(i)], Move(i + 1), 10 * i, BOUND_EXACT, 5, i);
  TTData d;
  for (int i = 0; i < n; ++i) {
    ASSERT_TRUE(tt.probe(same[size_t(i)], d));
    EXPECT_EQ(d.lower, 10 * i);
    EXPECT_EQ(d.move, Move(i + 1));
    EXPECT_EQ(d.eval, i);
  }
  EXPECT_FALSE(tt.probe(same[size_t(n)], d));
  // Spread keys: each found one carries its own data; keys never stored are absent.
  tt.clear();
  Rng rng(4);
  std::vector<Key> stored(2000), never(2000);
  for (Key& k : stored) k = rng.next();
  for (Key& k : never) k = rng.next();
  for (size_t i = 0; i < stored.size(); ++i) tt.store(stored[i], Move(i + 1), int(i), BOUND_LOWER, 3, VALUE_NONE);
  for (size_t i = 0; i < stored.size(); ++i) {
    ASSERT_TRUE(tt.probe(stored[i], d));
    EXPECT_EQ(d.lower, int(i));
    EXPECT_EQ(d.move, Move(i + 1));
  }
  for (Key k : never) EXPECT_FALSE(tt.probe(k, d)) << k;
}

TYPED_TEST(TTLayoutTest, HashfullGrowsThenDropsAfterClearAndNewSearch) {
  TypeParam tt;
  EXPECT_EQ(tt.hashfull(), 0);
  Rng rng(5);
  const size_t entries = tt.bucket_count() * kEntries<TypeParam>;
  int last = 0;
  for (int round = 0; round < 8; ++round) {
    for (size_t i = 0; i < entries / 2; ++i) tt.store(rng.next(), MOVE_NONE, 0, BOUND_LOWER, 1, 0);
    const int full = tt.hashfull();
    EXPECT_GE(full, round == 0 ? 200 : last) << "round " << round;
    last = full;
  }
  EXPECT_GE(last, 990);
  EXPECT_LE(last, 1000);
  tt.new_search();
  EXPECT_EQ(tt.hashfull(), 0) << "every entry is from the previous search";
  for (size_t i = 0; i < entries / 4; ++i) tt.store(rng.next(), MOVE_NONE, 0, BOUND_LOWER, 1, 0);
  EXPECT_GT(tt.hashfull(), 100);
  tt.clear();
  EXPECT_EQ(tt.hashfull(), 0);
}

TYPED_TEST(TTLayoutTest, ResizeRoundsDownToPowersOfTwoAndClears) {
  using Bucket = typename TypeParam::Bucket;
  TypeParam tt;
  const Key k = 0x0123456789abcdef;
  TTData d;
  for (size_t mb : {64, 1}) {
    tt.store(k, kMove1, 1, BOUND_EXACT, 1, 0);
    tt.resize(mb);
    EXPECT_EQ(tt.bucket_count() * sizeof(Bucket), mb << 20);
    EXPECT_FALSE(tt.probe(k, d)) << "resize clears";
    tt.store(k, kMove2, 77, BOUND_LOWER, 12, 0);
    ASSERT_TRUE(tt.probe(k, d));
    EXPECT_EQ(d.move, kMove2);
    EXPECT_EQ(d.lower, 77);
    EXPECT_EQ(d.depth, 12);
    EXPECT_LT(tt.bucket_of(~k), tt.bucket_count());
  }
  tt.resize(3);
  EXPECT_EQ(tt.bucket_count() * sizeof(Bucket), size_t(2) << 20);
  tt.resize(0);
  EXPECT_EQ(tt.bucket_count() * sizeof(Bucket), size_t(1) << 20);
}

using GTestSchemes = testing::AsGTestTypes<RegisteredKeySchemes>::type;

template <class S>
class TTTwoBoundsTest : public ::testing::Test {};
TYPED_TEST_SUITE(TTTwoBoundsTest, GTestSchemes);

TYPED_TEST(TTTwoBoundsTest, KeepsBothBoundsAfterFailHighAndFailLowAtOneDepth) {
  TwoBoundsTT<TypeParam> tt;
  const Key k = 0x3141592653589793;
  tt.store(k, kMove1, 100, BOUND_LOWER, 8, 0);
  tt.store(k, MOVE_NONE, 300, BOUND_UPPER, 8, 0);
  TTData d;
  ASSERT_TRUE(tt.probe(k, d));
  EXPECT_EQ(d.lower, 100);
  EXPECT_EQ(d.upper, 300);
  EXPECT_EQ(d.move, kMove1);
  tt.store(k, MOVE_NONE, 50, BOUND_LOWER, 8, 0);  // looser than the known 100
  tt.store(k, MOVE_NONE, 350, BOUND_UPPER, 8, 0);
  ASSERT_TRUE(tt.probe(k, d));
  EXPECT_EQ(d.lower, 100);
  EXPECT_EQ(d.upper, 300);
  tt.store(k, MOVE_NONE, 200, BOUND_EXACT, 8, 0);
  ASSERT_TRUE(tt.probe(k, d));
  EXPECT_EQ(d.lower, 200);
  EXPECT_EQ(d.upper, 200);
}

TYPED_TEST(TTTwoBoundsTest, DepthDecidesWhichBoundsStay) {
  TwoBoundsTT<TypeParam> tt;
  const Key k = 0x2718281828459045;
  TTData d;
  tt.store(k, kMove1, 100, BOUND_LOWER, 8, 0);
  tt.store(k, kMove1, 300, BOUND_UPPER, 8, 0);
  tt.store(k, MOVE_NONE, 150, BOUND_LOWER, 10, 0);  // deeper: the upper bound of depth 8 goes
  ASSERT_TRUE(tt.probe(k, d));
  EXPECT_EQ(d.lower, 150);
  EXPECT_EQ(d.upper, VALUE_INFINITE);
  EXPECT_EQ(d.depth, 10);
  tt.store(k, kMove2, 120, BOUND_UPPER, 5, 0);  // shallower: bounds stay, the move is taken
  ASSERT_TRUE(tt.probe(k, d));
  EXPECT_EQ(d.lower, 150);
  EXPECT_EQ(d.upper, VALUE_INFINITE);
  EXPECT_EQ(d.depth, 10);
  EXPECT_EQ(d.move, kMove2);
  tt.store(k, MOVE_NONE, 140, BOUND_UPPER, 10, 0);  // crosses lower 150: the new bound wins
  ASSERT_TRUE(tt.probe(k, d));
  EXPECT_EQ(d.lower, -VALUE_INFINITE);
  EXPECT_EQ(d.upper, 140);
  tt.store(k, MOVE_NONE, 160, BOUND_LOWER, 10, 0);  // and the other way
  ASSERT_TRUE(tt.probe(k, d));
  EXPECT_EQ(d.lower, 160);
  EXPECT_EQ(d.upper, VALUE_INFINITE);
  tt.new_search();  // an earlier search's entry gives way even to a shallower result
  tt.store(k, MOVE_NONE, 90, BOUND_UPPER, 4, 0);
  ASSERT_TRUE(tt.probe(k, d));
  EXPECT_EQ(d.lower, -VALUE_INFINITE);
  EXPECT_EQ(d.upper, 90);
  EXPECT_EQ(d.depth, 4);
}

template <class S>
class TTClassicTest : public ::testing::Test {};
TYPED_TEST_SUITE(TTClassicTest, GTestSchemes);

TYPED_TEST(TTClassicTest, FailLowAfterFailHighAtOneDepthReplacesIt) {
  ClassicTT<TypeParam> tt;
  const Key k = 0x3141592653589793;
  tt.store(k, kMove1, 100, BOUND_LOWER, 8, 0);
  tt.store(k, MOVE_NONE, 300, BOUND_UPPER, 8, 0);
  TTData d;
  ASSERT_TRUE(tt.probe(k, d));
  EXPECT_EQ(d.lower, -VALUE_INFINITE);
  EXPECT_EQ(d.upper, 300);
}

TYPED_TEST(TTClassicTest, ShallowerInexactResultDoesNotOverwrite) {
  ClassicTT<TypeParam> tt;
  const Key k = 0x1414213562373095;
  TTData d;
  tt.store(k, kMove1, 100, BOUND_LOWER, 10, 0);
  tt.store(k, MOVE_NONE, 50, BOUND_UPPER, 6, 0);  // 4 plies shallower
  ASSERT_TRUE(tt.probe(k, d));
  EXPECT_EQ(d.lower, 100);
  EXPECT_EQ(d.depth, 10);
  tt.store(k, MOVE_NONE, 50, BOUND_UPPER, 7, 0);  // 3 plies: overwrites
  ASSERT_TRUE(tt.probe(k, d));
  EXPECT_EQ(d.upper, 50);
  EXPECT_EQ(d.depth, 7);
  tt.store(k, MOVE_NONE, 60, BOUND_EXACT, 1, 0);  // exact always overwrites
  ASSERT_TRUE(tt.probe(k, d));
  EXPECT_EQ(d.lower, 60);
  EXPECT_EQ(d.depth, 1);
}

// Additive keys of one board (Black to move) with every hand of the domain: key = board key +
// raw hand (merom686, shogi686 hands (2016)).
template <class H>
std::vector<std::pair<Key, Key>> one_piece_apart(Key board) {
  std::vector<std::pair<Key, Key>> pairs;
  std::array<int, RAW_END> c{};
  auto key = [&](const std::array<int, RAW_END>& counts) {
    H h;
    for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) h.set(pr, counts[pr]);
    return board + Key(h.raw());
  };
  auto visit = [&](auto&& self, PieceType pr) -> void {
    if (pr == RAW_END) {
      for (PieceType q = RAW_BEGIN; q < RAW_END; ++q)
        if (c[q] < max_in_hand(q)) {
          auto more = c;
          ++more[q];
          pairs.emplace_back(key(c), key(more));
        }
      return;
    }
    for (c[pr] = 0; c[pr] <= max_in_hand(pr); ++c[pr]) self(self, PieceType(pr + 1));
  };
  visit(visit, RAW_BEGIN);
  return pairs;
}

// Pairs whose bucket and check both agree: a probe could return one's data for the other.
template <class T>
size_t confused(const T& tt, const std::vector<std::pair<Key, Key>>& pairs) {
  size_t n = 0;
  for (auto [a, b] : pairs) n += tt.bucket_of(a) == tt.bucket_of(b) && T::check_of(a) == T::check_of(b);
  return n;
}

template <class T>
class TTAdditiveIndexTest : public ::testing::Test {};
using AdditiveTTs = ::testing::Types<ClassicTT<AdditiveKeys>, TwoBoundsTT<AdditiveKeys>>;
TYPED_TEST_SUITE(TTAdditiveIndexTest, AdditiveTTs);

TYPED_TEST(TTAdditiveIndexTest, SameBoardDifferentHandsGetDifferentSlotsOrChecks) {
  BasicPosition<AdditiveKey<Hand64>> pos;
  StateInfo st;
  ASSERT_FALSE(pos.set(Position::kStartSfen, &st));
  const auto hand64 = one_piece_apart<Hand64>(pos.board_key());
  const auto padded32 = one_piece_apart<HandPadded32>(pos.board_key());
  ASSERT_EQ(hand64.size(), 585750u);  // 106,875 hands; with each kind below its maximum, one more
  // One piece more changes the check outright: the key difference is the field's unit u, the
  // product's difference u * multiplier, whose top 16 bits are neither 0 nor 0xffff.
  auto same_check = [](const std::vector<std::pair<Key, Key>>& pairs) {
    size_t n = 0;
    for (auto [a, b] : pairs) n += TypeParam::check_of(a) == TypeParam::check_of(b);
    return n;
  };
  EXPECT_EQ(same_check(hand64), 0u);
  EXPECT_EQ(same_check(padded32), 0u);
  for (size_t mb : {1, 64}) {
    TypeParam tt(mb);
    EXPECT_EQ(confused(tt, hand64), 0u) << mb << " MB";
    EXPECT_EQ(confused(tt, padded32), 0u) << mb << " MB";
  }
  // The test has teeth: the XOR scheme's slot (low bits, top 16 bits) confuses such pairs.
  using XorTT =
      std::conditional_t<std::is_same_v<TypeParam, ClassicTT<AdditiveKeys>>, ClassicTT<XorKeys>, TwoBoundsTT<XorKeys>>;
  EXPECT_GT(confused(XorTT(1), hand64), 1000u);

  // Two real positions: one board, hands differing by a silver.
  BasicPosition<AdditiveKey<Hand64>> a, b;
  StateInfo sa, sb;
  ASSERT_FALSE(a.set("4k4/9/9/9/9/9/9/9/4K4 b 2S 1", &sa));
  ASSERT_FALSE(b.set("4k4/9/9/9/9/9/9/9/4K4 b S 1", &sb));
  ASSERT_EQ(a.board_key(), b.board_key());
  TypeParam tt;
  tt.store(a.key(), kMove1, 500, BOUND_EXACT, 6, 0);
  TTData d;
  EXPECT_FALSE(tt.probe(b.key(), d));
  EXPECT_TRUE(tt.bucket_of(a.key()) != tt.bucket_of(b.key()) ||
              TypeParam::check_of(a.key()) != TypeParam::check_of(b.key()));
}

}  // namespace
}  // namespace sashite
