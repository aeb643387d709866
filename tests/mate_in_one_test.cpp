// The mate-in-one family (movegen_full/mate_in_one/mate_in_one.h): every registered method
// answers the baseline's move (make: make each contact check, generate the evasions) on seeded
// random walks, on the oracle's positions and the mate problem sets (each also mirrored), and
// on a position per rule the bitboard method decides without a make (pins, interposition by
// board move and drop, nifu, drop ranks, double and discovered check, promotion, pawn drops),
// each rule's position with its twin where the rule turns the answer; the baseline itself
// against brute force over every check.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position_line.h"
#include "mate/problem_set.h"
#include "movegen_full/mate_in_one/mate_in_one.h"
#include "movegen_full/random_walk.h"
#include "movegen_full/usi_move.h"
#include "mate_in_one_walks.h"
#include "oracle_positions.h"
#include "tests/flip_sfen.h"

namespace sashite {
namespace {

// The lowest contact (3x3 or knight) check that leaves no evasion, by making every check.
Move brute_force(Position& pos) {
  const Square ksq = pos.king_square(~pos.side_to_move());
  if (ksq == SQ_NONE) return MOVE_NONE;
  Move lowest = MOVE_NONE;
  StateInfo st;
  for (const ExtMove& e : MoveList<GenType::Checks>(pos)) {
    const bool contact = king_attacks(ksq).test(to_sq(e.move)) || type_of(pos.moved_piece(e.move)) == KNIGHT;
    if (!contact || (lowest != MOVE_NONE && e.move > lowest)) continue;
    pos.do_move(e.move, st);
    const bool mated = MoveList<GenType::EvasionsAll>(pos).size() == 0;
    pos.undo_move(e.move);
    if (mated) lowest = e.move;
  }
  return lowest;
}

TEST(MateInOneFamily, MethodsAgreeOnRandomWalks) {
  const testing::MateInOneTally t = testing::mate_in_one_walks(1'500'000, 0x3A7E1);
  EXPECT_EQ(t.positions, 1'500'000);
  EXPECT_GT(t.mates, 15'000);  // the walks must reach mates, or the agreement proves little
}

std::vector<std::string> problem_sfens() {
  std::vector<std::string> v;
  for (const char* file : {"tsume.txt", "tsume_generated.txt", "tsume_hard.txt", "tsume_long.txt",
                           "tsume_very_long.txt", "tsume_classics.txt"}) {
    const auto problems = mate::load_mate_problems(std::string(SASHITE_SOURCE_DIR) + "/tests/data/" + file);
    EXPECT_TRUE(problems) << file;
    for (const mate::MateProblem& p : problems.value_or(std::vector<mate::MateProblem>{})) v.push_back(p.sfen);
  }
  return v;
}

// The mate problems and the positions a check and an evasion lead to from them (where mates in
// one are common), both colours; the oracle's positions. Brute force too: make must be right.
TEST(MateInOneFamily, MethodsAgreeOnProblemSetsAndOracle) {
  testing::MateInOneTally t;
  Rng rng(0x7503E);
  long brute = 0;
  auto both = [&](const std::string& sfen) {
    for (const std::string& s : {sfen, testing::flip_sfen(sfen)}) {
      PositionLine g(s);
      testing::mate_in_one_agree(g.pos, t);
      if (!g.pos.in_check()) {
        StateInfo st;
        EXPECT_EQ(MakeMateInOne::find(g.pos, st), brute_force(g.pos)) << s;
        ++brute;
      }
    }
  };
  for (const std::string& sfen : problem_sfens()) {
    both(sfen);
    for (int w = 0; w < 16; ++w) {
      PositionLine g(sfen);
      for (int pair = 0; pair < 6 && !g.pos.in_check() && play_check_and_evasion(g, rng); ++pair) both(g.pos.sfen());
    }
  }
  const long from_problems = t.mates;
  for (const std::string& sfen : testing::oracle_positions()) both(sfen);
  std::printf("%ld positions, %ld with a mate (%ld from the problems), %ld against brute force\n", t.positions, t.mates,
              from_problems, brute);
  EXPECT_GT(from_problems, 200);
  EXPECT_GT(t.positions, 2'000);
  EXPECT_GT(brute, 1'000);
}

// One rule each: the position, the move every method must answer ("none": no mate), and why.
struct Case {
  std::string_view sfen, answer, rule;
};
constexpr Case kCases[] = {
    // White king 9e: N9h-8f opens the lance on 9i, a distant check through 9f-9h; the dragon
    // on 8a covers 8d and 8e, the knight 9d, the gold on 7g defends 8f.
    {"1+R7/9/9/9/k8/9/2G6/N8/L7K b - 1", "9h8f", "discovered distant check, nothing to interpose"},
    {"1+R7/9/9/9/k8/9/2G6/N8/L7K w - 1", "none", "White to move has no check"},
    {"1+R7/9/9/9/k8/9/2G6/N8/L7K b p 1", "none", "a pawn drop interposes"},
    {"1+R7/9/p8/9/k8/9/2G6/N8/L7K b p 1", "9h8f", "nifu: no pawn drop on file 9"},
    {"1+R7/9/9/9/k8/9/2G6/N8/L7K b l 1", "none", "a lance drop interposes"},
    {"1+R7/9/9/9/k8/9/2G6/N8/L7K b n 1", "none", "a knight drop interposes on 9f or 9g"},
    {"1+R7/9/9/9/k8/9/2G6/N8/L7K b s 1", "none", "a silver drop interposes"},
    {"1+R7/9/9/9/k8/1g7/2G6/N8/L7K b - 1", "9h8f", "the knight takes a gold on 8f"},
    {"9/9/9/9/ks7/2N6/2G6/N8/L7K b - 1", "none", "the silver on 8e steps between on 9f"},
    {"9/9/9/9/ks4R2/2N6/2G6/N8/L7K b - 1", "9h8f", "the silver on 8e is pinned by the rook on 3e"},
    // White king 9g: N9h-8f opens the lance on 9i, the only gap square 9h; the rook on 8i
    // covers 8g and 8h and defends 8f.
    {"8K/9/9/9/9/9/k8/N8/LR7 b n 1", "9h8f", "a knight may not be dropped on rank h"},
    {"8K/9/9/9/9/9/k8/N8/LR7 b l 1", "none", "a lance may be dropped on rank h"},
    {"8K/9/9/9/9/9/k8/N8/LR7 b p 1", "none", "a pawn may be dropped on rank h"},
    {"8K/9/p8/9/9/9/k8/N8/LR7 b p 1", "9h8f", "nifu: no pawn drop on file 9"},
    {"8K/9/9/9/9/9/k8/N8/LR7 b r 1", "none", "a rook drop interposes"},
    // White king 9f: S9h-8g checks and opens the lance on 9i: in double check only the king may
    // move, so the gold on 7f cannot take the silver. Without the lance it can.
    {"1+R7/9/9/9/9/k1g6/9/S8/L7K b - 1", "9h8g", "double check: the king must move"},
    {"1+R7/9/9/9/9/k1g6/9/S8/8K b - 1", "none", "single check: the gold takes the silver"},
    // Promotion: the silver covers 9b only promoted (the pawn on 8c defends 8b); the pawn's
    // own promotion mates too, but its move is the higher.
    {"k8/9/1PS6/9/9/9/9/9/8K b - 1", "7c8b+", "only the promoted silver covers 9b"},
    {"k8/9/1P7/9/9/9/9/9/8K b S 1", "none", "a silver drop on 8b leaves 9b"},
    {"k8/9/1P7/9/9/9/9/9/8K b G 1", "G*8b", "a gold drop on 8b covers 9b"},
    // Pawn drops: P*5b would mate, which the rules forbid; no method answers it.
    {"3nkn3/9/4G4/9/9/9/9/9/4K4 b P 1", "none", "a pawn-drop mate is no candidate"},
    {"4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1", "G*5b", "the gold drop on the pawn's square mates"},
};

TEST(MateInOneFamily, EachRuleDecidesTheAnswer) {
  for (const Case& c : kCases) {
    PositionLine g(c.sfen);
    std::string error;
    const Move want = c.answer == "none" ? MOVE_NONE : parse_usi_move(g.pos, c.answer, &error);
    ASSERT_TRUE(c.answer == "none" || want != MOVE_NONE) << error << " (" << c.rule << ")";
    EXPECT_EQ(brute_force(g.pos), want) << c.sfen << ": " << c.rule;
    StateInfo st;
    for_each_type<RegisteredMateInOneMethods>([&]<class M>() {
      EXPECT_EQ(to_usi(M::find(g.pos, st)), to_usi(want)) << M::name << " " << c.sfen << ": " << c.rule;
    });
  }
}

// mate1_detail::mates() on every check, distant ones included (the mate solver's leaf test,
// mate/unbounded_df_pn.cpp): true exactly when the check leaves no evasion. Check-seeking walks
// and the problem sets, where distant checks with interpositions by move and drop are common.
TEST(MateInOneFamily, MatesDecidesEveryCheck) {
  long checks = 0, mated = 0, distant = 0;
  auto every_check = [&](Position& pos) {
    if (pos.in_check()) return;
    const Square ksq = pos.king_square(~pos.side_to_move());
    StateInfo st;
    for (const ExtMove& e : MoveList<GenType::ChecksAll>(pos)) {
      pos.do_move(e.move, st);
      const bool want = MoveList<GenType::EvasionsAll>(pos).size() == 0;
      pos.undo_move(e.move);
      const bool got = mate1_detail::mates(pos, e.move);
      ++checks;
      mated += want;
      distant += want && !king_attacks(ksq).test(to_sq(e.move));
      if (got != want) {
        ADD_FAILURE() << to_usi(e.move) << (want ? " mates" : " does not mate") << " in " << pos.sfen();
        return;
      }
    }
  };
  Rng rng(0x5EC3);
  const std::vector<std::string> starts = testing::walk_starts();
  for (size_t w = 0; checks < 2'000'000 && !HasFailure(); ++w) {
    PositionLine g(starts[w % starts.size()]);
    random_walk(g, 120, rng, WalkPolicy::CheckSeeking, every_check);
  }
  for (const std::string& sfen : problem_sfens())
    for (const std::string& s : {sfen, testing::flip_sfen(sfen)}) {
      PositionLine g(s);
      every_check(g.pos);
    }
  std::printf("%ld checks, %ld mates (%ld not next to the king)\n", checks, mated, distant);
  EXPECT_GT(mated, 20'000);
  EXPECT_GT(distant, 500);
}

// The build's choice names a registered method.
TEST(MateInOneFamily, BuildChoiceIsRegistered) {
  EXPECT_LT(kMateInOneIndex, RegisteredMateInOneMethods::size);
  EXPECT_EQ(std::string_view(MateInOne::name), SASHITE_MATE_IN_ONE);
}

}  // namespace
}  // namespace sashite
