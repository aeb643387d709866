#include "search/evaluate.h"

#include <algorithm>
#include <array>

namespace sashite {

namespace {

// Board pieces other than the king (both sides have one, or the position is a problem: either
// way not material). Gold and the promoted minors share a value, so golds() counts them at once.
constexpr PieceType kMaterialTypes[] = {PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK, HORSE, DRAGON};
static_assert(kPieceValue[PRO_PAWN] == kPieceValue[GOLD] && kPieceValue[PRO_LANCE] == kPieceValue[GOLD] &&
              kPieceValue[PRO_KNIGHT] == kPieceValue[GOLD] && kPieceValue[PRO_SILVER] == kPieceValue[GOLD]);

template <HandLayout H>
int hand_value(const H& hand) {
  int v = 0;
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) v += eval::kHandValue[pr][hand.count(pr)];
  return v;
}

// Chebyshev distance from a king square (row SQ_NB: no king, far from everything) to each
// square, padded to the effect board's stride.
constexpr auto kKingDistance = [] {
  std::array<std::array<uint8_t, kEffectBoardStride>, SQ_NB + 1> t{};
  for (int k = 0; k <= SQ_NB; ++k)
    for (int s = 0; s < SQ_NB; ++s)
      if (k == SQ_NB) {
        t[k][s] = 8;
      } else {
        const int df = s / 9 - k / 9, dr = s % 9 - k % 9;
        t[k][s] = uint8_t(std::max(df < 0 ? -df : df, dr < 0 ? -dr : dr));
      }
  return t;
}();

// One side's terms on a square: own = its count there, enemy = the other side's, both capped
// at 3; d_own and d_enemy the square's distances to its own and the enemy king.
int side_square_value(const eval::EffectWeights& w, int d_own, int d_enemy, int own, int enemy) {
  int v = (w[eval::kAttack + d_enemy] + w[eval::kDefence + d_own]) * w[eval::kMultiEffect + own] / 64;
  if (d_own <= 2 && enemy > own) v -= w[eval::kOutnumbered + d_own];
  return v;
}

// One side's terms for a piece of kind pt on a square with own and enemy counts (capped).
int side_piece_value(const eval::EffectWeights& w, PieceType pt, int own, int enemy) {
  if (pt == KING) return 0;
  int v = own > 0 ? w[eval::kDefended] : 0;
  if (enemy > 0 && own == 0) v -= kPieceValue[pt] * w[eval::kHangingPercent] / 100;
  if (enemy > own && own > 0) v -= kPieceValue[pt] * w[eval::kOutnumberedPercent] / 100;
  return v;
}

eval::EffectTables g_tables = eval::make_effect_tables(eval::kDefaultEffectWeights);

}  // namespace

namespace eval {

EffectTables make_effect_tables(const EffectWeights& w) {
  EffectTables t{};
  for (int db = 0; db < 9; ++db)
    for (int dw = 0; dw < 9; ++dw)
      for (int nb = 0; nb < 4; ++nb)
        for (int nw = 0; nw < 4; ++nw)
          t.square[(db * 9 + dw) * 16 + nb * 4 + nw] =
              int16_t(side_square_value(w, db, dw, nb, nw) - side_square_value(w, dw, db, nw, nb));
  for (int pc = 0; pc < PIECE_NB; ++pc)
    for (int nb = 0; nb < 4; ++nb)
      for (int nw = 0; nw < 4; ++nw) {
        const Piece p = Piece(pc);
        const PieceType pt = type_of(p);
        if (pc == NO_PIECE || pt == NO_PIECE_TYPE || pt >= PIECE_TYPE_NB) continue;
        t.piece[pc][nb * 4 + nw] =
            int16_t(color_of(p) == BLACK ? side_piece_value(w, pt, nb, nw) : -side_piece_value(w, pt, nw, nb));
      }
  return t;
}

const EffectTables& effect_tables() { return g_tables; }
void set_effect_weights(const EffectWeights& w) { g_tables = make_effect_tables(w); }

}  // namespace eval

template <HandLayout H>
int material(const BasicPosition<H>& pos) {
  const Bitboard black = pos.pieces(BLACK), white = pos.pieces(WHITE);
  int v = 0;
  for (PieceType pt : kMaterialTypes) {
    const Bitboard b = pos.pieces(pt);
    v += kPieceValue[pt] * ((b & black).popcount() - (b & white).popcount());
  }
  const Bitboard golds = pos.golds();
  v += kPieceValue[GOLD] * ((golds & black).popcount() - (golds & white).popcount());
  return v + hand_value(pos.hand(BLACK)) - hand_value(pos.hand(WHITE));
}

// The table indices are computed for every square first (the compiler vectorizes these fixed-
// length loops); then two loads per square remain, in one loop without branches (measured no
// slower than the pieces' terms in a loop over the occupied squares, whose exit mispredicts).
template <HandLayout H>
int effect_score(const BasicPosition<H>& pos, const EffectBoard& e) {
  const eval::EffectTables& t = g_tables;
  const uint8_t* db = kKingDistance[std::min<int>(pos.king_square(BLACK), SQ_NB)].data();
  const uint8_t* dw = kKingDistance[std::min<int>(pos.king_square(WHITE), SQ_NB)].data();
  alignas(64) uint8_t counts[kEffectBoardStride];
  alignas(64) uint16_t square[kEffectBoardStride], piece[kEffectBoardStride];
  for (int s = 0; s < kEffectBoardStride; ++s)
    counts[s] = uint8_t(std::min<uint8_t>(e.count[BLACK][s], 3) * 4 + std::min<uint8_t>(e.count[WHITE][s], 3));
  for (int s = 0; s < kEffectBoardStride; ++s) square[s] = uint16_t((db[s] * 9 + dw[s]) * 16 + counts[s]);
  for (int s = 0; s < SQ_NB; ++s) piece[s] = uint16_t(pos.piece_on(Square(s)) * 16 + counts[s]);
  const int16_t* piece_table = &t.piece[0][0];
  int v = 0;
  for (int s = 0; s < SQ_NB; ++s) v += t.square[square[s]] + piece_table[piece[s]];
  return v;
}

template <HandLayout H>
Value evaluate(const BasicPosition<H>& pos, const EffectBoard& effects) {
  const int v = std::clamp(material(pos) + effect_score(pos, effects), -VALUE_EVAL_MAX, VALUE_EVAL_MAX);
  return pos.side_to_move() == BLACK ? v : -v;
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
  template Value evaluate<H>(const BasicPosition<H>&, const EffectBoard&);          \
  template Value evaluate<H>(const BasicPosition<H>&);
SASHITE_FOR_EACH_HAND_LAYOUT(SASHITE_INSTANTIATE_EVALUATE)

}  // namespace sashite
