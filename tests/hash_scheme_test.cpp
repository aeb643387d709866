// Both hashing schemes, on every registered hand type: the incremental keys of do_move equal
// keys computed from scratch along long random walks (null moves included) and key_after's
// prediction, and the additive key has the structure merom686, shogi686 hands (2016) relies on.
#include <gtest/gtest.h>

#include "tests/hand_domain.h"

#include "movegen_full/random_walk.h"

namespace sashite {
namespace {

template <class H>
class HashSchemeTest : public ::testing::Test {};
TYPED_TEST_SUITE(HashSchemeTest, testing::GTestHandTypes);

TYPED_TEST(HashSchemeTest, IncrementalKeysEqualFromScratchOnRandomWalks) {
  using H = TypeParam;
  Rng rng(404);
  for (std::string_view start :
       {Position::kStartSfen, std::string_view("9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1")}) {
    for (int walk = 0; walk < 6; ++walk) {
      PositionLine<BasicPosition<H>> g(start);
      std::deque<StateInfo> null_states;
      for (int ply = 0; ply < 300; ++ply) {
        MoveList<GenType::LegalAll, H> list(g.pos);
        if (!list.size()) break;
        const Move m = list.begin()[rng.below(list.size())];
        const Key predicted = g.pos.key_after(m);
        g.play(m);
        ASSERT_EQ(predicted, g.pos.key()) << "key_after " << to_usi(m);
        ASSERT_EQ(g.pos.consistency_error(), "") << g.pos.sfen();
        BasicPosition<H> fresh;
        StateInfo st;
        ASSERT_FALSE(fresh.set(g.pos.sfen(), &st));
        ASSERT_EQ(fresh.key(), g.pos.key()) << g.pos.sfen();
        if (!g.pos.in_check() && rng.below(16) == 0) {  // a null move and back
          const Key before = g.pos.key();
          null_states.emplace_back();
          g.pos.do_null_move(null_states.back());
          ASSERT_EQ(g.pos.consistency_error(), "");
          g.pos.undo_null_move();
          ASSERT_EQ(g.pos.key(), before);
        }
      }
      while (!g.moves.empty()) g.undo();
      ASSERT_EQ(g.pos.consistency_error(), "");
    }
  }
}

// merom686, shogi686 hands (2016): key = board key (no side random) + the side to move's raw hand, White marked by
// the spare bit; the board key alone does not see the side to move.
TEST(AdditiveKey, KeyIsBoardPlusSideToMovesHand) {
  BasicPosition<AdditiveKey<Hand64>> pos;
  StateInfo st;
  ASSERT_FALSE(pos.set("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", &st));
  EXPECT_EQ(pos.key() - pos.board_key(), pos.hand(WHITE).raw() + Hand64::kSpareBit);
  EXPECT_EQ(pos.hand(WHITE).raw(), 0x0100000101000500u);  // g s n 5p: gold byte 7, pawns byte 1

  BasicPosition<AdditiveKey<Hand64>> black;
  StateInfo st2;
  ASSERT_FALSE(black.set("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL b RGgsn5p 1", &st2));
  EXPECT_EQ(black.board_key(), pos.board_key());
  EXPECT_EQ(black.key() - black.board_key(), black.hand(BLACK).raw());
}

// The xor scheme's board key carries the side to move.
TEST(XorKey, BoardKeySeesTheSideToMove) {
  Position b, w;
  StateInfo s1, s2;
  ASSERT_FALSE(b.set("4k4/9/9/9/9/9/9/9/4K4 b - 1", &s1));
  ASSERT_FALSE(w.set("4k4/9/9/9/9/9/9/9/4K4 w - 1", &s2));
  EXPECT_EQ(b.board_key() ^ w.board_key(), zobrist::side);
}

}  // namespace
}  // namespace sashite
