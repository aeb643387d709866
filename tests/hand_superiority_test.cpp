// Every superiority method equals the per-field definition; the seed's partial masks are
// exactly what seed 004 says they are; Bonanza's aggressive superiority, faithful and corrected.
#include <gtest/gtest.h>

#include "hand/aggressive.h"
#include "hand/superiority.h"
#include "hand/superiority_jit.h"
#include "tests/hand_domain.h"

namespace sashite {
namespace {

using testing::Counts;
using testing::make_hand;

constexpr size_t kRandomPairs = 1'000'000;  // 10 M in tests/slow/

template <class Method>
void expect_matches_definition(const std::vector<std::pair<Counts, Counts>>& pairs) {
  using H = typename Method::Layout;
  size_t wrong = 0, superior = 0;
  for (const auto& [ca, cb] : pairs) {
    const H a = make_hand<H>(ca), b = make_hand<H>(cb);
    const bool expected = superior_or_equal_by_field(a, b);
    superior += expected;
    wrong += Method::test(a, b) != expected;
  }
  EXPECT_EQ(wrong, 0u) << H::name << "/" << Method::name;
  EXPECT_GT(superior, 0u);  // both answers were exercised
  EXPECT_LT(superior, pairs.size());
}

std::vector<std::pair<Counts, Counts>> boundary_pairs() {
  const auto hands = testing::boundary_hands();
  std::vector<std::pair<Counts, Counts>> out;
  out.reserve(hands.size() * hands.size());
  for (const Counts& a : hands)
    for (const Counts& b : hands) out.emplace_back(a, b);
  return out;
}

TEST(HandSuperiority, EveryMethodOnEveryBoundaryPair) {
  const auto pairs = boundary_pairs();  // 2916^2 = 8.5 M
  superiority::for_each_method([&](auto m) { expect_matches_definition<decltype(m)>(pairs); });
}

TEST(HandSuperiority, EveryMethodOnRandomPairs) {
  const auto pairs = testing::random_pairs(kRandomPairs, 2026);
  superiority::for_each_method([&](auto m) { expect_matches_definition<decltype(m)>(pairs); });
}

// Seed 004's own expressions cover knight, silver, gold, bishop and rook and nothing else.
TEST(HandSuperiority, SeedMasksCoverKnightToRookOnly) {
  const std::initializer_list<PieceType> kCovered = {KNIGHT, SILVER, GOLD, BISHOP, ROOK};
  size_t pawn_or_lance_only = 0;
  for (const auto& [ca, cb] : testing::random_pairs(200'000, 7)) {
    bool expected = true;
    for (PieceType pr : kCovered) expected &= ca[pr] >= cb[pr];
    const auto a21 = make_hand<HandBonanza21>(ca), b21 = make_hand<HandBonanza21>(cb);
    const auto a24 = make_hand<HandPadded24>(ca), b24 = make_hand<HandPadded24>(cb);
    ASSERT_EQ(HandBonanza21::alternating_seed(a21.raw(), b21.raw()), expected);
    ASSERT_EQ(HandPadded24::shift_subtract_seed(a24.raw(), b24.raw()), expected);
    pawn_or_lance_only += expected && !superior_or_equal_by_field(a21, b21);
  }
  EXPECT_GT(pawn_or_lance_only, 0u);  // pairs the completed versions must, and do, reject
}

// The hand-written loop and the compiler's agree on the same arrays.
TEST(HandSuperiority, JitLoopCountsLikeTheDefinition) {
  const auto pairs = testing::random_pairs(100'000, 11);
  auto run = [&](auto layout, int bits, uint64_t mask) {
    using H = decltype(layout);
    std::vector<typename H::Raw> a, b;
    size_t expected = 0;
    for (const auto& [ca, cb] : pairs) {
      a.push_back(make_hand<H>(ca).raw());
      b.push_back(make_hand<H>(cb).raw());
      expected += superior_or_equal_by_field(make_hand<H>(ca), make_hand<H>(cb));
    }
    SuperiorCountJit jit(bits, mask);
    EXPECT_EQ(jit.get<typename H::Raw>()(a.data(), b.data(), a.size()), expected) << H::name;
    EXPECT_EQ(jit.get<typename H::Raw>()(a.data(), b.data(), 0), 0u);
  };
  run(HandPadded32(), 32, HandPadded32::kBorrowMask);
  run(Hand64(), 64, Hand64::kBorrowMask);
}

// Aggressive superiority: the faithful reproduction and the corrected one disagree on real
// hand pairs, and the corrected one is the substitution definition.
TEST(AggressiveSuperiority, FaithfulAndCorrectedDisagreeOnConcretePairs) {
  auto hand = [](std::initializer_list<std::pair<PieceType, int>> c) {
    HandBonanza21 h;
    for (auto [pr, n] : c) h.set(pr, n);
    return h;
  };
  // One lance for two pawns: counts say 1 - 2 < 0, in-place values 32 - 2 >= 0.
  EXPECT_TRUE(aggressive::bonanza_faithful(hand({{LANCE, 1}}), hand({{PAWN, 2}})));
  EXPECT_FALSE(aggressive::corrected(hand({{LANCE, 1}}), hand({{PAWN, 2}})));
  // One surplus gold "covers" any number of missing pawns in place (1 << 14).
  EXPECT_TRUE(aggressive::bonanza_faithful(hand({{GOLD, 1}}), hand({{PAWN, 18}})));
  EXPECT_FALSE(aggressive::corrected(hand({{GOLD, 1}}), hand({{PAWN, 18}})));
  // One rook for two lances: in place 1 << 19 against 2 << 5.
  EXPECT_TRUE(aggressive::bonanza_faithful(hand({{ROOK, 1}}), hand({{LANCE, 2}})));
  EXPECT_FALSE(aggressive::corrected(hand({{ROOK, 1}}), hand({{LANCE, 2}})));
  // Where counts and the substitution agree, both say yes: a rook for one lance.
  EXPECT_TRUE(aggressive::bonanza_faithful(hand({{ROOK, 1}}), hand({{LANCE, 1}})));
  EXPECT_TRUE(aggressive::corrected(hand({{ROOK, 1}}), hand({{LANCE, 1}})));
}

TEST(AggressiveSuperiority, CorrectedEqualsSubstitutionDefinition) {
  const auto hands = testing::boundary_hands();
  size_t disagreements_with_faithful = 0, beyond_by_field = 0;
  for (size_t i = 0; i < hands.size(); i += 3)
    for (size_t j = 0; j < hands.size(); ++j) {
      const auto a = make_hand<HandBonanza21>(hands[i]), b = make_hand<HandBonanza21>(hands[j]);
      const bool c = aggressive::corrected(a, b);
      ASSERT_EQ(c, aggressive::by_substitution(a, b));
      if (superior_or_equal_by_field(a, b)) {
        ASSERT_TRUE(c);  // aggressive only adds
      }
      beyond_by_field += c && !superior_or_equal_by_field(a, b);
      disagreements_with_faithful += c != aggressive::bonanza_faithful(a, b);
    }
  for (const auto& [ca, cb] : testing::random_pairs(200'000, 3)) {
    const auto a = make_hand<HandBonanza21>(ca), b = make_hand<HandBonanza21>(cb);
    ASSERT_EQ(aggressive::corrected(a, b), aggressive::by_substitution(a, b));
  }
  EXPECT_GT(beyond_by_field, 0u);
  EXPECT_GT(disagreements_with_faithful, 0u);
  std::printf("[ info ] aggressive: %zu boundary pairs gain superiority by substitution; "
              "faithful and corrected disagree on %zu\n", beyond_by_field, disagreements_with_faithful);
}

}  // namespace
}  // namespace sashite
