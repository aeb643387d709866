// Repetition and superiority detection: each outcome from a real move sequence, for both
// implementations; then both on search-like walks full of cycles, where they must agree
// wherever merom686's (shogi686 hands, 2016) key difference is exact.
#include <gtest/gtest.h>

#include "tools/study/cyclic_walk.h"

namespace sashite {
namespace {

using study::AddHand;
using study::detect;
using study::kDropAndTake;
using study::kRookChecks;
using study::Outcome;
using study::play_usi;

void expect_all(const Outcome& o, Repetition r) {
  EXPECT_EQ(o.board_key, r) << repetition_name(o.board_key);
  EXPECT_EQ(o.board_key_xor, r) << repetition_name(o.board_key_xor);
  EXPECT_EQ(o.key_diff, r) << repetition_name(o.key_diff);
  EXPECT_EQ(o.popcount2, r) << repetition_name(o.popcount2);
}

TEST(Repetition, NothingRepeated) {
  expect_all(detect(Position::kStartSfen, "7g7f 3c3d 2g2f 8c8d 2f2e"), Repetition::None);
}

TEST(Repetition, RookShuffleIsADraw) {
  expect_all(detect(Position::kStartSfen, "2h3h 8b7b 3h2h 7b8b"), Repetition::Draw);
  expect_all(detect(Position::kStartSfen, "7g7f 8b7b 2h3h 7b8b 3h2h"), Repetition::Draw);  // White to move
}

TEST(Repetition, HorizonLimitsTheWalk) {
  // An 8-ply cycle: found with horizon 8, not with 4 (the quiescence horizon).
  constexpr std::string_view kCycle8 = "2h3h 8b7b 3h4h 7b6b 4h3h 6b7b 3h2h 7b8b";
  expect_all(detect(Position::kStartSfen, kCycle8, repetition_horizon(false, 2)), Repetition::Draw);
  expect_all(detect(Position::kStartSfen, kCycle8, repetition_horizon(true, 0)), Repetition::None);
  static_assert(repetition_horizon(true, 9) == 4 && repetition_horizon(false, 2) == 8 &&
                repetition_horizon(false, 3) == 20);
}

TEST(Repetition, PerpetualCheckLosesForTheChecker) {
  // Black's rook checks on every move: the repetition loses for Black...
  expect_all(detect(kRookChecks, "2i1i 1a2a 1i2i 2a1a"), Repetition::Loss);      // Black to move
  expect_all(detect(kRookChecks, "2i1i 1a2a 1i2i 2a1a 2i1i"), Repetition::Win);  // White to move
  // ...but not when one of its moves in the cycle was quiet.
  expect_all(detect(kRookChecks, "9i8i 1a1b 8i9i 1b1a"), Repetition::Draw);
}

// merom686's (shogi686 hands, 2016) two-field case: silver drop, king takes, gold drop, king takes. Black to move has
// lost a silver and a gold; a further silver drop gives White (to move) the same two more.
TEST(Repetition, TwoFieldCaseAndTheSingleBitFilter) {
  const Outcome inferior = detect(kDropAndTake, study::kSilverGoldTaken);
  expect_all(inferior, Repetition::Inferior);
  EXPECT_EQ(inferior.single_bit, Repetition::None);  // d & (d - 1) rejects two set bits
  const Outcome superior = detect(kDropAndTake, std::string(study::kSilverGoldTaken) + " S*5b");
  expect_all(superior, Repetition::Superior);
  EXPECT_EQ(superior.single_bit, Repetition::None);
}

// The additive key also works on padded32's raw value (guard bits as the borrow stop).
TEST(Repetition, KeyDifferenceOnPadded32) {
  using P32 = AdditiveKey<HandPadded32>;
  auto run = [](std::string_view sfen, std::string_view moves) {
    PositionLine<BasicPosition<P32>> g(sfen);
    play_usi(g, moves);
    EXPECT_EQ(by_key_difference(g.pos, 20), by_board_key(g.pos, 20));
    return by_key_difference(g.pos, 20);
  };
  EXPECT_EQ(run(kDropAndTake, study::kSilverGoldTaken), Repetition::Inferior);
  EXPECT_EQ(run(kDropAndTake, std::string(study::kSilverGoldTaken) + " S*5b"), Repetition::Superior);
  EXPECT_EQ(run(Position::kStartSfen, "2h3h 8b7b 3h2h 7b8b"), Repetition::Draw);
  EXPECT_EQ(run(kRookChecks, "2i1i 1a2a 1i2i 2a1a"), Repetition::Loss);
}

TEST(Repetition, OneFieldCaseAllFiltersAgree) {
  // Two golds dropped and taken: the difference is 2 golds, one bit (0b10) in one field.
  const Outcome o = detect(study::kTwoGolds, study::kTwoGoldsTaken);
  expect_all(o, Repetition::Inferior);
  EXPECT_EQ(o.single_bit, Repetition::Inferior);
}

// Where merom686's mask is not exact (tools/study/repetition_cases.h): board-key comparison finds
// the inferior hand 16 plies back, the key difference does not.
TEST(Repetition, KeyDifferenceMissesAFourPieceSurplus) {
  const Outcome o = detect(study::kFourPawns, study::kFourPawnsTaken);
  EXPECT_EQ(o.board_key, Repetition::Inferior);
  EXPECT_EQ(o.board_key_xor, Repetition::Inferior);
  EXPECT_EQ(o.key_diff, Repetition::None);
}

TEST(Repetition, NullMoveEndsTheWalk) {
  PositionLine<BasicPosition<AddHand>> g(Position::kStartSfen);
  play_usi(g, "2h3h 8b7b 3h2h");
  StateInfo st;
  g.pos.do_null_move(st);  // White passes instead of 7b8b: nothing before it counts
  EXPECT_EQ(by_board_key(g.pos, 20), Repetition::None);
  EXPECT_EQ(by_key_difference(g.pos, 20), Repetition::None);
  g.pos.undo_null_move();
}

// The exactness classifier itself: it must call the four-pawn case inexact, or the bound on
// inexact checks below could be met by a classifier that calls everything exact.
TEST(Repetition, FourPieceSurplusIsClassedInexact) {
  PositionLine<BasicPosition<AddHand>> g(study::kFourPawns);
  play_usi(g, study::kFourPawnsTaken);
  EXPECT_FALSE(study::key_difference_exact(g.pos, 20));
  PositionLine<BasicPosition<AddHand>> two(study::kDropAndTake);
  play_usi(two, study::kSilverGoldTaken);
  EXPECT_TRUE(study::key_difference_exact(two.pos, 20));
}

// Both implementations agree wherever merom686's key difference (shogi686 hands, 2016) is exact, and it is exact almost
// everywhere: a check classed inexact is excused, so their number is bounded (0 of 92,037 on
// these seeded walks when written; a 0.1 % margin lets a change of walk keep its rare ones).
// Every outcome occurs. The counts are printed by tools/repetition_study.
TEST(Repetition, ImplementationsAgreeOnCyclicWalks) {
  const study::CyclicTally t = study::tally_cyclic_walks();
  EXPECT_GT(t.checks, 90'000u);
  EXPECT_EQ(t.disagree_exact, 0u) << t.first_disagreement;
  EXPECT_LE(t.inexact, t.checks / 1000) << "checks excused as inexact";
  for (Repetition r : {Repetition::Draw, Repetition::Win, Repetition::Loss, Repetition::Superior, Repetition::Inferior})
    EXPECT_GT(t.by_outcome[int(r)], 0u) << repetition_name(r) << " never occurred";
  EXPECT_GT(t.by_outcome[int(Repetition::Superior)] + t.by_outcome[int(Repetition::Inferior)], 400u);
}

}  // namespace
}  // namespace sashite
