#include "search/evaluate.h"

#include <algorithm>
#include <array>

#include <immintrin.h>

#include "engine/usi_text.h"
#include "search/piece_square_learned.h"
#include "search/piece_table_fitted.h"

namespace sashite {

namespace {

template <HandLayout H>
int hand_value(const eval::EvalTables& t, const H& hand) {
  int v = 0;
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) v += t.hand_value[pr][hand.count(pr)];
  return v;
}

// Chebyshev distance from a king square (row SQ_NB: no king) to each square, capped at 7,
// padded to the effect board's stride.
constexpr auto kKingDistance = [] {
  std::array<std::array<uint8_t, kEffectBoardStride>, SQ_NB + 1> t{};
  for (int k = 0; k <= SQ_NB; ++k)
    for (int s = 0; s < SQ_NB; ++s) {
      if (k == SQ_NB) {
        t[k][s] = eval::kDistances - 1;
      } else {
        const int df = s / 9 - k / 9, dr = s % 9 - k % 9;
        t[k][s] = uint8_t(std::min(std::max(df < 0 ? -df : df, dr < 0 ? -dr : dr), eval::kDistances - 1));
      }
    }
  return t;
}();

// The square terms by Black's king, Black's view: on a square at distance d from Black's king
// with counts nb and nw (capped), Black's defence, less the penalty when White has more effects
// beside Black's king, less White's attack. The part by White's king is its mirror.
int by_black_king(const eval::EvalWeights& w, int d, int nb, int nw) {
  int v =
      w[eval::kDefence + d] * w[eval::kMultiEffect + nb] / 64 - w[eval::kAttack + d] * w[eval::kMultiEffect + nw] / 64;
  if (d <= 2 && nw > nb) v -= w[eval::kOutnumbered + d];
  return std::clamp(v, -127, 127);  // a byte, symmetric so that the mirror is exact
}

// One side's terms for a piece of kind pt on a square with own and enemy counts (capped);
// `to_move`: the piece's side is to move.
int side_piece_value(const eval::EvalWeights& w, PieceType pt, int own, int enemy, bool to_move) {
  if (pt == KING) return 0;
  int v = own > 0 ? w[eval::kDefended] : 0;
  const int hanging = w[to_move ? eval::kHangingPercentToMove : eval::kHangingPercent];
  const int outnumbered = w[to_move ? eval::kOutnumberedPercentToMove : eval::kOutnumberedPercent];
  if (enemy > 0 && own == 0) v -= kPieceValue[pt] * hanging / 100;
  if (enemy > own && own > 0) v -= kPieceValue[pt] * outnumbered / 100;
  return v;
}

eval::EvalTables g_tables = eval::make_eval_tables(eval::kDefaultEvalWeights);

}  // namespace

