// How long to think about one move, from the `go` limits.
#pragma once

#include <cstdint>

#include "engine/types.h"
#include "search/limits.h"

namespace sashite {

// Stop deepening once optimum_ms has passed (the search scales it by the best move's
// stability and the score's trend); stop at once at maximum_ms. Both count from the moment `go`
// was read. With byoyomi alone they are equal: what is left of a byoyomi is lost, so it is
// spent whole, and a search stopped inside an iteration still answers from it.
struct TimeBudget {
  int64_t optimum_ms;
  int64_t maximum_ms;
};

// No time limit (depth, nodes, infinite, or no clock): far beyond any game, yet no overflow
// when added to a clock reading.
inline constexpr int64_t kNoTimeLimit = int64_t(1) << 60;
// The least budget ever returned, enough for a depth-1 answer: with an empty clock the engine
// answers at once rather than not at all.
inline constexpr int64_t kMinThinkMs = 10;

// `game_ply`: the position's move number (Position::game_ply(), 1 at the start); it only sets
// how many moves the main time must last. `move_overhead_ms`: what passes outside the search
// on each move (the pipes, the GUI's reading, and the engine's own reaction from the stop
// check to the bestmove line), kept back from every clock. It is the only safety margin, so
// it must cover the slowest of those on the machine: the GUI's clock then reads at most
// maximum_ms + overhead, under the flag.
//
// With a clock the maximum stays strictly below the time available for this move (remaining
// + the larger of byoyomi and increment) minus the overhead, unless that is under
// kMinThinkMs: then both are kMinThinkMs. movetime gives movetime - overhead (at least
// kMinThinkMs) for both, capped by the clock if one is given too. infinite, or no clock and
// no movetime: kNoTimeLimit. Ponder is not looked at: the engine applies the budget from
// `ponderhit`.
TimeBudget plan_time(const SearchLimits& limits, Color us, int game_ply, int64_t move_overhead_ms);

}  // namespace sashite
