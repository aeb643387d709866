// Search values: centipawn-like scores from the side to move's view, and the mate band above
// them. A mate found n plies from the root scores VALUE_MATE - n, so a shorter mate is worth
// more; stored in the TT relative to the node (value_to_tt) so that it stays right when the
// same position is reached at another ply.
#pragma once

#include <cstdint>

#include "engine/types.h"

namespace sashite {

using Value = int;
constexpr Value VALUE_ZERO = 0;
constexpr Value VALUE_DRAW = 0;
constexpr Value VALUE_MATE = 32000;
constexpr Value VALUE_INFINITE = 32001;
constexpr Value VALUE_NONE = 32002;
constexpr Value VALUE_MATE_IN_MAX_PLY = VALUE_MATE - MAX_PLY;
constexpr Value VALUE_MATED_IN_MAX_PLY = -VALUE_MATE_IN_MAX_PLY;
// A superior repetition (the same board with more in hand) scores as a near-win: below every
// mate, above every evaluation (evaluate() is clamped well inside this).
constexpr Value VALUE_SUPERIOR = VALUE_MATE_IN_MAX_PLY - 1;
constexpr Value VALUE_EVAL_MAX = 20000;

constexpr Value mate_in(int ply) { return VALUE_MATE - ply; }
constexpr Value mated_in(int ply) { return -VALUE_MATE + ply; }
constexpr bool is_mate_score(Value v) { return v >= VALUE_MATE_IN_MAX_PLY || v <= VALUE_MATED_IN_MAX_PLY; }

// Mate scores in the TT count plies from the stored node, not from the root.
constexpr Value value_to_tt(Value v, int ply) {
  return v >= VALUE_MATE_IN_MAX_PLY ? v + ply : v <= VALUE_MATED_IN_MAX_PLY ? v - ply : v;
}
// An absent bound (+-VALUE_INFINITE) and VALUE_NONE pass unchanged.
constexpr Value value_from_tt(Value v, int ply) {
  if (v >= VALUE_INFINITE || v <= -VALUE_INFINITE) return v;
  return v >= VALUE_MATE_IN_MAX_PLY ? v - ply : v <= VALUE_MATED_IN_MAX_PLY ? v + ply : v;
}

// What a stored value says about the true value: at least it (LOWER), at most it (UPPER), both.
enum Bound : uint8_t { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT = BOUND_UPPER | BOUND_LOWER };

// What a search's result says when its window was (alpha, beta): a score at or below alpha is
// an upper bound (a fail low), one at or above beta a lower bound. Read before the window
// moves: the aspiration loop widens it right after.
constexpr Bound window_bound(Value v, Value alpha, Value beta) {
  return v <= alpha ? BOUND_UPPER : v >= beta ? BOUND_LOWER : BOUND_EXACT;
}

}  // namespace sashite
