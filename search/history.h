// The search's learned move-ordering statistics (the tables of Stockfish's movepick.h, in
// shogi's terms): what caused cut-offs, indexed so that neither the generator's order nor the
// hand layout can reach them. Every entry moves by the gravity update below, which keeps it
// inside +-Max, so sums of a few tables fit a 32-bit ExtMove score.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "engine/bitboard.h"
#include "engine/types.h"

namespace sashite {

// e += bonus - e |bonus| / Max: a bonus pulls e towards +-Max and the nearer e is, the less
// it moves (Stockfish's history gravity).
template <int Max>
inline void update_stat(int16_t& e, int bonus) {
  bonus = std::clamp(bonus, -Max, Max);
  e = int16_t(e + bonus - e * std::abs(bonus) / Max);
}

// Quiet moves by side and the whole move: from (or the dropped kind), to, drop and promotion
// flags, so a promotion and its non-promotion learn apart (256 KB).
struct ButterflyHistory {
  static constexpr int kMax = 7183;
  int16_t table[COLOR_NB][1 << 16];
  int get(Color c, Move m) const { return table[c][m]; }
  void update(Color c, Move m, int bonus) { update_stat<kMax>(table[c][m], bonus); }
};

// Captures by the moving piece (after promotion), the square and the captured kind.
struct CaptureHistory {
  static constexpr int kMax = 10692;
  int16_t table[PIECE_NB][SQ_NB][PIECE_TYPE_NB];
  int get(Piece pc, Square to, PieceType captured) const { return table[pc][to][captured]; }
  void update(Piece pc, Square to, PieceType captured, int bonus) { update_stat<kMax>(table[pc][to][captured], bonus); }
};

// (piece, to) of a move, by (piece, to) of the move some plies before it: the continuation
// history's row for one earlier move. A null move's row is the (NO_PIECE, 0) one.
struct PieceToHistory {
  static constexpr int kMax = 29952;
  int16_t table[PIECE_NB][SQ_NB];
  int get(Piece pc, Square to) const { return table[pc][to]; }
  void update(Piece pc, Square to, int bonus) { update_stat<kMax>(table[pc][to], bonus); }
};

// 13 MB: allocated once per engine.
struct ContinuationHistory {
  PieceToHistory rows[PIECE_NB][SQ_NB];
  PieceToHistory* row(Piece pc, Square to) { return &rows[pc][to]; }
};

// The quiet move that last refuted (piece, to).
struct CounterMoves {
  Move table[PIECE_NB][SQ_NB];
  Move get(Piece pc, Square to) const { return table[pc][to]; }
  void set(Piece pc, Square to, Move m) { table[pc][to] = m; }
};

// What searches found positions of one shape worth beyond their static evaluation, by side to
// move and a key of that shape (Stockfish's correction history, its pawn-structure table): the
// evaluation misjudges some shapes the same way every time, and the search measures by how much.
// An entry is the correction in 1/16 cp (so at most 64 cp); the bonus is the search's result less
// the corrected evaluation, scaled by depth (search.h).
struct CorrectionHistory {
  static constexpr int kMax = 1024;
  static constexpr int kSize = 1 << 14;
  int16_t table[COLOR_NB][kSize];
  int get(Color c, uint64_t key) const { return table[c][key & (kSize - 1)]; }
  void update(Color c, uint64_t key, int bonus) { update_stat<kMax>(table[c][key & (kSize - 1)], bonus); }
};

// Every table the search learns in, cleared by usinewgame.
struct SearchHistory {
  ButterflyHistory main;
  CaptureHistory captures;
  ContinuationHistory continuation;
  CounterMoves counters;
  CorrectionHistory pawn_correction;  // by both sides' board pawns
  CorrectionHistory king_correction;  // by both kings' squares and who stands beside each
  void clear() {
    std::memset(&pawn_correction, 0, sizeof pawn_correction);
    std::memset(&king_correction, 0, sizeof king_correction);
    std::memset(&main, 0, sizeof main);
    std::memset(&captures, 0, sizeof captures);
    // Stockfish starts its continuation rows slightly negative; zero keeps the tables symmetric.
    std::memset(&continuation, 0, sizeof continuation);
    std::memset(&counters, 0, sizeof counters);
  }
};

// The piece a move leaves on its target square: the continuation history's and capture
// history's index (a promotion and a non-promotion of one piece learn apart).
template <class Board>
Piece piece_after(const Board& b, Move m) {
  const Piece pc = b.moved_piece(m);
  return is_promotion(m) ? Piece(int(pc) | int(PROMOTED)) : pc;
}

// The correction tables' keys, from the board alone (never the position's key), so that every
// hash scheme, hand layout and generator searches the same tree. A multiply-xorshift mix of the
// bitboards; the table takes the low bits.
inline uint64_t mix_key(uint64_t h) {
  h ^= h >> 31;
  h *= 0x9E3779B97F4A7C15ULL;
  return h ^ h >> 29;
}
template <class Board>
uint64_t pawn_shape_key(const Board& b) {
  const Bitboard black = b.pieces(BLACK, PAWN), white = b.pieces(WHITE, PAWN);
  return mix_key(black.p[0] * 0xD6E8FEB86659FD93ULL ^ black.p[1] * 0xA0761D6478BD642FULL ^
                 white.p[0] * 0xE7037ED1A0B428DBULL ^ white.p[1] * 0x8EBC6AF09C88C6E3ULL);
}
// Each king's square and the own and enemy pieces on its eight neighbours: the castle's shape.
template <class Board>
uint64_t king_shape_key(const Board& b) {
  uint64_t h = 0;
  for (Color c : {BLACK, WHITE}) {
    const Square k = b.king_square(c);
    const Bitboard around = k == SQ_NONE ? Bitboard() : king_attacks(k);
    const Bitboard own = around & b.pieces(c), enemy = around & b.pieces(~c);
    h = mix_key(h ^ uint64_t(k) ^ (own.p[0] ^ own.p[1] << 7) * 0xD6E8FEB86659FD93ULL ^
                (enemy.p[0] ^ enemy.p[1] << 7) * 0xA0761D6478BD642FULL);
  }
  return h;
}

}  // namespace sashite
