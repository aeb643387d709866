// Static evaluation: material, and the effect terms read from per-square effect counts
// (search/effects/effect_board.h), wherever the search's effect source took them from.
//
// Terms, from Black's view, negated for White to move:
//   board material   per kind (the weights board_value_*; kPieceValue, engine/piece_value.h, by
//                    default), the promoted minors at one value;
//   hand material    per kind in hand (hand_value_*; 10 % above the board values by default: a
//                    piece in hand can go anywhere), pawns past the fourth kExtraHandPawn;
//   effects          per square, each side's effects weighted by the square's distance to the
//                    enemy king (attack) and to its own king (defence), several effects on one
//                    square worth less than that many times one, squares beside a king where
//                    the enemy has more effects than its owner; per piece, defended, hanging
//                    (attacked, no defender) and outnumbered, the last two weighed apart for
//                    the side to move (which may still save one piece) and the other side;
//                    per king, its rank and file, an own rook close by (the castle), the own
//                    golds and silvers one or two steps away (its guards), and its
//                    neighbours (holes, shelters). The ideas are those of YaneuraOu's MATERIAL
//                    levels 3-8 (yaneurao, MATERIAL evaluation (2020)): one combined table per
//                    square, indexed by both kings' distances and both counts;
//   piece squares    per silver, gold and rook (unpromoted), its rank: a silver that stays on
//                    its first rank, a gold or a rook that climbs to the middle ranks; and,
//                    each at a percentage (0 unless set), three learned tables per unpromoted
//                    kind: by square, by the offset from the own king and from the enemy
//                    king, where gpsusi's pieces stood more often than sashite's
//                    (scripts/piece_squares.py, search/piece_square_learned.h); and the
//                    fitted tables: every non-king kind, promoted ones too, by square and by
//                    its offsets from both kings, fitted to the engine's own deeper search
//                    scores (tools/piece_table_fit, search/piece_table_fitted.h);
//   king danger      per king, the squares beside it the enemy reaches (and reaches as often
//                    as its owner), the squares two steps out it reaches more often, the
//                    enemy hand's attacking points and its kinds that can drop a safe check,
//                    summed and squared; the side to move's own king at a percentage (it
//                    moves first);
//   tempo            a bonus for the side to move (0 unless set).
// Reads hand counts, never raw hand bits: every hand layout gives the same value.
//
// Cost: with AVX-512 VBMI the square terms are two byte permutes per 64 squares and the piece
// terms one table load per piece; without it, one pass over the 81 squares, two loads each.
// The piece squares: one more load per silver, gold and rook (ten at most); with a learned
// or the fitted table on (the fitted one is by default), three loads per piece.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "engine/piece_value.h"
#include "engine/position.h"
#include "search/effects/effect_board.h"
#include "search/value.h"

