// Every registered generator (movegen/generators.h) against the first, under every hand layout:
// the engine build's position, driven through the SearchPosition concept alone in lockstep
// along the same walks, answers every member the same way, and perft's position counts the
// published perft values. A new generator's registry line brings it here.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "movegen/generators.h"
#include "movegen_full/perft.h"
#include "movegen_full/random_walk.h"
#include "movegen_full/reference.h"

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

// Lockstep walks of generator G's and the baseline's engine position under layout H; returns
// the nodes compared.
template <class G, HandLayout H>
long compare_with_baseline(Rng& rng, int walks, int plies) {
  using Base = typename BaselineGenerator::template Position<H>;
  using Pos = typename G::template Position<H>;
  long nodes = 0;
  for (const ReferencePosition& ref : kReferencePositions) {
    for (int walk = 0; walk < walks; ++walk) {
      PositionLine<Base> base_game(ref.sfen);
      PositionLine<Pos> game(ref.sfen);
      Move last = MOVE_NONE;
      for (int ply = 0; ply < plies; ++ply, ++nodes) {
        const Answers a = answers(base_game.pos, last), b = answers(game.pos, last);
        EXPECT_TRUE(a == b) << G::name << " and " << BaselineGenerator::name << " disagree under "
                            << layout_and_scheme_name<H>() << " at " << base_game.pos.board().sfen();
        if (!(a == b)) return nodes;
        const std::vector<Move>& legal = a.lists[3];
        if (legal.empty()) break;
        const std::vector<Move>& pool = !a.lists[4].empty() && rng.below(2) ? a.lists[4] : legal;
        last = pool[rng.below(pool.size())];
        base_game.play(last);
        game.play(last);
      }
    }
  }
  return nodes;
}

TEST(Generators, EveryGeneratorAnswersAsTheBaselineThroughTheConcept) {
  for_each_generator([]<class G>() {
    if constexpr (!std::is_same_v<G, BaselineGenerator>) {
      Rng rng(0x5EA4C4);
      // The default layout walks longest; every other layout once more along shorter walks.
      long nodes = compare_with_baseline<G, DefaultHand>(rng, 3, 80);
      EXPECT_GE(nodes, 1000) << G::name;
      for_each_hand_layout([&]<class H>() {
        if constexpr (!std::is_same_v<H, DefaultHand>) nodes += compare_with_baseline<G, H>(rng, 1, 24);
      });
      std::printf("[ concept  ] %s: %ld nodes compared with %s\n", G::name, nodes, BaselineGenerator::name);
    }
  });
}

TEST(Generators, EveryGeneratorCountsThePublishedPerftUnderEveryLayout) {
  long checked = 0;
  for_each_generator([&]<class G>() {
    for_each_hand_layout([&]<class H>() {
      for (const ReferencePosition& ref : kReferencePositions) {
        PositionLine<typename G::template PerftPosition<H>> game(ref.sfen);
        for (int depth = 1; depth <= 3 && ref.perft[depth] && ref.perft[depth] <= 300'000; ++depth, ++checked)
          EXPECT_EQ(perft(game.pos, depth), ref.perft[depth])
              << G::name << " " << layout_and_scheme_name<H>() << " " << ref.name << " depth " << depth;
      }
    });
  });
  EXPECT_GE(checked, long(RegisteredGenerators::size * RegisteredHands::size * 10));
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
