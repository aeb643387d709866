// The search's learned move-ordering statistics (the tables of Stockfish's movepick.h, in
// shogi's terms): what caused cut-offs, indexed so that neither the generator's order nor the
// hand layout can reach them. Every entry moves by the gravity update below, which keeps it
// inside +-Max, so sums of a few tables fit a 32-bit ExtMove score.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

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

// Every table the search learns in, cleared by usinewgame.
struct SearchHistory {
  ButterflyHistory main;
  CaptureHistory captures;
  ContinuationHistory continuation;
  CounterMoves counters;
  void clear() {
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

}  // namespace sashite
