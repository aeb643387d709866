// What a `go` command asks of the search: clocks, fixed limits, or none (until `stop`). The
// USI text is parsed in usi/go_command.h: the search reads only these values.
#pragma once

#include <cstdint>

#include "engine/types.h"

namespace sashite {

struct SearchLimits {
  int64_t time[COLOR_NB] = {0, 0};  // btime, wtime (ms)
  int64_t inc[COLOR_NB] = {0, 0};   // binc, winc (ms)
  int64_t byoyomi = 0;              // ms
  int64_t movetime = 0;             // ms
  int depth = 0;                    // 0: no limit
  uint64_t nodes = 0;               // 0: no limit
  bool infinite = false, ponder = false;
  // The USI layer's parse_go (usi/go_command.h) sets it when a clock word appears: "btime 0 wtime 0 byoyomi 0" is a
  // clock with nothing left (answer at once), not the absence of one.
  bool clock_given = false;
  // "go mate <ms>|infinite": solve for mate instead of searching (mate/solver.h);
  // mate_ms 0 is no limit (until `stop`).
  bool mate = false;
  int64_t mate_ms = 0;

  // Any of time/inc/byoyomi given (or, in limits built by hand, non-zero).
  bool uses_clock() const { return clock_given || time[BLACK] || time[WHITE] || inc[BLACK] || inc[WHITE] || byoyomi; }
};

}  // namespace sashite
