// Repetition and superiority detection: each outcome from a real move sequence, for both
// implementations; then both on search-like walks full of cycles, where they must agree
// wherever seed 000's key difference is exact.
#include <gtest/gtest.h>

#include "movegen_full/usi_move.h"
#include "search/repetition.h"
#include "tests/cyclic_walk.h"

namespace sashite {
namespace {

using AddHand = AdditiveKey<Hand64>;

template <class H>
void play_usi(Game<H>& g, std::string_view moves) {
  for (size_t i = 0; i < moves.size();) {
    const size_t j = std::min(moves.find(' ', i), moves.size());
    std::string err;
    const Move m = parse_usi_move(g.pos, moves.substr(i, j - i), &err);
    ASSERT_NE(m, MOVE_NONE) << err;
    g.play(m);
    i = j + 1;
  }
}

// Plays `moves` from `sfen` under the additive key and asks every implementation.
struct Outcome {
  Repetition board_key, board_key_xor, key_diff, single_bit, popcount2;
};
Outcome detect(std::string_view sfen, std::string_view moves, int horizon = 20) {
  Game<AddHand> g(sfen);
  Game<Hand64> x(sfen);
  play_usi(g, moves);
  play_usi(x, moves);
  return {by_board_key(g.pos, horizon), by_board_key(x.pos, horizon), by_key_difference(g.pos, horizon),
          by_key_difference(g.pos, horizon, KeyDiffFilter::SingleBit),
          by_key_difference(g.pos, horizon, KeyDiffFilter::Popcount2)};
}

void expect_all(const Outcome& o, Repetition r) {
  EXPECT_EQ(o.board_key, r) << repetition_name(o.board_key);
  EXPECT_EQ(o.board_key_xor, r) << repetition_name(o.board_key_xor);
  EXPECT_EQ(o.key_diff, r) << repetition_name(o.key_diff);
  EXPECT_EQ(o.popcount2, r) << repetition_name(o.popcount2);
}

constexpr std::string_view kRookChecks = "8k/9/9/9/9/9/9/9/K6R1 b - 1";
constexpr std::string_view kDropAndTake = "4k4/9/9/9/9/9/9/9/4K4 b 2SG 1";

TEST(Repetition, NothingRepeated) { expect_all(detect(Position::kStartSfen, "7g7f 3c3d 2g2f 8c8d 2f2e"), Repetition::None); }

TEST(Repetition, RookShuffleIsADraw) {
  expect_all(detect(Position::kStartSfen, "2h3h 8b7b 3h2h 7b8b"), Repetition::Draw);
  expect_all(detect(Position::kStartSfen, "7g7f 8b7b 2h3h 7b8b 3h2h"), Repetition::Draw);  // White to move
}

TEST(Repetition, HorizonLimitsTheWalk) {
  // An 8-ply cycle: found with horizon 8, not with 4 (the quiescence horizon).
  constexpr std::string_view kCycle8 = "2h3h 8b7b 3h4h 7b6b 4h3h 6b7b 3h2h 7b8b";
  expect_all(detect(Position::kStartSfen, kCycle8, repetition_horizon(false, 2)), Repetition::Draw);
  expect_all(detect(Position::kStartSfen, kCycle8, repetition_horizon(true, 0)), Repetition::None);
  static_assert(repetition_horizon(true, 9) == 4 && repetition_horizon(false, 2) == 8 && repetition_horizon(false, 3) == 20);
}

TEST(Repetition, PerpetualCheckLosesForTheChecker) {
  // Black's rook checks on every move: the repetition loses for Black...
  expect_all(detect(kRookChecks, "2i1i 1a2a 1i2i 2a1a"), Repetition::Loss);     // Black to move
  expect_all(detect(kRookChecks, "2i1i 1a2a 1i2i 2a1a 2i1i"), Repetition::Win);  // White to move
  // ...but not when one of its moves in the cycle was quiet.
  expect_all(detect(kRookChecks, "9i8i 1a1b 8i9i 1b1a"), Repetition::Draw);
}

// Seed 000's two-field case: silver drop, king takes, gold drop, king takes. Black to move has
// lost a silver and a gold; a further silver drop gives White (to move) the same two more.
TEST(Repetition, TwoFieldCaseAndTheSingleBitFilter) {
  const Outcome inferior = detect(kDropAndTake, "S*5b 5a5b G*5a 5b5a");
  expect_all(inferior, Repetition::Inferior);
  EXPECT_EQ(inferior.single_bit, Repetition::None);  // d & (d - 1) rejects two set bits
  const Outcome superior = detect(kDropAndTake, "S*5b 5a5b G*5a 5b5a S*5b");
  expect_all(superior, Repetition::Superior);
  EXPECT_EQ(superior.single_bit, Repetition::None);
}

// The additive key also works on padded32's raw value (guard bits as the borrow stop).
TEST(Repetition, KeyDifferenceOnPadded32) {
  using P32 = AdditiveKey<HandPadded32>;
  auto run = [](std::string_view sfen, std::string_view moves) {
    Game<P32> g(sfen);
    play_usi(g, moves);
    EXPECT_EQ(by_key_difference(g.pos, 20), by_board_key(g.pos, 20));
    return by_key_difference(g.pos, 20);
  };
  EXPECT_EQ(run(kDropAndTake, "S*5b 5a5b G*5a 5b5a"), Repetition::Inferior);
  EXPECT_EQ(run(kDropAndTake, "S*5b 5a5b G*5a 5b5a S*5b"), Repetition::Superior);
  EXPECT_EQ(run(Position::kStartSfen, "2h3h 8b7b 3h2h 7b8b"), Repetition::Draw);
  EXPECT_EQ(run(kRookChecks, "2i1i 1a2a 1i2i 2a1a"), Repetition::Loss);
}

TEST(Repetition, OneFieldCaseAllFiltersAgree) {
  // Two golds dropped and taken: the difference is 2 golds, one bit (0b10) in one field.
  const Outcome o = detect("4k4/9/9/9/9/9/9/9/4K4 b 2G 1", "G*5b 5a5b G*5a 5b5a");
  expect_all(o, Repetition::Inferior);
  EXPECT_EQ(o.single_bit, Repetition::Inferior);
}

// Where the seed's mask is not exact: a field that changed by 4 or more has a bit above the
// mask's two. Four pawns dropped and taken, the king walking back: board-key comparison finds
// the inferior hand 16 plies back, the key difference does not.
TEST(Repetition, KeyDifferenceMissesAFourPieceSurplus) {
  const Outcome o = detect("4k4/9/9/9/9/9/9/9/4K4 b 4P 1",
                           "P*5b 5a5b P*5c 5b5c P*5d 5c5d P*5e 5d5e 5i4i 5e5d 4i5i 5d5c 5i4i 5c5b 4i5i 5b5a");
  EXPECT_EQ(o.board_key, Repetition::Inferior);
  EXPECT_EQ(o.board_key_xor, Repetition::Inferior);
  EXPECT_EQ(o.key_diff, Repetition::None);
}

TEST(Repetition, NullMoveEndsTheWalk) {
  Game<AddHand> g(Position::kStartSfen);
  play_usi(g, "2h3h 8b7b 3h2h");
  StateInfo st;
  g.pos.do_null_move(st);  // White passes instead of 7b8b: nothing before it counts
  EXPECT_EQ(by_board_key(g.pos, 20), Repetition::None);
  EXPECT_EQ(by_key_difference(g.pos, 20), Repetition::None);
  g.pos.undo_null_move();
}

// Is seed 000's key difference exact here: every same-board ancestor the walk can reach has
// every count within 3 of now (no field difference overflows the 2-bit mask)?
bool key_difference_exact(const BasicPosition<AddHand>& pos, int horizon) {
  const StateInfo* now = pos.state();
  const StateInfo* st = now;
  for (int i = 2; i <= std::min(horizon, now->plies_from_null); i += 2) {
    st = st->previous->previous;
    if (i < 4 || st->board_key != now->board_key) continue;
    const Hand64 a = Hand64::from_raw(now->stm_hand), b = Hand64::from_raw(st->stm_hand);
    for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
      if (std::abs(a.count(pr) - b.count(pr)) > 3) return false;
  }
  return true;
}

TEST(Repetition, ImplementationsAgreeOnCyclicWalks) {
  Rng rng(2016);
  size_t by_outcome[6] = {}, inexact = 0, disagree_inexact = 0, single_bit_misses = 0, popcount_misses = 0;
  for (std::string_view start : {Position::kStartSfen, std::string_view("9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1"),
                                 std::string_view("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"),
                                 kRookChecks, std::string_view("4k4/9/9/9/9/9/9/9/4K4 b 2G9P 1")}) {
    for (int walk = 0; walk < 40; ++walk) {
      Game<AddHand> g(start);
      for (int ply = 0; ply < 200; ++ply) {
        const Move m = testing::cyclic_choice(g, rng);
        if (m == MOVE_NONE) break;
        g.play(m);
        for (int horizon : {4, 8, 20}) {
          const Repetition a = by_board_key(g.pos, horizon), b = by_key_difference(g.pos, horizon);
          ++by_outcome[int(a)];
          if (!key_difference_exact(g.pos, horizon)) {
            ++inexact;
            disagree_inexact += a != b;
          } else {
            ASSERT_EQ(a, b) << g.pos.sfen() << " horizon " << horizon;
          }
          single_bit_misses += b != by_key_difference(g.pos, horizon, KeyDiffFilter::SingleBit);
          popcount_misses += b != by_key_difference(g.pos, horizon, KeyDiffFilter::Popcount2);
        }
      }
    }
  }
  for (Repetition r : {Repetition::Draw, Repetition::Win, Repetition::Loss, Repetition::Superior, Repetition::Inferior})
    EXPECT_GT(by_outcome[int(r)], 0u) << repetition_name(r) << " never occurred";
  std::printf("[ info ] checks by outcome: none %zu draw %zu win %zu loss %zu superior %zu inferior %zu\n", by_outcome[0],
              by_outcome[1], by_outcome[2], by_outcome[3], by_outcome[4], by_outcome[5]);
  std::printf("[ info ] key difference inexact at %zu checks, disagreeing at %zu; single-bit filter differs at %zu, "
              "popcount<=2 at %zu\n", inexact, disagree_inexact, single_bit_misses, popcount_misses);
}

}  // namespace
}  // namespace sashite
