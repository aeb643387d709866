// Every superiority method (compiled and xbyak) equals the per-field definition; the
// partial masks are exactly what LS3600, Bonanza hand (2009) says they are; Bonanza's aggressive superiority,
// faithful and corrected (its counts: tools/repetition_study).
#include <gtest/gtest.h>

#include "tests/hand_domain.h"

namespace sashite {
namespace {

using study::Counts;
using study::make_hand;

constexpr size_t kRandomPairs = 1'000'000;  // 10 M in tests/slow/

// Each runs the compiled methods and the two xbyak loops (tests/hand_domain.h).
TEST(HandSuperiority, EveryMethodOnEveryBoundaryPair) {
  testing::expect_every_method_matches_definition(study::boundary_hands());  // 2916^2 = 8.5 M pairs
}

TEST(HandSuperiority, EveryMethodOnEverySmallCountPair) {
  testing::expect_every_method_matches_definition(study::small_count_hands());  // 2187^2 = 4.8 M pairs
}

TEST(HandSuperiority, EveryMethodOnRandomPairs) {
  testing::expect_every_method_matches_definition(study::random_pairs(kRandomPairs, 2026));
}

// LS3600's (Bonanza hand, 2009) own expressions cover knight, silver, gold, bishop and rook and nothing else.
TEST(HandSuperiority, SeedMasksCoverKnightToRookOnly) {
  const std::initializer_list<PieceType> kCovered = {KNIGHT, SILVER, GOLD, BISHOP, ROOK};
  size_t pawn_or_lance_only = 0;
  for (const auto& [ca, cb] : study::random_pairs(200'000, 7)) {
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
  const study::AggressiveTally t = study::tally_aggressive(study::boundary_hands());
  EXPECT_EQ(t.corrected_not_substitution, 0u);
  EXPECT_EQ(t.by_field_not_corrected, 0u);  // aggressive only adds
  EXPECT_GT(t.gained, 0u);
  EXPECT_GT(t.faithful_only, 0u);
  const study::AggressiveTally r = study::tally_aggressive(study::random_pairs(200'000, 3));
  EXPECT_EQ(r.corrected_not_substitution, 0u);
  EXPECT_EQ(r.by_field_not_corrected, 0u);
}

}  // namespace
}  // namespace sashite