namespace eval {

EvalTables make_eval_tables(const EvalWeights& w) {
  EvalTables t{};
  for (int d = 0; d < kDistances; ++d)
    for (int nb = 0; nb < 4; ++nb)
      for (int nw = 0; nw < 4; ++nw) {
        t.by_black_king[d * 16 + nb * 4 + nw] = int8_t(by_black_king(w, d, nb, nw));
        t.by_white_king[d * 16 + nb * 4 + nw] = int8_t(-by_black_king(w, d, nw, nb));
      }
  for (int db = 0; db < kDistances; ++db)
    for (int dw = 0; dw < kDistances; ++dw)
      for (int c = 0; c < 16; ++c)
        t.square[(db * kDistances + dw) * 16 + c] =
            int16_t(t.by_black_king[db * 16 + c] + t.by_white_king[dw * 16 + c]);
  for (Color stm : {BLACK, WHITE})
    for (int pc = 0; pc < PIECE_NB; ++pc)
      for (int nb = 0; nb < 4; ++nb)
        for (int nw = 0; nw < 4; ++nw) {
          const Piece p = Piece(pc);
          const PieceType pt = type_of(p);
          if (pc == NO_PIECE || pt == NO_PIECE_TYPE || pt >= PIECE_TYPE_NB) continue;
          const bool to_move = color_of(p) == stm;
          t.piece[stm][pc][nb * 4 + nw] = int16_t(color_of(p) == BLACK ? side_piece_value(w, pt, nb, nw, to_move)
                                                                       : -side_piece_value(w, pt, nw, nb, to_move));
        }
  t.tempo = w[kTempo];
  auto any_set = [&](int first, int count) {
    return std::any_of(w.begin() + first, w.begin() + first + count, [](int x) { return x != 0; });
  };
  t.king_neighbour_terms = any_set(kKingHole, 3);
  t.king_guard_terms = any_set(kGoldGuard, 4);
  t.king_terms = t.king_neighbour_terms || t.king_guard_terms || any_set(kKingRank, 9) || any_set(kKingFile, 5) ||
                 w[kKingRookNear] != 0;
  t.king_danger[0] = w[kKingDangerAttacked];
  t.king_danger[1] = w[kKingDangerWeak];
  t.king_danger[2] = w[kKingDangerHand];
  t.king_danger[3] = w[kKingDangerOuter];
  t.king_danger[4] = w[kKingDangerDropChecks];
  t.king_danger[5] = w[kKingDangerBoardChecks];
  t.king_danger_scale = w[kKingDangerScale];
  t.king_danger_to_move_percent = w[kKingDangerToMovePercent];
  for (int zone = 0; zone < 3; ++zone)
    for (int d = 0; d < 3; ++d)
      for (int n = 0; n < 4; ++n)
        t.king_zone[zone][d][n] = int16_t(
            std::clamp((w[kKingZoneFrontPercent + zone] - 100) * w[kAttack + d] * w[kMultiEffect + n] / (64 * 100),
                       -30000, 30000));
  t.king_zone_terms = std::any_of(w.begin() + kKingZoneFrontPercent, w.begin() + kKingZoneFrontPercent + 3,
                                  [](int x) { return x != 100; });
  for (Color c : {BLACK, WHITE}) {
    const int sign = c == BLACK ? 1 : -1;
    for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
      const int file = int(file_of(s)), from_edge = std::min(file, 8 - file);  // files are symmetric: no colour
      t.king_square[c][s] =
          int16_t(sign * (w[kKingRank + int(relative_rank(c, rank_of(s)))] + w[kKingFile + from_edge]));
    }
    t.king_rook_near[c] = sign * w[kKingRookNear];
    for (int i = 0; i < 4; ++i) t.king_guard[c][i] = sign * w[kGoldGuard + i];
    t.king_neighbour[c][0] = int16_t(sign * w[kKingHole]);
    t.king_neighbour[c][1] = int16_t(sign * w[kKingShelter]);
    t.king_neighbour[c][2] = int16_t(sign * w[kKingShelterDefended]);
    t.king_neighbour[c][3] = 0;
    for (const auto& [pt, first] :
         {std::pair{SILVER, kSilverRank}, std::pair{GOLD, kGoldRank}, std::pair{ROOK, kRookRank}})
      for (Square s = SQ_ZERO; s < SQ_NB; ++s)
        t.piece_square[make_piece(c, pt)][s] = int16_t(sign * w[first + int(relative_rank(c, rank_of(s)))]);
    // The learned table is Black's view: a White piece reads its square rotated.
    for (PieceType pt = RAW_BEGIN; pt < RAW_END; ++pt)
      for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
        const int learned = kLearnedPieceSquare[pt][c == BLACK ? s : flip(s)] * w[kPieceSquarePercent] / 100;
        t.piece_square[make_piece(c, pt)][s] =
            int16_t(std::clamp(t.piece_square[make_piece(c, pt)][s] + sign * learned, -30000, 30000));
      }
  }
  // The offset tables: a White piece's offset in Black's view is 288 less its own view's.
  for (PieceType pt = RAW_BEGIN; pt < RAW_END; ++pt)
    for (int i = 0; i < kKingOffsets; ++i) {
      t.own_king_offset[make_piece(BLACK, pt)][i] = int16_t(kLearnedOwnKing[pt][i] * w[kPieceOwnKingPercent] / 100);
      t.own_king_offset[make_piece(WHITE, pt)][kKingOffsets - 1 - i] =
          int16_t(-t.own_king_offset[make_piece(BLACK, pt)][i]);
      t.enemy_king_offset[make_piece(BLACK, pt)][i] =
          int16_t(kLearnedEnemyKing[pt][i] * w[kPieceEnemyKingPercent] / 100);
      t.enemy_king_offset[make_piece(WHITE, pt)][kKingOffsets - 1 - i] =
          int16_t(-t.enemy_king_offset[make_piece(BLACK, pt)][i]);
    }
  // The fitted tables: every non-king kind (promoted ones too), each piece in its own view.
  const int fitted = w[kFittedTablesPercent];
  auto add = [fitted](int16_t& cell, int sign, int entry) {
    cell = int16_t(std::clamp(cell + sign * entry * fitted / 100, -30000, 30000));
  };
  for (Color c : {BLACK, WHITE})
    for (PieceType pt = PAWN; pt < PIECE_TYPE_NB && fitted; ++pt) {
      const int sign = c == BLACK ? 1 : -1;
      const Piece pc = make_piece(c, pt);
      for (Square s = SQ_ZERO; s < SQ_NB; ++s)
        add(t.piece_square[pc][s], sign, kFittedSquare[pt][c == BLACK ? s : flip(s)]);
      for (int i = 0; i < kKingOffsets; ++i) {
        const int view = c == BLACK ? i : kKingOffsets - 1 - i;
        add(t.own_king_offset[pc][i], sign, kFittedOwnKing[pt][view]);
        add(t.enemy_king_offset[pc][i], sign, kFittedEnemyKing[pt][view]);
      }
    }
  t.king_offset_terms = w[kPieceOwnKingPercent] != 0 || w[kPieceEnemyKingPercent] != 0 || fitted != 0;
  t.piece_square_all_kinds = w[kPieceSquarePercent] != 0 || fitted != 0;
  t.piece_square_terms = any_set(kSilverRank, 27) || t.piece_square_all_kinds || t.king_offset_terms;
  for (int i = 0; i < kBoardValueCount; ++i) t.board_value[kBoardValueKinds[i]] = w[kBoardValue + i];
  for (PieceType pt : {PRO_LANCE, PRO_KNIGHT, PRO_SILVER}) t.board_value[pt] = t.board_value[PRO_PAWN];
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
    for (int n = 1; n <= 18; ++n) {
      const bool extra_pawn = pr == PAWN && n > kFullValueHandPawns;
      t.hand_value[pr][n] =
          t.hand_value[pr][n - 1] + (extra_pawn ? kExtraHandPawn : w[kHandValue + int(pr) - int(RAW_BEGIN)]);
    }
  return t;
}

