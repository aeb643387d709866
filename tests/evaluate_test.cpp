// evaluate(): zero at the start, colour-symmetric and layout-independent on walks (the effect
// counts themselves rotate with the board), and each term pointing the right way (material, the
// hand pawn table, attacks near a king, defended and hanging pieces).
#include <gtest/gtest.h>

#include <cstdlib>

#include "tests/flip_sfen.h"
#include "tests/hand_domain.h"

#include "movegen_full/random_walk.h"
#include "search/evaluate.h"
#include "search/piece_square_learned.h"
#include "search/piece_table_fitted.h"

namespace sashite {
namespace {

template <HandLayout H>
Value eval_sfen(std::string_view sfen) {
  BasicPosition<H> pos;
  StateInfo st;
  if (auto err = pos.set(sfen, &st)) ADD_FAILURE() << *err << " in " << sfen;
  return evaluate(pos);
}

template <HandLayout H = DefaultHand>
int material_sfen(std::string_view sfen) {
  BasicPosition<H> pos;
  StateInfo st;
  if (auto err = pos.set(sfen, &st)) ADD_FAILURE() << *err << " in " << sfen;
  return material(pos);
}

// The effect counts and the effect terms (Black's view) of a position.
struct Effects {
  EffectBoard board;
  int score;
};
Effects effects_sfen(std::string_view sfen) {
  Position pos;
  StateInfo st;
  if (auto err = pos.set(sfen, &st)) ADD_FAILURE() << *err << " in " << sfen;
  Effects e;
  compute_effects(pos, e.board);
  e.score = effect_score(pos, e.board);
  return e;
}

// The portable path's effect terms (effects_sfen's score is the vector path's, where built).
int scalar_score(std::string_view sfen) {
  Position pos;
  StateInfo st;
  if (auto err = pos.set(sfen, &st)) ADD_FAILURE() << *err << " in " << sfen;
  EffectBoard e;
  compute_effects(pos, e);
  return effect_score_scalar(pos, e);
}

// Walk ends (middlegames) plus drop-heavy positions, so that big hands and open kings occur.
const std::vector<std::string>& sample() {
  static const std::vector<std::string> s = [] {
    std::vector<std::string> v = walk_sample(200, 31);
    for (std::string& f : full_hand_sample(40, 32)) v.push_back(std::move(f));
    for (std::string& c : in_check_sample(40, 33)) v.push_back(std::move(c));
    return v;
  }();
  return s;
}

TEST(EvalFlip, FlipSfenIsAnInvolutionAndChangesTheText) {
  for (const std::string& s : sample()) {
    const std::string f = testing::flip_sfen(s);
    EXPECT_NE(f, s);
    EXPECT_EQ(testing::flip_sfen(f), s);
    Position pos;
    StateInfo st;
    EXPECT_FALSE(pos.set(f, &st)) << f;
  }
  EXPECT_EQ(testing::flip_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  EXPECT_EQ(testing::flip_sfen("8k/9/9/9/9/9/9/+P8/K8 b 2Pr 7"), "8k/8+p/9/9/9/9/9/9/K8 w 2pR 7");
}

template <class H>
class EvalLayouts : public ::testing::Test {};
TYPED_TEST_SUITE(EvalLayouts, testing::GTestHandTypes);

TYPED_TEST(EvalLayouts, StartPositionIsZeroForEitherSide) {
  using H = TypeParam;
  EXPECT_EQ(eval_sfen<H>(BasicPosition<H>::kStartSfen), 0);
  EXPECT_EQ(eval_sfen<H>("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"), 0);
}

// Same value for the colour-flipped position, and the same as the default layout's.
TYPED_TEST(EvalLayouts, ColourFlipSymmetricAndEqualAcrossLayouts) {
  using H = TypeParam;
  int nonzero = 0;
  for (const std::string& s : sample()) {
    const Value v = eval_sfen<H>(s);
    EXPECT_EQ(v, eval_sfen<H>(testing::flip_sfen(s))) << s;
    EXPECT_EQ(v, eval_sfen<DefaultHand>(s)) << s;
    EXPECT_LE(std::abs(v), VALUE_EVAL_MAX);
    nonzero += v != 0;
  }
  EXPECT_GT(nonzero, int(sample().size()) / 2);  // the sample is not all balanced positions
}

TYPED_TEST(EvalLayouts, MaterialAdvantageScoresForItsOwner) {
  using H = TypeParam;
  // An extra rook, on the board and in hand (10 % more there), then a dragon.
  EXPECT_EQ(material_sfen<H>("4k4/9/9/9/9/9/9/1R7/4K4 b - 1"), kPieceValue[ROOK]);
  EXPECT_EQ(material_sfen<H>("4k4/9/9/9/9/9/9/9/4K4 b R 1"), eval::eval_tables().hand_value[ROOK][1]);
  EXPECT_GT(eval::eval_tables().hand_value[ROOK][1], eval::eval_tables().board_value[ROOK]);
  EXPECT_EQ(material_sfen<H>("4k4/9/9/9/9/9/9/1+R7/4K4 b - 1"), kPieceValue[DRAGON]);
  EXPECT_GT(eval_sfen<H>("4k4/9/9/9/9/9/9/1R7/4K4 b - 1"), kPieceValue[ROOK] / 2);
  EXPECT_LT(eval_sfen<H>("4k4/9/9/9/9/9/9/1R7/4K4 w - 1"), -kPieceValue[ROOK] / 2);
  // White's advantage: negative for Black to move, positive for White.
  EXPECT_LT(eval_sfen<H>("4k4/9/9/9/9/9/9/9/4K4 b gs 1"), 0);
  EXPECT_GT(eval_sfen<H>("4k4/9/9/9/9/9/9/9/4K4 w gs 1"), 0);
  // Start position after Black gave its bishop for a silver: each side holds what it took.
  EXPECT_LT(eval_sfen<H>("lnsgkg1nl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/7R1/LNSGKGSNL b Sb 1"), 0);
}

TYPED_TEST(EvalLayouts, MaterialReadsItsWeights) {
  using H = TypeParam;
  // Each material weight moves exactly its own kind: the four promoted minors share one, a
  // hand pawn past the fourth keeps kExtraHandPawn.
  const auto w = eval::parse_eval_weights(
      "board_value_dragon=1500,board_value_promoted_minor=640,board_value_gold=610,hand_value_pawn=90,hand_value_gold="
      "700");
  ASSERT_TRUE(std::holds_alternative<eval::EvalWeights>(w));
  eval::set_eval_weights(std::get<eval::EvalWeights>(w));
  EXPECT_EQ(material_sfen<H>("4k4/9/9/9/9/9/9/1+R7/4K4 b - 1"), 1500);
  EXPECT_EQ(material_sfen<H>("4k4/9/9/9/9/9/9/1R7/4K4 b - 1"), kPieceValue[ROOK]);
  EXPECT_EQ(material_sfen<H>("4k4/9/9/9/9/9/9/+P+L+N+S5/4K4 b - 1"), 4 * 640);
  EXPECT_EQ(material_sfen<H>("4k4/9/9/9/9/9/9/G8/4K4 b - 1"), 610);
  EXPECT_EQ(material_sfen<H>("4k4/9/9/9/9/9/9/9/4K4 b G6P 1"), 700 + 4 * 90 + 2 * eval::kExtraHandPawn);
  EXPECT_EQ(material_sfen<H>("4k4/9/9/9/9/9/9/9/4K4 w G6P 1"),
            700 + 4 * 90 + 2 * eval::kExtraHandPawn);  // Black's view
  EXPECT_EQ(material_sfen<H>("4k4/9/9/9/9/9/9/9/4K4 b 2g 1"), -1400);
  eval::set_eval_weights(eval::kDefaultEvalWeights);
  EXPECT_EQ(material_sfen<H>("4k4/9/9/9/9/9/9/1+R7/4K4 b - 1"), kPieceValue[DRAGON]);
}

TYPED_TEST(EvalLayouts, ExtraHandPawnIsWorthLessAtSixThanAtOne) {
  using H = TypeParam;
  // The hand table alone: king danger counts the first hand pawn against the enemy king too.
  eval::EvalWeights no_king_danger = eval::kDefaultEvalWeights;
  no_king_danger[eval::kKingDangerScale] = 0;
  eval::set_eval_weights(no_king_danger);
  auto with_pawns = [](int n) {
    return eval_sfen<H>("4k4/9/9/9/9/9/9/9/4K4 b " + (n ? std::to_string(n) + "P" : std::string("-")) + " 1");
  };
  const Value first = with_pawns(1) - with_pawns(0), sixth = with_pawns(6) - with_pawns(5);
  EXPECT_EQ(first, eval::eval_tables().hand_value[PAWN][1]);
  EXPECT_GT(sixth, 0);
  EXPECT_LT(sixth, first);
  EXPECT_EQ(with_pawns(4) - with_pawns(3), first);  // the fourth still counts in full
  eval::set_eval_weights(eval::kDefaultEvalWeights);
}

TYPED_TEST(EvalLayouts, AttacksOnTheKingCost) {
  using H = TypeParam;
  // Same material: a White dragon and horse beside Black's king, or far from it.
  const Value near = eval_sfen<H>("4k4/9/9/9/9/9/3+r1+b3/9/4K4 b - 1");
  const Value far = eval_sfen<H>("4k4/+r+b7/9/9/9/9/9/9/4K4 b - 1");
  EXPECT_LT(near, far);
  EXPECT_GT(eval_sfen<H>("4k4/9/9/9/9/9/3+r1+b3/9/4K4 w - 1"), eval_sfen<H>("4k4/+r+b7/9/9/9/9/9/9/4K4 w - 1"));
  // A White pawn on 5g attacks 5h beside Black's king; on 1c it attacks nothing there. (Beside
  // the dragon and horse above, a pawn on 5g would also cut their rays: fewer White effects.)
  EXPECT_LT(eval_sfen<H>("4k4/9/9/9/9/9/4p4/9/4K4 b - 1"), eval_sfen<H>("4k4/9/8p/9/9/9/9/9/4K4 b - 1"));
  // A gold beside the king defends: worth more there than far away.
  EXPECT_GT(eval_sfen<H>("4k4/9/9/9/9/9/3+r1+b3/4G4/4K4 b - 1"), eval_sfen<H>("4k4/9/9/9/9/9/3+r1+b3/9/G3K4 b - 1"));
}

// The counts rotate with the board: the flipped position's count of colour c on square s is
// the original's of ~c on the rotated square, and the effect terms change sign.
TEST(EvalEffects, CountsAndEffectTermsFlipWithTheBoard) {
  int nonzero = 0;
  for (const std::string& s : sample()) {
    const Effects a = effects_sfen(s), b = effects_sfen(testing::flip_sfen(s));
    for (Color c : {BLACK, WHITE})
      for (int sq = 0; sq < SQ_NB; ++sq)
        ASSERT_EQ(a.board.count[c][sq], b.board.count[~c][SQ_NB - 1 - sq]) << s << " square " << sq;
    EXPECT_EQ(a.score, -b.score) << s;
    nonzero += a.score != 0;
  }
  EXPECT_GT(nonzero, int(sample().size()) / 2);
}

// The AVX-512 path (when the build has it) and the portable one give the same terms.
TEST(EvalEffects, VectorAndScalarPathsAgree) {
  for (const std::string& s : sample())
    for (const std::string& f : {s, testing::flip_sfen(s)}) ASSERT_EQ(effects_sfen(f).score, scalar_score(f)) << f;
}

TEST(EvalEffects, DefendedPiecesScoreAndHangingPiecesCost) {
  // Same material and kings: a Black silver on 5e defended by a gold on 5f, or left alone, or
  // attacked by a White pawn on 5d with and without the gold. The piece ranks off: a gold on
  // 5f costs its rank term, which is not what this test weighs.
  auto w = eval::parse_eval_weights("gold_rank_r6=0,silver_rank_r5=0");
  ASSERT_TRUE(std::holds_alternative<eval::EvalWeights>(w));
  eval::set_eval_weights(std::get<eval::EvalWeights>(w));
  const int defended = effects_sfen("4k4/9/9/9/4S4/4G4/9/9/4K4 b - 1").score;
  const int alone = effects_sfen("4k4/9/9/9/4S4/9/9/9/4K4 b G 1").score;
  EXPECT_GT(defended, alone);
  const int attacked = effects_sfen("4k4/9/9/4p4/4S4/9/9/9/4K4 b G 1").score;
  const int attacked_defended = effects_sfen("4k4/9/9/4p4/4S4/4G4/9/9/4K4 b - 1").score;
  EXPECT_LT(attacked, attacked_defended);
  eval::set_eval_weights(eval::kDefaultEvalWeights);
}

// The weights are live: new ones change the value, the defaults bring it back.
TEST(EvalEffects, WeightsAreOneNamedArray) {
  static_assert(eval::kEvalWeightNames.size() == eval::kDefaultEvalWeights.size());
  const std::string_view sfen = "4k4/9/9/9/9/9/3+r1+b3/9/4K4 b - 1";
  const Value before = eval_sfen<DefaultHand>(sfen);
  eval::EvalWeights w = eval::kDefaultEvalWeights;
  for (int d = 0; d < eval::kDistances; ++d) w[eval::kAttack + d] *= 2;
  eval::set_eval_weights(w);
  const Value doubled = eval_sfen<DefaultHand>(sfen);
  eval::set_eval_weights(eval::kDefaultEvalWeights);
  EXPECT_LT(doubled, before);  // White's pieces attack Black's king: worse for Black
  EXPECT_EQ(eval_sfen<DefaultHand>(sfen), before);
}

// Every weight set to a value of its own, the king terms included: the value still flips with
// the board and both paths agree.
TEST(EvalEffects, EveryWeightKeepsTheSymmetry) {
  eval::EvalWeights w = eval::kDefaultEvalWeights;
  for (size_t i = 0; i < w.size(); ++i) w[i] += int(i % 7) * 3 - 8;
  eval::set_eval_weights(w);
  for (const std::string& s : sample()) {
    const Effects a = effects_sfen(s), b = effects_sfen(testing::flip_sfen(s));
    EXPECT_EQ(a.score, -b.score) << s;
    EXPECT_EQ(a.score, scalar_score(s)) << s;
  }
  eval::set_eval_weights(eval::kDefaultEvalWeights);
}

// What the weights `text` (EvalWeights' form) change in the effect score of `sfen`, against
// the defaults.
int score_change(std::string_view text, std::string_view sfen) {
  auto w = eval::parse_eval_weights(text);
  EXPECT_TRUE(std::holds_alternative<eval::EvalWeights>(w)) << text;
  eval::set_eval_weights(std::get<eval::EvalWeights>(w));
  const int v = effects_sfen(sfen).score;
  eval::set_eval_weights(eval::kDefaultEvalWeights);
  return v - effects_sfen(sfen).score;
}

// What one weight at `value` changes in the effect score of `sfen`, against that weight at 0.
int weight_change(std::string_view weight, int value, std::string_view sfen) {
  const std::string zero = std::string(weight) + "=0", set = std::string(weight) + "=" + std::to_string(value);
  return score_change(set, sfen) - score_change(zero, sfen);
}

// The king terms each count what they name: holes and shelters beside the king, its rank.
TEST(EvalEffects, KingNeighbourAndRankTerms) {
  // Black's king on 5i has five neighbours: a gold on 5h (only the king defends it), a silver
  // on 4h (the gold defends it too), 6h (empty, the gold defends it) and two holes, 4i and 6i.
  // White's king on 5a has five holes.
  const std::string_view sfen = "4k4/9/9/9/9/9/9/4GS3/4K4 b - 1";
  EXPECT_EQ(score_change("king_hole=-10", sfen), -10 * 2 + 10 * 5);
  EXPECT_EQ(score_change("king_shelter=7", sfen), 7);
  EXPECT_EQ(score_change("king_shelter_defended=5", sfen), 5);
  EXPECT_EQ(score_change("king_rank_r9=40", sfen), 0);  // both kings on their own back rank
  EXPECT_EQ(score_change("king_rank_r9=40", "9/4k4/9/9/9/9/9/4GS3/4K4 b - 1"), 40);
  EXPECT_EQ(score_change("king_rank_r8=30", "9/4k4/9/9/9/9/9/4GS3/4K4 b - 1"), -30);
}

// The castle terms: the king's file from the nearer edge (no colour: the files are symmetric)
// and an own rook within two steps of the own king, each against all castle terms at 0.
TEST(EvalEffects, KingFileAndRookTerms) {
  const std::string none =
      "king_file_f1=0,king_file_f2=0,king_file_f3=0,king_file_f4=0,king_file_f5=0,king_rook_near=0,";
  auto change = [&](std::string_view text, std::string_view sfen) {
    return score_change(none + std::string(text), sfen) - score_change(none, sfen);
  };
  // Black's king on 2h (two files from the edge), White's on 5a (the centre).
  const std::string_view castled = "4k4/9/9/9/9/9/9/7K1/9 b - 1";
  EXPECT_EQ(change("king_file_f2=50", castled), 50);
  EXPECT_EQ(change("king_file_f5=-20", castled), 20);
  EXPECT_EQ(change("king_file_f1=30,king_file_f3=30,king_file_f4=30", castled), 0);
  // The same king on 8h, file 8: two files from the other edge.
  EXPECT_EQ(change("king_file_f2=50", "4k4/9/9/9/9/9/9/1K7/9 b - 1"), 50);
  // Black's rook on 4h (two steps from the king on 2h) counts; on 5h (three) it does not; a
  // dragon does not; White's rook on 5b beside its king counts against White.
  EXPECT_EQ(change("king_rook_near=-40", "4k4/9/9/9/9/9/9/5R1K1/9 b - 1"), -40);
  EXPECT_EQ(change("king_rook_near=-40", "3k5/9/9/9/9/9/9/4R2K1/9 b - 1"), 0);
  EXPECT_EQ(change("king_rook_near=-40", "4k4/9/9/9/9/9/9/5+R1K1/9 b - 1"), 0);
  EXPECT_EQ(change("king_rook_near=-40", "4k4/4r4/9/9/9/9/9/7K1/9 b - 1"), 40);
}

// Silvers, golds and rooks by rank, counted as the king's rank is (r1: the enemy's back rank),
// each against the same position with the weight at 0.
TEST(EvalEffects, PieceRankTerms) {
  // Black's silvers on 7i (its own back rank, r9) and 4g (r7); White's on 3a (its back rank).
  const std::string_view silvers = "4k1s2/9/9/9/9/9/5S3/9/2S1K4 b - 1";
  EXPECT_EQ(weight_change("silver_rank_r9", -30, silvers), -30 + 30);
  EXPECT_EQ(weight_change("silver_rank_r7", 20, silvers), 20);
  EXPECT_EQ(weight_change("silver_rank_r3", 20, silvers), 0);  // r3 is White's r7: none there
  // A promoted silver is not a silver; a gold, and only a gold, counts as one.
  EXPECT_EQ(weight_change("silver_rank_r7", 20, "4k4/9/9/9/9/9/5+S3/9/4K4 b - 1"), 0);
  EXPECT_EQ(weight_change("gold_rank_r6", -30, "4k4/9/9/9/9/6G2/5+S3/9/4K4 b - 1"), -30);
  EXPECT_EQ(weight_change("gold_rank_r6", -30, "4k4/9/9/2g6/9/6G2/9/9/4K4 b - 1"), 0);  // White's gold on 7d is its r6
  // Rooks: Black's on 2e (r5), White's dragon on 5e is not a rook.
  EXPECT_EQ(weight_change("rook_rank_r5", -30, "4k4/9/9/9/4+r2R1/9/9/9/3K5 b - 1"), -30);
  EXPECT_EQ(weight_change("rook_rank_r5", -30, "4k4/9/9/9/4r2R1/9/9/9/3K5 b - 1"), 0);
}

// The learned piece-square table: each unpromoted piece reads its own side's view of its square
// (a White piece the square rotated), at the percent; kings and promoted pieces read nothing.
TEST(EvalEffects, LearnedPieceSquares) {
  auto learned = [](PieceType pt, std::string_view usi, Color c) {
    const Square s = square_from_usi(usi);
    return int(eval::kLearnedPieceSquare[pt][c == BLACK ? s : flip(s)]);
  };
  // Black: pawn 4d, knight 9g, rook 8h; White: gold 4b, lance 1a.
  const std::string_view pieces = "4k3l/5g3/9/5P3/9/9/N8/1R7/4K4 b - 1";
  const int black = learned(PAWN, "4d", BLACK) + learned(KNIGHT, "9g", BLACK) + learned(ROOK, "8h", BLACK);
  const int white = learned(GOLD, "4b", WHITE) + learned(LANCE, "1a", WHITE);
  EXPECT_EQ(weight_change("piece_square_percent", 100, pieces), black - white);
  EXPECT_NE(black - white, 0);  // the table is not empty where this test looks
  // The position turned round: the same terms for the other colour.
  EXPECT_EQ(weight_change("piece_square_percent", 100, testing::flip_sfen(std::string(pieces))), white - black);
  // At 50 % each entry halves (toward zero), per piece.
  auto half = [](int x) { return x * 50 / 100; };
  EXPECT_EQ(weight_change("piece_square_percent", 50, pieces),
            half(learned(PAWN, "4d", BLACK)) + half(learned(KNIGHT, "9g", BLACK)) + half(learned(ROOK, "8h", BLACK)) -
                half(learned(GOLD, "4b", WHITE)) - half(learned(LANCE, "1a", WHITE)));
  // A promoted pawn and the kings read nothing.
  EXPECT_EQ(weight_change("piece_square_percent", 100, "4k4/9/9/5+P3/9/9/9/9/4K4 b - 1"), 0);
  // The learned entry adds to the silver's rank term (on by default) rather than replacing it.
  const std::string_view silver = "4k4/9/9/9/9/9/5S3/9/4K4 b - 1";
  EXPECT_EQ(score_change("piece_square_percent=100", silver), learned(SILVER, "4g", BLACK));
}

// The offset tables: each unpromoted piece reads its offset from its own king and from the enemy
// king, as its own side sees them (a White piece's squares rotated); kings and promoted pieces
// read nothing.
TEST(EvalEffects, LearnedKingOffsets) {
  const std::string_view sfen = "4k3l/5g3/9/5P3/9/9/N8/1R7/4K4 b - 1";  // kings 5i and 5a
  const Square bk = square_from_usi("5i"), wk = square_from_usi("5a");
  struct Placed {
    PieceType pt;
    const char* square;
    Color c;
  };
  const Placed pieces[] = {
      {PAWN, "4d", BLACK}, {KNIGHT, "9g", BLACK}, {ROOK, "8h", BLACK}, {GOLD, "4b", WHITE}, {LANCE, "1a", WHITE}};
  auto sum = [&](const auto& table, bool own_king) {
    int v = 0;
    for (const Placed& p : pieces) {
      const Square s = square_from_usi(p.square);
      const Square k = (p.c == BLACK) == own_king ? bk : wk;
      const int cell = p.c == BLACK ? eval::king_offset(s, k) : eval::king_offset(flip(s), flip(k));
      v += (p.c == BLACK ? 1 : -1) * table[p.pt][cell];
    }
    return v;
  };
  const int own = sum(eval::kLearnedOwnKing, true), enemy = sum(eval::kLearnedEnemyKing, false);
  EXPECT_NE(own, 0);
  EXPECT_NE(enemy, 0);
  EXPECT_EQ(weight_change("piece_own_king_percent", 100, sfen), own);
  EXPECT_EQ(weight_change("piece_enemy_king_percent", 100, sfen), enemy);
  EXPECT_EQ(weight_change("piece_own_king_percent", 100, testing::flip_sfen(std::string(sfen))), -own);
  EXPECT_EQ(weight_change("piece_enemy_king_percent", 100, testing::flip_sfen(std::string(sfen))), -enemy);
  // The three tables add up, and with the offset tables on the square table still reads.
  EXPECT_EQ(score_change("piece_square_percent=100,piece_own_king_percent=100,piece_enemy_king_percent=100", sfen),
            score_change("piece_square_percent=100", sfen) + own + enemy);
  // The offset from a king: one rank toward the enemy is one row of 17 less.
  EXPECT_EQ(eval::king_offset(square_from_usi("5h"), bk), 7 * 17 + 8);
  EXPECT_EQ(eval::king_offset(square_from_usi("4i"), bk), 8 * 17 + 7);  // file 4: one file toward file 1
  // A promoted pawn reads nothing.
  EXPECT_EQ(weight_change("piece_own_king_percent", 100, "4k4/9/9/5+P3/9/9/9/9/4K4 b - 1"), 0);
}

// The fitted tables (tools/piece_table_fit): every non-king piece, promoted ones too, reads its
// square and its offsets from both kings in its own side's view, at the percent.
TEST(EvalEffects, FittedTables) {
  const std::string_view sfen = "4k3l/5g3/9/5P3/2+r6/9/N5+P2/1R7/4K4 b - 1";  // kings 5i and 5a
  const Square bk = square_from_usi("5i"), wk = square_from_usi("5a");
  struct Placed {
    PieceType pt;
    const char* square;
    Color c;
  };
  const Placed pieces[] = {{PAWN, "4d", BLACK}, {KNIGHT, "9g", BLACK}, {ROOK, "8h", BLACK},  {PRO_PAWN, "3g", BLACK},
                           {GOLD, "4b", WHITE}, {LANCE, "1a", WHITE},  {DRAGON, "7e", WHITE}};
  int expected = 0, promoted = 0;
  for (const Placed& p : pieces) {
    const Square s = square_from_usi(p.square);
    const auto view = [&](Square x) { return p.c == BLACK ? x : flip(x); };
    const Square own = p.c == BLACK ? bk : wk, enemy = p.c == BLACK ? wk : bk;
    const int v = eval::kFittedSquare[p.pt][view(s)] +
                  eval::kFittedOwnKing[p.pt][eval::king_offset(view(s), view(own))] +
                  eval::kFittedEnemyKing[p.pt][eval::king_offset(view(s), view(enemy))];
    expected += p.c == BLACK ? v : -v;
    if (p.pt >= PRO_PAWN) promoted += p.c == BLACK ? v : -v;
  }
  EXPECT_NE(promoted, 0);  // the promoted pieces read their own entries
  EXPECT_EQ(weight_change("fitted_tables_percent", 100, sfen), expected);
  EXPECT_EQ(weight_change("fitted_tables_percent", 100, testing::flip_sfen(std::string(sfen))), -expected);
  // Added to the learned tables, not in place of them.
  EXPECT_EQ(score_change("piece_square_percent=100,fitted_tables_percent=100", sfen),
            score_change("piece_square_percent=100,fitted_tables_percent=0", sfen) + expected);
}

// The guards count golds and silvers of the king's own side by their king steps from it.
TEST(EvalEffects, KingGuardTerms) {
  // Black's king on 5i: golds on 4h (one step) and 3g (two), silvers on 6h (one) and 7i (two),
  // a gold on 2g three steps away; White's king on 5a alone.
  const std::string_view guards = "4k4/9/9/9/9/9/6GG1/3S1G3/2S1K4 b - 1";
  EXPECT_EQ(weight_change("gold_guard_d1", 20, guards), 20);
  EXPECT_EQ(weight_change("gold_guard_d2", 15, guards), 15);
  EXPECT_EQ(weight_change("silver_guard_d1", 10, guards), 10);
  EXPECT_EQ(weight_change("silver_guard_d2", 7, guards), 7);
  // White's guards count for White (the position turned round).
  EXPECT_EQ(weight_change("gold_guard_d2", 15, testing::flip_sfen(std::string(guards))), -15);
  // An enemy gold beside a king guards nothing; a promoted silver is not a silver.
  EXPECT_EQ(weight_change("gold_guard_d2", 15, "4k4/9/9/9/9/9/3g5/9/4K4 b - 1"), 0);
  EXPECT_EQ(weight_change("silver_guard_d1", 10, "4k4/9/9/9/9/9/9/3+S5/4K4 b - 1"), 0);
}

// The enemy's effects within two steps of a king weigh again by where they stand.
TEST(EvalEffects, KingZoneWeighsTheAttackByDirection) {
  // White's silver on 5f reaches 4g, 5g and 6g, one step in front of Black's king on 5h (an
  // attack term of 24 each at one effect); its other squares are three steps away.
  const std::string_view front = "4k4/9/9/9/9/9/9/4K4/9 b - 1";
  const std::string_view with_silver = "4k4/9/9/9/9/4s4/9/4K4/9 b - 1";
  EXPECT_EQ(
      score_change("king_zone_front_percent=200", with_silver) - score_change("king_zone_front_percent=200", front),
      -3 * 24);
  EXPECT_EQ(score_change("king_zone_side_percent=200,king_zone_back_percent=0", with_silver) -
                score_change("king_zone_side_percent=200,king_zone_back_percent=0", front),
            0);
  // On 3g it reaches 4h (beside the king, 24) and 3h (two steps beside it, 16), and 4f (two
  // steps in front, 16).
  const std::string_view beside = "4k4/9/9/9/9/9/6s2/4K4/9 b - 1";
  EXPECT_EQ(score_change("king_zone_side_percent=200", beside) - score_change("king_zone_side_percent=200", front),
            -(24 + 16));
  EXPECT_EQ(score_change("king_zone_front_percent=50", beside) - score_change("king_zone_front_percent=50", front),
            16 / 2);
  // White's king is weighed the same way (the position turned round: the sign flips).
  EXPECT_EQ(score_change("king_zone_side_percent=200", testing::flip_sfen(std::string(beside))) -
                score_change("king_zone_side_percent=200", testing::flip_sfen(std::string(front))),
            24 + 16);
}

// King danger squares the weighted sum of its counts, per king, from that king's side.
TEST(EvalEffects, KingDangerSquaresItsCounts) {
  // Each weight alone against no king danger at all.
  const auto score_with = [](std::string_view text, std::string_view sfen) {
    const std::string none =
        "king_danger_attacked=0,king_danger_weak=0,king_danger_hand=0,king_danger_outer=0,king_danger_scale=0,"
        "king_danger_to_move_percent=100,king_danger_drop_checks=0,king_danger_board_checks=0";
    const auto score = [&](const std::string& weights) {
      auto w = eval::parse_eval_weights(weights);
      EXPECT_TRUE(std::holds_alternative<eval::EvalWeights>(w)) << weights;
      eval::set_eval_weights(std::get<eval::EvalWeights>(w));
      const int v = effects_sfen(sfen).score;
      eval::set_eval_weights(eval::kDefaultEvalWeights);
      return v;
    };
    return score(none + "," + std::string(text)) - score(none);
  };
  // White's silver on 5g reaches 4h, 5h and 6h beside Black's king on 5i, once each, as the
  // king does: three squares attacked, three as often as defended. White holds a gold (3
  // points). Black reaches nothing beside White's king and holds nothing.
  const std::string_view sfen = "4k4/9/9/9/9/9/4s4/9/4K4 b g 1";
  EXPECT_EQ(score_with("king_danger_attacked=1,king_danger_scale=1024", sfen), -3 * 3);
  EXPECT_EQ(score_with("king_danger_weak=1,king_danger_scale=1024", sfen), -3 * 3);
  EXPECT_EQ(score_with("king_danger_hand=2,king_danger_scale=1024", sfen), -6 * 6);
  EXPECT_EQ(score_with("king_danger_attacked=1,king_danger_weak=1,king_danger_hand=1,king_danger_scale=512", sfen),
            -9 * 9 / 2);
  EXPECT_EQ(score_with("king_danger_attacked=1,king_danger_weak=1,king_danger_hand=1", sfen), 0);  // scale 0: off
  // Black's hand against White's king: a rook (4) and pawns (1, however many); three golds
  // count as two (6). A silver on the board adds nothing to the hand.
  EXPECT_EQ(score_with("king_danger_hand=1,king_danger_scale=1024", "4k4/9/9/9/9/9/4s4/9/4K4 b R3Pg 1"), 5 * 5 - 3 * 3);
  EXPECT_EQ(score_with("king_danger_hand=1,king_danger_scale=1024", "4k4/9/9/9/9/9/9/9/4K4 b 3G 1"), 6 * 6);
  // On 5f, White's silver reaches 4g, 5g and 6g, two steps from Black's king, where Black
  // reaches nothing; nothing beside the king. With it on 5g (above), none of these.
  EXPECT_EQ(score_with("king_danger_outer=1,king_danger_scale=1024", "4k4/9/9/9/9/4s4/9/9/4K4 b - 1"), -3 * 3);
  EXPECT_EQ(score_with("king_danger_outer=1,king_danger_scale=1024", sfen), 0);
  // The side to move's own king at half: Black to move pays half of Black's danger.
  EXPECT_EQ(score_with("king_danger_attacked=2,king_danger_scale=1024,king_danger_to_move_percent=50", sfen),
            -6 * 6 / 2);
  EXPECT_EQ(score_with("king_danger_attacked=2,king_danger_scale=1024,king_danger_to_move_percent=50",
                       "4k4/9/9/9/9/9/4s4/9/4K4 w g 1"),
            -6 * 6);
  // Safe drop checks: White's gold would check from 4h, 5h, 6h, 4i or 6i; the silver on 5g
  // supports the first three as often as Black's king defends them: a safe check, 3 points.
  EXPECT_EQ(score_with("king_danger_drop_checks=1,king_danger_scale=1024", sfen), -3 * 3);
  // Without the silver the king holds every gold check square: none is safe.
  EXPECT_EQ(score_with("king_danger_drop_checks=1,king_danger_scale=1024", "4k4/9/9/9/9/9/9/9/4K4 b g 1"), 0);
  // A rook checks from afar (5b..5g, 1i..3i, 7i..9i, where nothing defends): 4 points; the
  // pawns in White's hand are not counted, and Black's hand checks White's king the same way.
  EXPECT_EQ(score_with("king_danger_drop_checks=1,king_danger_scale=1024", "4k4/9/9/9/9/9/9/9/4K4 b r3p 1"), -4 * 4);
  EXPECT_EQ(score_with("king_danger_drop_checks=1,king_danger_scale=1024", "4k4/9/9/9/9/9/9/9/4K4 b Rr 1"), 0);
  // Safe board checks: White's silver on 5g and gold on 4g can each step to 4h or 5h, checking
  // Black's king on 5i, and there they are two against the king alone; each is one piece.
  EXPECT_EQ(score_with("king_danger_board_checks=1,king_danger_scale=1024", "4k4/9/9/9/9/9/4sg3/9/4K4 b - 1"), -2 * 2);
  // Alone, the silver's checking squares are held (the king against the silver): none.
  EXPECT_EQ(score_with("king_danger_board_checks=1,king_danger_scale=1024", "4k4/9/9/9/9/9/4s4/9/4K4 b - 1"), 0);
  // A rook on 1c checks from 1i (nothing defends it) or 5c: a slider counts from anywhere.
  EXPECT_EQ(score_with("king_danger_board_checks=1,king_danger_scale=1024", "4k4/9/8r/9/9/9/4sg3/9/4K4 b - 1"), -3 * 3);
}

// Attacked pieces weigh by whether their side is to move; the tempo goes to the side to move.
TEST(EvalEffects, ThreatsBySideToMoveAndTempo) {
  const auto set = [](std::string_view text) {
    eval::set_eval_weights(std::get<eval::EvalWeights>(eval::parse_eval_weights(text)));
  };
  // Black's silver on 5e and White's pawn on 5d attack each other, neither defended.
  const std::string black = "4k4/9/9/4p4/4S4/9/9/9/4K4 b - 1", white = "4k4/9/9/4p4/4S4/9/9/9/4K4 w - 1";
  set("hanging_percent=12,hanging_percent_to_move=12");
  EXPECT_EQ(effects_sfen(black).score, effects_sfen(white).score);
  set("hanging_percent=12,hanging_percent_to_move=0");
  // Black to move: only White's pawn pays (12 % of 100); White to move: only Black's silver (12 % of 550).
  EXPECT_EQ(effects_sfen(black).score - effects_sfen(white).score, 12 + 66);
  set("");
  const Value b0 = eval_sfen<DefaultHand>(black), w0 = eval_sfen<DefaultHand>(white);
  set("tempo=20");
  EXPECT_EQ(eval_sfen<DefaultHand>(black), b0 + 20);
  EXPECT_EQ(eval_sfen<DefaultHand>(white), w0 + 20);
  eval::set_eval_weights(eval::kDefaultEvalWeights);
}

TEST(EvalEffects, WeightsParseByName) {
  auto w = eval::parse_eval_weights("attack_d1=30, king_hole=-20");
  ASSERT_TRUE(std::holds_alternative<eval::EvalWeights>(w));
  eval::EvalWeights expected = eval::kDefaultEvalWeights;
  expected[eval::kAttack + 1] = 30;
  expected[eval::kKingHole] = -20;
  EXPECT_EQ(std::get<eval::EvalWeights>(w), expected);
  EXPECT_EQ(std::get<eval::EvalWeights>(eval::parse_eval_weights("")), eval::kDefaultEvalWeights);
  for (std::string_view bad : {"attack_d1", "attack_d9=1", "attack_d1=", "attack_d1=1x", "attack_d1=10001", "=3"})
    EXPECT_TRUE(std::holds_alternative<std::string>(eval::parse_eval_weights(bad))) << bad;
  EXPECT_EQ(std::get<std::string>(eval::parse_eval_weights("attack_d1=1,foo=2")),
            "'foo=2' is not <weight name>=<integer>");
}

}  // namespace
}  // namespace sashite
