// do_move/undo_move over long random walks with interleaved undo runs: the incremental state
// (bitboards, king squares, keys, checkers, blockers) always equals a recomputation, undo
// restores everything exactly, gives_check predicts in_check after the move and
// board_key_after its board key.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "movegen_full/random_walk.h"
#include "movegen_full/reference.h"

namespace sashite {
namespace {

// Everything undo_move must give back.
struct Snapshot {
  std::string sfen;  // board, hands, side to move, move number
  Key key, board_key, hand_key;
  Bitboard checkers, blockers;
  const StateInfo* state;

  explicit Snapshot(const Position& pos)
      : sfen(pos.sfen()),
        key(pos.key()),
        board_key(pos.board_key()),
        hand_key(pos.hand_key()),
        checkers(pos.checkers()),
        blockers(pos.state()->blockers),
        state(pos.state()) {}
};

::testing::AssertionResult restored(const Position& pos, const Snapshot& s) {
  if (pos.sfen() != s.sfen) return ::testing::AssertionFailure() << "sfen " << pos.sfen() << " != " << s.sfen;
  if (pos.key() != s.key || pos.board_key() != s.board_key || pos.hand_key() != s.hand_key)
    return ::testing::AssertionFailure() << "keys differ at " << s.sfen;
  if (pos.state() != s.state) return ::testing::AssertionFailure() << "state pointer not restored at " << s.sfen;
  if (!(pos.checkers() == s.checkers) || !(pos.state()->blockers == s.blockers))
    return ::testing::AssertionFailure() << "check info differs at " << s.sfen;
  if (const std::string e = pos.consistency_error(); !e.empty())
    return ::testing::AssertionFailure() << e << " at " << s.sfen;
  return ::testing::AssertionSuccess();
}

::testing::AssertionResult keys_recomputed(const Position& pos) {
  if (pos.board_key() != pos.compute_board_key()) return ::testing::AssertionFailure() << "board key at " << pos.sfen();
  if (pos.hand_key() != pos.compute_hand_key()) return ::testing::AssertionFailure() << "hand key at " << pos.sfen();
  if (pos.key() != (pos.compute_board_key() ^ pos.compute_hand_key()))
    return ::testing::AssertionFailure() << "key at " << pos.sfen();
  return ::testing::AssertionSuccess();
}

struct WalkStats {
  int plies = 0, undos = 0, nodes_checked = 0, moves_checked = 0, checks_given = 0, mates = 0;
};

// One random walk of `plies` forward moves. At every node, each legal move is made and unmade
// once (gives_check against in_check, keys against the node's); then one is played for real.
// Now and then a run of plies is undone, each step compared with the snapshot taken before it.
void walk(std::string_view start, int plies, Rng& rng, WalkStats& stats) {
  constexpr size_t kMaxDepth = 300;
  PositionLine g(start);
  std::vector<Snapshot> snapshots;
  auto undo = [&](size_t n) {
    for (; n && !g.moves.empty(); --n) {
      g.undo();
      ASSERT_TRUE(restored(g.pos, snapshots.back()));
      snapshots.pop_back();
      ++stats.undos;
    }
  };

  while (stats.plies < plies) {
    const MoveList<GenType::LegalAll> list(g.pos);
    const Key key = g.pos.key();
    StateInfo st;
    for (const ExtMove& m : list) {
      const bool predicted = g.pos.gives_check(m);
      const Key board_after = g.pos.board_key_after(m);
      g.pos.do_move(m, st);
      ASSERT_EQ(predicted, g.pos.in_check()) << to_usi(m.move) << " in " << g.pos.sfen();
      ASSERT_EQ(board_after, g.pos.board_key()) << "board_key_after " << to_usi(m.move);
      stats.checks_given += predicted;
      g.pos.undo_move(m);
      ASSERT_EQ(g.pos.key(), key) << to_usi(m.move);
    }
    stats.moves_checked += int(list.size());
    ++stats.nodes_checked;

    if (!list.size()) {
      ++stats.mates;
      if (g.moves.empty()) return;  // the start itself is mate
    }
    if (!list.size() || g.moves.size() >= kMaxDepth || rng.below(10) == 0) {
      // Mate, too deep, or just now and then: take back a random number of plies.
      undo(g.moves.size() >= kMaxDepth ? g.moves.size() : 1 + rng.below(12));
      if (::testing::Test::HasFatalFailure()) return;
      continue;
    }
    snapshots.emplace_back(g.pos);
    const Move m = list.begin()[rng.below(list.size())];
    g.play(m);
    ++stats.plies;
    ASSERT_EQ(g.pos.consistency_error(), "") << "after " << to_usi(m) << ": " << g.pos.sfen();
    ASSERT_TRUE(keys_recomputed(g.pos)) << "after " << to_usi(m);
  }
  undo(g.moves.size());
}

TEST(DoUndo, RandomWalksKeepStateExact) {
  constexpr int kPliesPerStart = 16'000;  // 7 starts: ~110k plies in the default run
  WalkStats total;
  Rng rng(0xD0D0);
  for (const ReferencePosition& ref : kReferencePositions) {
    WalkStats stats;
    walk(ref.sfen, kPliesPerStart, rng, stats);
    ASSERT_FALSE(HasFatalFailure()) << ref.name;
    EXPECT_EQ(stats.plies, kPliesPerStart) << ref.name;
    EXPECT_GT(stats.undos, kPliesPerStart / 20) << ref.name;
    total.plies += stats.plies, total.undos += stats.undos, total.nodes_checked += stats.nodes_checked;
    total.moves_checked += stats.moves_checked, total.checks_given += stats.checks_given, total.mates += stats.mates;
  }
  EXPECT_GT(total.checks_given, 10'000);  // gives_check was exercised on the true side too
  std::printf("[ walks    ] %d plies, %d undos, %d nodes, %d moves checked (%d checks), %d mates met\n", total.plies,
              total.undos, total.nodes_checked, total.moves_checked, total.checks_given, total.mates);
}

TEST(DoUndo, CaptureAndPromotionMoveTheRightPiecesToHand) {
  PositionLine g("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
  const Snapshot before(g.pos);
  const Move bxb = make_move_promote(square_from_usi("8h"), square_from_usi("2b"));
  ASSERT_TRUE(MoveList<GenType::LegalAll>(g.pos).contains(bxb));
  g.play(bxb);
  EXPECT_EQ(g.pos.sfen(), "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4");
  EXPECT_EQ(g.pos.hand(BLACK).count(BISHOP), 1);
  EXPECT_EQ(g.pos.consistency_error(), "");
  // White retakes the horse: an unpromoted bishop goes to White's hand.
  const Move sxb = make_move(square_from_usi("3a"), square_from_usi("2b"));
  ASSERT_TRUE(MoveList<GenType::LegalAll>(g.pos).contains(sxb));
  g.play(sxb);
  EXPECT_EQ(g.pos.sfen(), "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5");
  const Move drop = make_move_drop(BISHOP, square_from_usi("5e"));
  g.play(drop);
  EXPECT_EQ(g.pos.hand(BLACK).count(BISHOP), 0);
  EXPECT_EQ(g.pos.consistency_error(), "");
  g.undo();
  g.undo();
  g.undo();
  EXPECT_TRUE(restored(g.pos, before));
}

TEST(DoUndo, NullMoveFlipsOnlyTheSide) {
  PositionLine g(kReferencePositions[4].sfen);
  ASSERT_FALSE(g.pos.in_check());
  const Snapshot before(g.pos);
  StateInfo st;
  g.pos.do_null_move(st);
  EXPECT_EQ(g.pos.side_to_move(), WHITE);
  EXPECT_EQ(g.pos.board_key(), before.board_key ^ zobrist::side);
  EXPECT_EQ(g.pos.hand_key(), before.hand_key);
  EXPECT_EQ(g.pos.consistency_error(), "");
  g.pos.undo_null_move();
  EXPECT_TRUE(restored(g.pos, before));
}

}  // namespace
}  // namespace sashite