const EvalTables& eval_tables() { return g_tables; }
void set_eval_weights(const EvalWeights& w) { g_tables = make_eval_tables(w); }

std::optional<int> eval_weight_index(std::string_view name) {
  const auto at = std::find(kEvalWeightNames.begin(), kEvalWeightNames.end(), name);
  if (at == kEvalWeightNames.end()) return std::nullopt;
  return int(at - kEvalWeightNames.begin());
}

std::variant<EvalWeights, std::string> parse_eval_weights(std::string_view text) {
  EvalWeights w = kDefaultEvalWeights;
  if (auto why = usi::parse_named_values(text, kEvalWeightNames, w, 10000, "weight name")) return *why;
  return w;
}

}  // namespace eval

template <HandLayout H>
int material(const BasicPosition<H>& pos) {
  // Every board kind but the king (both sides have one, or the position is a problem: either
  // way not material); the promoted minors share a value, so one count takes all four.
  const eval::EvalTables& t = g_tables;
  const Bitboard black = pos.pieces(BLACK), white = pos.pieces(WHITE);
  auto balance = [&](Bitboard b) { return (b & black).popcount() - (b & white).popcount(); };
  int v = 0;
  for (PieceType pt : {PAWN, LANCE, KNIGHT, SILVER, GOLD, BISHOP, ROOK, HORSE, DRAGON})
    v += t.board_value[pt] * balance(pos.pieces(pt));
  v += t.board_value[PRO_PAWN] * balance(pos.pieces(PRO_PAWN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER));
  return v + hand_value(t, pos.hand(BLACK)) - hand_value(t, pos.hand(WHITE));
}

// min(black count, 3) * 4 + min(white count, 3) for every byte of the board (vectorized).
inline void capped_counts(const EffectBoard& e, uint8_t* counts) {
  for (int s = 0; s < kEffectBoardStride; ++s)
    counts[s] = uint8_t(std::min<uint8_t>(e.count[BLACK][s], 3) * 4 + std::min<uint8_t>(e.count[WHITE][s], 3));
}