namespace sashite {

namespace eval {

// A fifth pawn in hand is worth almost nothing (after 謎電 (2005), hand pawn value): pawns
// 1-4 count at hand_value_pawn and each one past them only kExtraHandPawn (one is enough to
// answer a threat or make a tokin; more rarely help).
inline constexpr int kExtraHandPawn = 10;
inline constexpr int kFullValueHandPawns = 4;
// The kinds with a board_value_* weight, in the weights' order; gold's four promoted minors
// (they move as golds) share one.
inline constexpr PieceType kBoardValueKinds[] = {PAWN,   LANCE, KNIGHT,   SILVER, GOLD,
                                                 BISHOP, ROOK,  PRO_PAWN, HORSE,  DRAGON};
inline constexpr int kBoardValueCount = 10;
inline constexpr int kHandValueCount = 7;  // hand_value_*: the raw kinds, pawn to gold in PieceType order

// The evaluation's weights (the effect terms, then the material) as one plain array with a name
// per entry, for a tuner. Distances are Chebyshev (king steps) capped at 7 ("d7" is 7 or more);
// a missing king is at 7 from every square. Counts past 3 weigh as 3.
inline constexpr int kDistances = 8;
enum EvalWeight : int {
  kAttack,                               // [8] per own effect, by the square's distance to the enemy king
  kDefence = kAttack + kDistances,       // [8] per own effect, by the distance to the own king
  kMultiEffect = kDefence + kDistances,  // [4] 0-3 effects on one square, in 64ths of one ([0]: unreached squares)
  kOutnumbered = kMultiEffect + 4,  // [3] per square at distance 0..2 of the own king where the enemy has more effects
  kDefended = kOutnumbered + 3,     // a non-king piece with an own effect on it, in cp
  kHangingPercent,                  // a piece attacked and undefended: percent of its value
  kOutnumberedPercent,              // defended but attacked by more: percent of its value
  kKingHole,                        // per square beside the own king with no own piece and no defender but the king
  kKingShelter,                     // per own piece beside the own king that only the king defends
  kKingShelterDefended,             // per own piece beside the own king defended by another piece too
  kKingRank,                        // [9] the king on each rank counted from the far edge (r1: the enemy's back rank)
  kHangingPercentToMove = kKingRank + 9,  // kHangingPercent for the side to move's pieces (it may save one)
  kOutnumberedPercentToMove,              // kOutnumberedPercent for the side to move's pieces
  kTempo,                                 // the side to move's bonus, in cp
  kKingDangerAttacked,                    // king danger: per square beside the king the enemy reaches
  kKingDangerWeak,   // king danger: per square beside the king the enemy reaches as often as its owner
  kKingDangerHand,   // king danger: per point of the enemy's hand (kKingDangerHandPoints)
  kKingDangerScale,  // the king's penalty: scale * danger^2 / 1024, in cp (0: the term is off)
  kKingDangerOuter,  // king danger: per square two steps from the king the enemy reaches more often than its owner
  kKingDangerToMovePercent,  // the side to move's own king danger, percent of the other side's (it moves first)
  kKingDangerDropChecks,     // king danger: per hand point of a kind in the enemy hand with a safe drop check
  kKingZoneFrontPercent,     // [3] the enemy's attack terms within two steps of a king, percent by where:
                             //     front (ranks toward the enemy), side (the king's rank), back
  kKingDangerBoardChecks = kKingZoneFrontPercent + 3,  // king danger: per enemy board piece with a safe checking move
  kKingFile,  // [5] the king on each file counted from the nearer edge (f1: file 1 or 9, f5: file 5)
  kKingRookNear = kKingFile + 5,  // per own unpromoted rook within two steps of the own king
  kSilverRank,  // [9] an unpromoted silver on each rank counted as the king's (r1: the enemy's back rank)
  kGoldRank = kSilverRank + 9,                  // [9] a gold on each rank
  kRookRank = kGoldRank + 9,                    // [9] an unpromoted rook on each rank
  kGoldGuard = kRookRank + 9,                   // [2] per gold one step (d1) or two steps (d2) from the own king
  kSilverGuard = kGoldGuard + 2,                // [2] per unpromoted silver one or two steps from the own king
  kPieceSquarePercent = kSilverGuard + 2,       // the learned tables (piece_square_learned.h), percent: by square,
  kPieceOwnKingPercent,                         //   by the offset from the own king,
  kPieceEnemyKingPercent,                       //   by the offset from the enemy king
  kFittedTablesPercent,                         // the fitted tables (piece_table_fitted.h), percent: every
                                                //   non-king kind by square and by the offsets from both kings
  kBoardValue,                                  // [10] material on the board, per kBoardValueKinds
  kHandValue = kBoardValue + kBoardValueCount,  // [7] material per piece in hand, PAWN..GOLD
  kEvalWeightCount = kHandValue + kHandValueCount
};
using EvalWeights = std::array<int, kEvalWeightCount>;

inline constexpr std::array<std::string_view, kEvalWeightCount> kEvalWeightNames = {"attack_d0",
                                                                                    "attack_d1",
                                                                                    "attack_d2",
                                                                                    "attack_d3",
                                                                                    "attack_d4",
                                                                                    "attack_d5",
                                                                                    "attack_d6",
                                                                                    "attack_d7",
                                                                                    "defence_d0",
                                                                                    "defence_d1",
                                                                                    "defence_d2",
                                                                                    "defence_d3",
                                                                                    "defence_d4",
                                                                                    "defence_d5",
                                                                                    "defence_d6",
                                                                                    "defence_d7",
                                                                                    "multi_effect_0",
                                                                                    "multi_effect_1",
                                                                                    "multi_effect_2",
                                                                                    "multi_effect_3",
                                                                                    "outnumbered_d0",
                                                                                    "outnumbered_d1",
                                                                                    "outnumbered_d2",
                                                                                    "defended",
                                                                                    "hanging_percent",
                                                                                    "outnumbered_percent",
                                                                                    "king_hole",
                                                                                    "king_shelter",
                                                                                    "king_shelter_defended",
                                                                                    "king_rank_r1",
                                                                                    "king_rank_r2",
                                                                                    "king_rank_r3",
                                                                                    "king_rank_r4",
                                                                                    "king_rank_r5",
                                                                                    "king_rank_r6",
                                                                                    "king_rank_r7",
                                                                                    "king_rank_r8",
                                                                                    "king_rank_r9",
                                                                                    "hanging_percent_to_move",
                                                                                    "outnumbered_percent_to_move",
                                                                                    "tempo",
                                                                                    "king_danger_attacked",
                                                                                    "king_danger_weak",
                                                                                    "king_danger_hand",
                                                                                    "king_danger_scale",
                                                                                    "king_danger_outer",
                                                                                    "king_danger_to_move_percent",
                                                                                    "king_danger_drop_checks",
                                                                                    "king_zone_front_percent",
                                                                                    "king_zone_side_percent",
                                                                                    "king_zone_back_percent",
                                                                                    "king_danger_board_checks",
                                                                                    "king_file_f1",
                                                                                    "king_file_f2",
                                                                                    "king_file_f3",
                                                                                    "king_file_f4",
                                                                                    "king_file_f5",
                                                                                    "king_rook_near",
                                                                                    "silver_rank_r1",
                                                                                    "silver_rank_r2",
                                                                                    "silver_rank_r3",
                                                                                    "silver_rank_r4",
                                                                                    "silver_rank_r5",
                                                                                    "silver_rank_r6",
                                                                                    "silver_rank_r7",
                                                                                    "silver_rank_r8",
                                                                                    "silver_rank_r9",
                                                                                    "gold_rank_r1",
                                                                                    "gold_rank_r2",
                                                                                    "gold_rank_r3",
                                                                                    "gold_rank_r4",
                                                                                    "gold_rank_r5",
                                                                                    "gold_rank_r6",
                                                                                    "gold_rank_r7",
                                                                                    "gold_rank_r8",
                                                                                    "gold_rank_r9",
                                                                                    "rook_rank_r1",
                                                                                    "rook_rank_r2",
                                                                                    "rook_rank_r3",
                                                                                    "rook_rank_r4",
                                                                                    "rook_rank_r5",
                                                                                    "rook_rank_r6",
                                                                                    "rook_rank_r7",
                                                                                    "rook_rank_r8",
                                                                                    "rook_rank_r9",
                                                                                    "gold_guard_d1",
                                                                                    "gold_guard_d2",
                                                                                    "silver_guard_d1",
                                                                                    "silver_guard_d2",
                                                                                    "piece_square_percent",
                                                                                    "piece_own_king_percent",
                                                                                    "piece_enemy_king_percent",
                                                                                    "fitted_tables_percent",
                                                                                    "board_value_pawn",
                                                                                    "board_value_lance",
                                                                                    "board_value_knight",
                                                                                    "board_value_silver",
                                                                                    "board_value_gold",
                                                                                    "board_value_bishop",
                                                                                    "board_value_rook",
                                                                                    "board_value_promoted_minor",
                                                                                    "board_value_horse",
                                                                                    "board_value_dragon",
                                                                                    "hand_value_pawn",
                                                                                    "hand_value_lance",
                                                                                    "hand_value_knight",
                                                                                    "hand_value_silver",
                                                                                    "hand_value_bishop",
                                                                                    "hand_value_rook",
                                                                                    "hand_value_gold"};

// Hand-set: weights fitted to games or scores (Texel, gpsusi's scores, SPSA) lost or ended level
// against these, except the fitted piece tables (tools/piece_table_fit), on at 100 %; each term
// stands where its SPRT left it, and a term that never gained sits at a value that changes nothing
// (FINDINGS.md F-eval-terms, F-eval-fits). The castle terms and the piece ranks come from where
// gpsusi's king and pieces stood in the opening and sashite's did not. The material is
// kPieceValue with hand pieces 10 % above, as written.
// A side never has an effect on the enemy king's square at an evaluated node (that side would
// be in check, or the other side in an illegal position), so attack_d0 is 0; defence_d0
// counts effects on the own king's square (defenders of a square the king may leave);
// multi_effect_0 weighs the squares no piece of the side reaches (a king-placement term, 0
// here).
inline constexpr EvalWeights kDefaultEvalWeights = {
    0,   24,   16,   10,  6,    4,    2,    1,       // attack
    4,   18,   10,   5,   3,    1,    0,    0,       // defence
    0,   64,   100,  120,                            // multi effect
    12,  24,   8,                                    // outnumbered near the own king
    6,   12,   5,                                    // defended, hanging %, outnumbered %
    0,   0,    0,                                    // king hole, shelter, defended shelter
    0,   0,    0,    0,   0,    0,    0,    0, 0,    // king rank r1..r9
    12,  5,                                          // hanging %, outnumbered % of the side to move's pieces
    0,                                               // tempo
    6,   6,    4,    200,                            // king danger: attacked, weak, hand, scale
    4,   30,                                         // king danger: outer ring, side to move's percent
    3,                                               // king danger: safe drop checks
    100, 100,  100,                                  // the enemy's attack in front of, beside and behind a king
    0,                                               // king danger: safe board checks
    80,  120,  80,   20,  0,                         // king file f1 (edge)..f5 (centre)
    -80,                                             // own rook near the own king
    0,   0,    0,    0,   10,   25,   20,   0, -30,  // silver rank r1..r9 (r9: its own first rank)
    0,   0,    0,    -20, -30,  -30,  -10,  0, 0,    // gold rank r1..r9
    0,   0,    0,    -20, -30,  -10,  -5,   0, 0,    // rook rank r1..r9
    0,   0,                                          // gold one, two steps from the own king
    0,   0,                                          // silver one, two steps from the own king
    0,   0,    0,                                    // the learned tables: by square, own king, enemy king
    100,                                             // the fitted tables
    100, 350,  450,  550, 600,  950,  1100,          // board: pawn, lance, knight, silver, gold, bishop, rook
    600, 1150, 1300,                                 // board: promoted minors, horse, dragon
    110, 385,  495,  605, 1045, 1210, 660,  // hand: pawn (the first four), lance, knight, silver, bishop, rook, gold
};
// The material defaults are the move ordering's and the exchange test's kPieceValue, hand
// pieces 10 % above: the evaluation's own copy, so a tuner can move it alone.
static_assert([] {
  for (int i = 0; i < kBoardValueCount; ++i)
    if (kDefaultEvalWeights[kBoardValue + i] != kPieceValue[kBoardValueKinds[i]]) return false;
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
    if (kDefaultEvalWeights[kHandValue + int(pr) - int(RAW_BEGIN)] != kPieceValue[pr] * 11 / 10) return false;
  return true;
}());

// The enemy's hand as attacking power against a king, per piece in hand, the first two of a
// kind counting (a third rarely adds a new drop square): pieces that drop beside a king and
// stay defended count most. Pawns count once, whatever their number.
inline constexpr int kKingDangerHandPoints[RAW_END] = {0, 1, 2, 2, 3, 3, 4, 3};  // -, P, L, N, S, B, R, G

// A square's offset from a king as one index: kKingOffsetBase[s] - kKingOffsetBase[k] + 144 is
// (rank difference + 8) * 17 + (file difference + 8), from 0 to 288, Black's view.
inline constexpr int kKingOffsets = 17 * 17;
inline constexpr std::array<uint8_t, SQ_NB> kKingOffsetBase = [] {
  std::array<uint8_t, SQ_NB> t{};
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) t[s] = uint8_t(17 * int(rank_of(s)) + int(file_of(s)));
  return t;
}();
inline int king_offset(Square s, Square k) { return kKingOffsetBase[s] - kKingOffsetBase[k] + 144; }

// The tables the weights expand to, Black's view. Per square the terms split into one part by
// the distance to Black's king and one by the distance to White's, each indexed by min(black
// count, 3) * 4 + min(white count, 3): by_black_king[d][c] holds Black's defence and
// outnumbered terms less White's attack term, by_white_king the mirror, so the evaluation is
// colour-symmetric by construction. Entries are bytes (saturated): 128 per table, what one
// AVX-512 VBMI two-register byte permute looks up. `square` is their sum per (distance to
// Black's king, distance to White's, counts) for the scalar path; `piece` is per side to move,
// Piece and counts.
struct EvalTables {
  alignas(64) int8_t by_black_king[kDistances * 16];
  alignas(64) int8_t by_white_king[kDistances * 16];
  int16_t square[kDistances * kDistances * 16];
  int16_t piece[COLOR_NB][PIECE_NB][16];  // by the side to move
  int tempo;
  int16_t king_square[COLOR_NB][SQ_NB];  // the king's own square, by colour
  int16_t king_neighbour[COLOR_NB][4];   // a king's neighbour: hole, shelter, defended shelter, other
  int king_rook_near[COLOR_NB];          // per own rook within two steps of the king, by colour
  int king_guard[COLOR_NB][4];           // per own gold one, two steps away, silver one, two steps
  bool king_guard_terms;                 // some guard weight is not 0
  bool king_terms;                       // some king placement weight is not 0
  bool king_neighbour_terms;             // some neighbour weight is not 0 (else no loop over them)
  int king_danger[6];                    // attacked, weak, hand, outer ring, drop checks, board checks
  int king_danger_scale;                 // 0: no king danger term
  int king_danger_to_move_percent;       // the side to move's king danger, percent
  // What the enemy's attack term within two steps of a king adds beyond its 100 %, Black's
  // king's view: [front, side, back][distance 0-2][enemy count, capped at 3].
  int16_t king_zone[3][3][4];
  bool king_zone_terms;  // some king_zone percent is not 100 (the defaults: none, no loop)
  // Per piece and square, signed by colour: the silver, gold and rook ranks plus the learned
  // table at its percent ([Piece][Square]; 0 for kings and promoted pieces).
  int16_t piece_square[PIECE_NB][SQ_NB];
  bool piece_square_terms;      // some rank weight or the learned table's percent is not 0
  bool piece_square_all_kinds;  // the learned table is on: every unpromoted kind, not only S, G, R
  // Per piece and its offset from its own king and from the enemy king (kKingOffsetBase),
  // signed by colour, a White piece's entries stored rotated: the learned tables at their
  // percents (0 for kings and promoted pieces).
  int16_t own_king_offset[PIECE_NB][kKingOffsets];
  int16_t enemy_king_offset[PIECE_NB][kKingOffsets];
  bool king_offset_terms;                               // some offset table's percent is not 0
  int board_value[PIECE_TYPE_NB];                       // material per board piece by kind (0 for the king)
  std::array<std::array<int, 19>, RAW_END> hand_value;  // [kind][n]: n pieces of a kind in hand
};
EvalTables make_eval_tables(const EvalWeights& w);
// The tables in force (kDefaultEvalWeights until set_eval_weights): read by evaluate().
const EvalTables& eval_tables();
void set_eval_weights(const EvalWeights& w);
// The index of the weight named `name` in kEvalWeightNames; none for an unknown name.
std::optional<int> eval_weight_index(std::string_view name);
// Weights from text, for the EvalWeights option and tuning runs: "name=value" pairs split by
// commas or spaces, each replacing one weight of kDefaultEvalWeights (the names above; an
// empty text gives the defaults). The error names the first bad pair.
std::variant<EvalWeights, std::string> parse_eval_weights(std::string_view text);

}  // namespace eval

// Board and hand material from Black's view (not clamped).
template <HandLayout H>
int material(const BasicPosition<H>& pos);
// The effect terms from Black's view; the portable scalar path too, which tests compare with
// the AVX-512 one when the build has it.
template <HandLayout H>
int effect_score(const BasicPosition<H>& pos, const EffectBoard& effects);
template <HandLayout H>
int effect_score_scalar(const BasicPosition<H>& pos, const EffectBoard& effects);

// The side to move's score, within +-VALUE_EVAL_MAX. Deterministic and colour-symmetric: the
// position rotated 180 degrees with colours, hands and side swapped gets the same value.
// `effects` must be the position's counts (any effect source's).
template <HandLayout H>
Value evaluate(const BasicPosition<H>& pos, const EffectBoard& effects);
// The same with the counts recomputed (tests, tools).
template <HandLayout H>
Value evaluate(const BasicPosition<H>& pos);

}  // namespace sashite
