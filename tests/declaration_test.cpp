// Entering-king declaration: hand-built positions on each side of every condition, for Black
// (28 points) and, through the colour flip, White (27).
#include <gtest/gtest.h>

#include "tests/flip_sfen.h"
#include "tests/hand_domain.h"

#include "rules/declaration.h"

namespace sashite {
namespace {

// Black's king on 5a with rook, bishop and eight pawns in the camp: 10 pieces, 18 points; the
// hand adds the rest. White has only its king.
constexpr const char* kBlack28 = "4K4/1R5B1/PPPPPPPP1/9/9/9/9/9/4k4 b R5P 1";
constexpr const char* kBlack27 = "4K4/1R5B1/PPPPPPPP1/9/9/9/9/9/4k4 b R4P 1";
constexpr const char* kBlack26 = "4K4/1R5B1/PPPPPPPP1/9/9/9/9/9/4k4 b R3P 1";
// 28 points but 9 pieces in the camp: one pawn moved to the hand.
constexpr const char* kNinePieces = "4K4/1R5B1/PPPPPPP2/9/9/9/9/9/4k4 b R6P 1";
// The king on the camp's edge rank (1c) counts; one rank lower (5d) it does not.
constexpr const char* kKingOnThirdRank = "9/1R5B1/PPPPPPPPK/9/9/9/9/9/4k4 b R5P 1";
constexpr const char* kKingOutside = "9/1R5B1/PPPPPPPP1/4K4/9/9/9/9/4k4 b R5P 1";
// A White gold beside the king gives check; on 1a it does not.
constexpr const char* kInCheck = "4Kg3/1R5B1/PPPPPPPP1/9/9/9/9/9/4k4 b R5P 1";
constexpr const char* kGoldAway = "4K3g/1R5B1/PPPPPPPP1/9/9/9/9/9/4k4 b R5P 1";

template <HandLayout H>
struct Setup {
  BasicPosition<H> pos;
  StateInfo st;
  explicit Setup(std::string_view sfen) {
    if (auto err = pos.set(sfen, &st)) ADD_FAILURE() << *err << " in " << sfen;
  }
};

template <HandLayout H>
bool wins(std::string_view sfen) {
  Setup<H> s(sfen);
  return declaration_wins(s.pos);
}

template <HandLayout H>
int points(std::string_view sfen) {
  Setup<H> s(sfen);
  return declaration_points(s.pos, s.pos.side_to_move());
}

template <class H>
class DeclarLayouts : public ::testing::Test {};
TYPED_TEST_SUITE(DeclarLayouts, testing::GTestHandTypes);

TYPED_TEST(DeclarLayouts, BlackNeeds28) {
  using H = TypeParam;
  EXPECT_EQ(points<H>(kBlack28), 28);
  EXPECT_EQ(points<H>(kBlack27), 27);
  EXPECT_TRUE(wins<H>(kBlack28));
  EXPECT_FALSE(wins<H>(kBlack27));
}

TYPED_TEST(DeclarLayouts, WhiteNeeds27) {
  using H = TypeParam;
  const std::string white27 = testing::flip_sfen(kBlack27), white26 = testing::flip_sfen(kBlack26);
  EXPECT_EQ(points<H>(white27), 27);
  EXPECT_EQ(points<H>(white26), 26);
  EXPECT_TRUE(wins<H>(white27));
  EXPECT_FALSE(wins<H>(white26));
  EXPECT_TRUE(wins<H>(testing::flip_sfen(kBlack28)));
}

TYPED_TEST(DeclarLayouts, NeedsTenPiecesInTheCamp) {
  using H = TypeParam;
  EXPECT_EQ(points<H>(kNinePieces), 28);
  EXPECT_FALSE(wins<H>(kNinePieces));
  EXPECT_FALSE(wins<H>(testing::flip_sfen(kNinePieces)));
}

TYPED_TEST(DeclarLayouts, NeedsTheKingInTheCamp) {
  using H = TypeParam;
  EXPECT_TRUE(wins<H>(kKingOnThirdRank));
  EXPECT_TRUE(wins<H>(testing::flip_sfen(kKingOnThirdRank)));
  EXPECT_EQ(points<H>(kKingOutside), 28);
  EXPECT_FALSE(wins<H>(kKingOutside));
  EXPECT_FALSE(wins<H>(testing::flip_sfen(kKingOutside)));
  EXPECT_FALSE(wins<H>("4k4/1R5B1/PPPPPPPP1/9/9/9/9/9/9 b R5P 1"));  // no Black king at all
}

TYPED_TEST(DeclarLayouts, FailsInCheck) {
  using H = TypeParam;
  EXPECT_TRUE(wins<H>(kGoldAway));
  EXPECT_FALSE(wins<H>(kInCheck));
  EXPECT_TRUE(wins<H>(testing::flip_sfen(kGoldAway)));
  EXPECT_FALSE(wins<H>(testing::flip_sfen(kInCheck)));
}

TYPED_TEST(DeclarLayouts, OnlyTheSideToMoveDeclares) {
  using H = TypeParam;
  // Black's winning position with White to move: White has nothing in the camp.
  EXPECT_FALSE(wins<H>("4K4/1R5B1/PPPPPPPP1/9/9/9/9/9/4k4 w R5P 1"));
}

TEST(DeclarRule, PromotedBigPiecesCountFive) {
  // Dragon and horse in place of rook and bishop: the same 28.
  EXPECT_TRUE(wins<DefaultHand>("4K4/1+R5+B1/PPPPPPPP1/9/9/9/9/9/4k4 b R5P 1"));
  // A tokin in place of the rook counts 1: 24.
  EXPECT_EQ(points<DefaultHand>("4K4/1+P5B1/PPPPPPPP1/9/9/9/9/9/4k4 b R5P 1"), 24);
}

}  // namespace
}  // namespace sashite