// Per square k, the squares `near` to `far` king steps from it (kKingDistance).
constexpr std::array<Bitboard, SQ_NB> king_distance_band(int near, int far) {
  std::array<Bitboard, SQ_NB> t{};
  for (int k = 0; k < SQ_NB; ++k)
    for (int s = 0; s < SQ_NB; ++s)
      if (kKingDistance[k][s] >= near && kKingDistance[k][s] <= far)
        t[k] = t[k] | (s < 63 ? Bitboard(uint64_t(1) << s, 0) : Bitboard(0, uint64_t(1) << (s - 63)));
  return t;
}
constexpr auto kKingOuterRing = king_distance_band(2, 2);
constexpr auto kKingZone = king_distance_band(1, 2);  // the king's own square excluded
constexpr auto kKingBand3 = king_distance_band(1, 3);

// Each king's square (its rank and file), an own rook close to it, and its neighbours: a hole
// (no own piece, nothing but the king defends it), a shelter (an own piece) defended by the king
// alone or by another piece too. After yaneurao's MATERIAL level 8 (king's neighbourhood and
// king position), weights our own. The file and the rook are the castle: a king left on the
// centre files stands where the fight is, and shogi's proverb keeps king and rook apart (the
// rook's file is where the attack opens).
// The guards: golds and silvers one or two steps from their king, where a castle keeps them
// (gpsusi's golds stood there more often than sashite's in the opening; FINDINGS.md F-eval-terms).
template <HandLayout H>
int king_neighbourhood(const BasicPosition<H>& pos, const EffectBoard& e, const eval::EvalTables& t) {
  int v = 0;
  for (Color c : {BLACK, WHITE}) {
    const Square k = pos.king_square(c);
    if (!is_ok(k)) continue;
    v += t.king_square[c][k] + t.king_rook_near[c] * (pos.pieces(c, ROOK) & kKingZone[k]).popcount();
    if (t.king_guard_terms) {
      const Bitboard near = king_attacks(k), outer = kKingOuterRing[k];
      const Bitboard golds = pos.pieces(c, GOLD), silvers = pos.pieces(c, SILVER);
      v += t.king_guard[c][0] * (golds & near).popcount() + t.king_guard[c][1] * (golds & outer).popcount() +
           t.king_guard[c][2] * (silvers & near).popcount() + t.king_guard[c][3] * (silvers & outer).popcount();
    }
    if (!t.king_neighbour_terms) continue;
    const Bitboard own = pos.pieces(c);
    for_each_square(king_attacks(k), [&](Square s) {
      const bool defended = e.count[c][s] > 1;  // the king is one
      v += t.king_neighbour[c][own.test(s) ? 1 + defended : defended ? 3 : 0];
    });
  }
  return v;
}

// A checking piece of `them` arriving on s is safe there when king c's side does not hold s:
// nothing of c's defends it, or `them` has at least as many other effects on s as c has.
inline bool safe_check_square(const EffectBoard& e, Color c, Square s, int supporters) {
  return e.count[c][s] == 0 || supporters >= e.count[c][s];
}

// The hand points (kKingDangerHandPoints) of the kinds in the enemy's hand that can check king
// `c` by a drop on a square the king's side does not hold (no defender, or no more defenders
// than the enemy's supporters). Pawns are left out (one check square, and the file may hold a
// pawn already). A check the enemy can drop safely is the start of most shogi mating attacks:
// the drop checks of Stockfish's classical king danger ("safe checks"), counted for the hand.
template <HandLayout H>
int drop_checks(const BasicPosition<H>& pos, const EffectBoard& e, Color c) {
  const Color them = ~c;
  const auto& hand = pos.hand(them);
  const Square k = pos.king_square(c);
  const Bitboard occupied = pos.pieces(), empty = ~occupied;
  int points = 0;
  for (PieceType pr = LANCE; pr < RAW_END; ++pr) {
    if (hand.count(pr) == 0) continue;
    // The squares from which `them`'s piece of kind pr attacks k: c's piece of that kind seen from k.
    const Bitboard from = attacks_bb(c, pr, k, occupied) & empty;
    bool safe = false;
    for_each_square(from, [&](Square s) { safe |= safe_check_square(e, c, s, e.count[them][s]); });
    points += safe ? eval::kKingDangerHandPoints[pr] : 0;
  }
  return points;
}

