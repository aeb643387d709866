// The SearchPosition concept (search/search_position.h) used generically: the full and the
// differential position, driven through the concept alone in lockstep along the same walks,
// answer every member the same way.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "movegen_diff/diff_position.h"
#include "movegen_full/random_walk.h"
#include "movegen/generator.h"

namespace sashite {
namespace {

// What one position answers at a node, through the concept only.
struct Answers {
  Key key;
  Color side;
  bool in_check;
  std::string board;
  std::vector<Move> lists[7];
  std::vector<Move> recaptures;
  std::vector<int> verdicts;  // pseudo_legal, legal, gives_check, see_ge(0) for each Legal move

  bool operator==(const Answers&) const = default;
};

template <GenType T, class P>
std::vector<Move> list_of(P& pos) {
  ExtMove buf[MAX_MOVES];
  std::vector<Move> v(buf, generate<T>(pos, buf));
  std::sort(v.begin(), v.end());
  return v;
}

template <SearchPosition P>
Answers answers(P& pos, Move last) {
  Answers a{pos.key(), pos.side_to_move(), pos.in_check(), pos.board().sfen(), {}, {}, {}};
  a.lists[0] = list_of<GenType::Captures>(pos);
  a.lists[1] = list_of<GenType::Quiets>(pos);
  a.lists[2] = list_of<GenType::Evasions>(pos);
  a.lists[3] = list_of<GenType::Legal>(pos);
  a.lists[4] = list_of<GenType::Checks>(pos);
  a.lists[5] = list_of<GenType::QuietChecks>(pos);
  a.lists[6] = list_of<GenType::Drops>(pos);
  if (last != MOVE_NONE) {
    ExtMove buf[MAX_MOVES];
    a.recaptures.assign(buf, generate_recaptures(std::as_const(pos), to_sq(last), buf));
    std::sort(a.recaptures.begin(), a.recaptures.end());
  }
  for (Move m : a.lists[3])
    a.verdicts.push_back(pos.pseudo_legal(m) | pos.legal(m) << 1 | pos.gives_check(m) << 2 | pos.see_ge(m, 0) << 3);
  // A garbage value and a non-move are turned down the same way.
  a.verdicts.push_back(pos.pseudo_legal(MOVE_NULL) | pos.pseudo_legal(Move(0x7fff)) << 1);
  return a;
}

TEST(SearchPosition, FullAndDifferentialAnswerAlikeThroughTheConcept) {
  using Diff = DiffPosition<DefaultHand, GenType::Legal>;
  Rng rng(0x5EA4C4);
  long nodes = 0, checks = 0;
  for (const ReferencePosition& ref : kReferencePositions) {
    for (int walk = 0; walk < 3; ++walk) {
      Game<Position> full_game(ref.sfen);
      Game<Diff> diff_game(ref.sfen);
      Position& full = full_game.pos;
      Diff& diff = diff_game.pos;
      Move last = MOVE_NONE;
      for (int ply = 0; ply < 80; ++ply, ++nodes) {
        const Answers a = answers(full, last), b = answers(diff, last);
        ASSERT_TRUE(a == b) << "full and differential disagree at " << full.sfen();
        const std::vector<Move>& legal = a.lists[3];
        if (legal.empty()) break;
        checks += long(a.lists[4].size());
        const std::vector<Move>& pool = !a.lists[4].empty() && rng.below(2) ? a.lists[4] : legal;
        last = pool[rng.below(pool.size())];
        full_game.play(last);
        diff_game.play(last);
      }
    }
  }
  std::printf("[ concept  ] %ld nodes, %ld checks compared\n", nodes, checks);
  EXPECT_GE(nodes, 1000);
}

TEST(SearchPosition, DoAndUndoRestoreTheKey) {
  Position pos;
  StateInfo st0, st1;
  ASSERT_FALSE(pos.set(Position::kStartSfen, &st0));
  const Key k = pos.key();
  const Move m = make_move(square_from_usi("7g"), square_from_usi("7f"));
  ASSERT_TRUE(pos.pseudo_legal(m) && pos.legal(m));
  pos.do_move(m, st1);
  EXPECT_NE(pos.key(), k);
  pos.undo_move(m);
  EXPECT_EQ(pos.key(), k);
}

}  // namespace
}  // namespace sashite