// The enemy's board pieces that can move to a square from which they would check king `c`, a
// square the king's side does not hold (no defender, or fewer than the enemy's effects there
// besides the mover's own): the same safe checks for the pieces on the board. A step piece
// checks only from beside the king or a knight's jump away, so only those within three steps
// are read, and every slider. Checks by promotion are not counted.
template <HandLayout H>
int board_checks(const BasicPosition<H>& pos, const EffectBoard& e, Color c) {
  const Color them = ~c;
  const Square k = pos.king_square(c);
  const Bitboard occupied = pos.pieces(), targets = ~pos.pieces(them);
  const Bitboard sliders =
      pos.pieces(LANCE) | pos.pieces(BISHOP) | pos.pieces(ROOK) | pos.pieces(HORSE) | pos.pieces(DRAGON);
  int pieces = 0;
  for_each_square(pos.pieces(them) & (kKingBand3[k] | sliders), [&](Square q) {
    const PieceType pt = type_of(pos.piece_on(q));
    if (pt == KING) return;
    const Bitboard to = attacks_bb(them, pt, q, occupied) & attacks_bb(c, pt, k, occupied) & targets;
    bool safe = false;
    // The mover's own effect on s is one of `them`'s count there, not a supporter.
    for_each_square(to, [&](Square s) { safe |= safe_check_square(e, c, s, e.count[them][s] - 1); });
    pieces += safe;
  });
  return pieces;
}

// King danger, from Black's view: per king, the squares beside it the enemy reaches, those it
// reaches at least as often as the king's side (king included), the squares two steps away it
// reaches more often than the king's side, and the enemy's hand, weighed, summed
// and squared, so that an attack with pieces in hand and a breached neighbourhood weighs far
// more than either alone (the king danger of Stockfish's classical evaluation, squared sums of
// attack signs; which signs, and the hand as the attack's reserve, are shogi's and our own).
// The side to move's own king may weigh apart: it moves first, to defend or to attack.
template <HandLayout H>
int king_danger(const BasicPosition<H>& pos, const EffectBoard& e, const eval::EvalTables& t) {
  int v = 0;
  for (Color c : {BLACK, WHITE}) {
    const Square k = pos.king_square(c);
    if (!is_ok(k)) continue;
    const Color them = ~c;
    int attacked = 0, weak = 0;
    for_each_square(king_attacks(k), [&](Square s) {
      attacked += e.count[them][s] > 0;
      weak += e.count[them][s] > 0 && e.count[them][s] >= e.count[c][s];
    });
    const auto& hand = pos.hand(them);
    int hand_points = hand.count(PAWN) > 0 ? eval::kKingDangerHandPoints[PAWN] : 0;
    for (PieceType pr = LANCE; pr < RAW_END; ++pr)
      hand_points += eval::kKingDangerHandPoints[pr] * std::min(hand.count(pr), 2);
    int outer = 0;
    if (t.king_danger[3])
      for_each_square(kKingOuterRing[k], [&](Square s) { outer += e.count[them][s] > e.count[c][s]; });
    const int danger = t.king_danger[0] * attacked + t.king_danger[1] * weak + t.king_danger[2] * hand_points +
                       t.king_danger[3] * outer + (t.king_danger[4] ? t.king_danger[4] * drop_checks(pos, e, c) : 0) +
                       (t.king_danger[5] ? t.king_danger[5] * board_checks(pos, e, c) : 0);
    const int percent = c == pos.side_to_move() ? t.king_danger_to_move_percent : 100;
    // 64-bit and capped: weights reach 10,000 through EvalWeights.
    const int penalty =
        int(std::min<int64_t>(int64_t(t.king_danger_scale) * percent * danger * danger / (100 * 1024), 10000));
    v += c == BLACK ? -penalty : penalty;
  }
  return v;
}

// The enemy's effects within two steps of each king, weighed again by where they stand: in
// front of the king (the ranks toward the enemy), beside it on its rank, or behind it. An attack
// comes from the front, and an effect behind a king rarely takes a square it needs. After
// yaneurao's MATERIAL level 9 (effect values by direction from the king); three percentages of
// our own attack terms, Black's king's view in the table, mirrored for White's.
template <HandLayout H>
int king_zone_directions(const BasicPosition<H>& pos, const EffectBoard& e, const eval::EvalTables& t) {
  int v = 0;
  for (Color c : {BLACK, WHITE}) {
    const Square k = pos.king_square(c);
    if (!is_ok(k)) continue;
    const int king_rank = relative_rank(c, rank_of(k));
    int extra = 0;
    for_each_square(kKingZone[k], [&](Square s) {
      const int dr = int(relative_rank(c, rank_of(s))) - king_rank;  // < 0: toward the enemy
      const int zone = dr < 0 ? 0 : dr == 0 ? 1 : 2;
      extra += t.king_zone[zone][kKingDistance[k][s]][std::min<int>(e.count[~c][s], 3)];
    });
    v += c == BLACK ? -extra : extra;
  }
  return v;
}

// Where the pieces stand. By hand, the silvers, golds and rooks by rank: a silver left on its
// first rank has not joined the game, a gold that climbs leaves its king's side, and a rook
// floated to the middle ranks in the opening is a target (what gpsusi's games and sashite's
// differed in; FINDINGS.md F-eval-terms). Learned, every unpromoted kind by square,
// from the same games (scripts/piece_squares.py). Kings and promoted pieces read 0.
// The offset tables read each piece's place around both kings: a castle's shape and an
// attack's (a king-piece table in its smallest form: Hoki, Bonanza's evaluation (2006), learned
// here by counting where a stronger engine's pieces stood, not from its moves).
template <HandLayout H>
int piece_squares(const BasicPosition<H>& pos, const eval::EvalTables& t) {
  int v = 0;
  if (!t.king_offset_terms) {
    const Bitboard pieces = t.piece_square_all_kinds ? pos.pieces() : pos.pieces(SILVER, GOLD, ROOK);
    for_each_square(pieces, [&](Square s) { v += t.piece_square[pos.piece_on(s)][s]; });
    return v;
  }
  for (Color c : {BLACK, WHITE}) {
    const Square own = pos.king_square(c), enemy = pos.king_square(~c);
    const bool kings = is_ok(own) && is_ok(enemy);  // a problem position may lack one
    for_each_square(pos.pieces(c), [&](Square s) {
      const Piece pc = pos.piece_on(s);
      v += t.piece_square[pc][s];
      if (kings)
        v += t.own_king_offset[pc][eval::king_offset(s, own)] + t.enemy_king_offset[pc][eval::king_offset(s, enemy)];
    });
  }
  return v;
}

template <HandLayout H>
int king_terms(const BasicPosition<H>& pos, const EffectBoard& e, const eval::EvalTables& t) {
  return (t.king_terms ? king_neighbourhood(pos, e, t) : 0) + (t.king_danger_scale ? king_danger(pos, e, t) : 0) +
         (t.king_zone_terms ? king_zone_directions(pos, e, t) : 0);
}

// The terms read per piece or per king rather than per square, shared by both paths.
template <HandLayout H>
int sparse_terms(const BasicPosition<H>& pos, const EffectBoard& e, const eval::EvalTables& t) {
  return king_terms(pos, e, t) + (t.piece_square_terms ? piece_squares(pos, t) : 0);
}

// The portable path: the table indices for every square first (the compiler vectorizes these
// fixed-length loops), then two loads per square in one loop without branches.
template <HandLayout H>
int effect_score_scalar(const BasicPosition<H>& pos, const EffectBoard& e) {
  const eval::EvalTables& t = g_tables;
  const uint8_t* db = kKingDistance[std::min<int>(pos.king_square(BLACK), SQ_NB)].data();
  const uint8_t* dw = kKingDistance[std::min<int>(pos.king_square(WHITE), SQ_NB)].data();
  alignas(64) uint8_t counts[kEffectBoardStride];
  alignas(64) uint16_t square[kEffectBoardStride], piece[kEffectBoardStride];
  capped_counts(e, counts);
  for (int s = 0; s < kEffectBoardStride; ++s)
    square[s] = uint16_t((db[s] * eval::kDistances + dw[s]) * 16 + counts[s]);
  for (int s = 0; s < SQ_NB; ++s) piece[s] = uint16_t(pos.piece_on(Square(s)) * 16 + counts[s]);
  const int16_t* piece_table = &t.piece[pos.side_to_move()][0][0];
  int v = 0;
  for (int s = 0; s < SQ_NB; ++s) v += t.square[square[s]] + piece_table[piece[s]];
  return v + sparse_terms(pos, e, t);
}

#if defined(__AVX512VBMI__) && defined(__AVX512BW__)
// 64 squares' terms by one king: one two-register byte permute indexes distance * 16 + counts
// in the 128-byte table; vpsadbw sums the signed bytes biased by 128 into eight 64-bit sums.
inline __m512i square_terms(const int8_t* table, __m512i dist, __m512i counts, __mmask64 valid) {
  const __m512i lo = _mm512_load_si512(table), hi = _mm512_load_si512(table + 64);
  const __m512i index = _mm512_add_epi8(_mm512_slli_epi16(dist, 4), counts);  // dist < 8: no carry between bytes
  const __m512i v = _mm512_maskz_permutex2var_epi8(valid, lo, index, hi);
  return _mm512_sad_epu8(_mm512_xor_si512(v, _mm512_set1_epi8(char(0x80))), _mm512_setzero_si512());
}

template <HandLayout H>
int effect_score(const BasicPosition<H>& pos, const EffectBoard& e) {
  const eval::EvalTables& t = g_tables;
  const uint8_t* db = kKingDistance[std::min<int>(pos.king_square(BLACK), SQ_NB)].data();
  const uint8_t* dw = kKingDistance[std::min<int>(pos.king_square(WHITE), SQ_NB)].data();
  alignas(64) uint8_t counts[kEffectBoardStride];
  capped_counts(e, counts);
  constexpr __mmask64 kLast = (__mmask64(1) << (SQ_NB - 64)) - 1;  // squares 64..80
  auto load64 = [](const uint8_t* p) { return _mm512_loadu_si512(p); };
  auto load32 = [](const uint8_t* p) { return _mm512_maskz_loadu_epi8(kLast, p); };
  const __m512i sums =
      _mm512_add_epi64(_mm512_add_epi64(square_terms(t.by_black_king, load64(db), load64(counts), ~__mmask64(0)),
                                        square_terms(t.by_white_king, load64(dw), load64(counts), ~__mmask64(0))),
                       _mm512_add_epi64(square_terms(t.by_black_king, load32(db + 64), load32(counts + 64), kLast),
                                        square_terms(t.by_white_king, load32(dw + 64), load32(counts + 64), kLast)));
  alignas(64) int64_t lanes[8];
  _mm512_store_si512(lanes, sums);
  int v = -4 * 64 * 128;  // the bias of every byte of the four permutes
  for (int64_t x : lanes) v += int(x);
  const auto& piece = t.piece[pos.side_to_move()];
  for_each_square(pos.pieces(), [&](Square s) { v += piece[pos.piece_on(s)][counts[s]]; });
  return v + sparse_terms(pos, e, t);
}
#else
template <HandLayout H>
int effect_score(const BasicPosition<H>& pos, const EffectBoard& e) {
  return effect_score_scalar(pos, e);
}
#endif

template <HandLayout H>
Value evaluate(const BasicPosition<H>& pos, const EffectBoard& effects) {
  const int v = material(pos) + effect_score(pos, effects);
  return std::clamp((pos.side_to_move() == BLACK ? v : -v) + g_tables.tempo, -VALUE_EVAL_MAX, VALUE_EVAL_MAX);
}

template <HandLayout H>
Value evaluate(const BasicPosition<H>& pos) {
  EffectBoard e;
  compute_effects(pos, e);
  return evaluate(pos, e);
}

#define SASHITE_INSTANTIATE_EVALUATE(H)                                             \
  template int material<H>(const BasicPosition<H>&);                                \
  template int effect_score<H>(const BasicPosition<H>&, const EffectBoard&);        \
  template int effect_score_scalar<H>(const BasicPosition<H>&, const EffectBoard&); \
  template Value evaluate<H>(const BasicPosition<H>&, const EffectBoard&);          \
  template Value evaluate<H>(const BasicPosition<H>&);
SASHITE_FOR_EACH_HAND_LAYOUT(SASHITE_INSTANTIATE_EVALUATE)

}  // namespace sashite
