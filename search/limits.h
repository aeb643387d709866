// What a `go` command asks of the search: clocks, fixed limits, or none (until `stop`).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

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
  // parse_go sets it when a clock word appears: "btime 0 wtime 0 byoyomi 0" is a clock with
  // nothing left (answer at once), not the absence of one.
  bool clock_given = false;
  // "go mate <ms>|infinite": solve for mate instead of searching (mate/solver.h);
  // mate_ms 0 is no limit (until `stop`).
  bool mate = false;
  int64_t mate_ms = 0;

  // Any of time/inc/byoyomi given (or, in limits built by hand, non-zero).
  bool uses_clock() const { return clock_given || time[BLACK] || time[WHITE] || inc[BLACK] || inc[WHITE] || byoyomi; }
};

// Parses the words after "go" (not "go perft", which the engine handles before): btime wtime
// byoyomi binc winc movetime depth nodes (each with a non-negative integer), infinite, ponder,
// in any order; a repeated word keeps its last value; 0 for movetime, depth or nodes is no limit.
// When nothing would end the search ("go", "go ponder", "go depth 0") `infinite` is set:
// search until `stop`, as "go infinite". byoyomi and binc/winc together are
// accepted as given; plan_time (search/time_manager.h) counts only the larger per move.
// Returns the limits, or a one-line error naming the bad word ("go: btime needs a
// non-negative integer, got '-5'"). "go mate <ms>|infinite" stands alone, as the USI protocol
// has it: no other word before or after (0 ms is no limit, as infinite).
std::variant<SearchLimits, std::string> parse_go(std::string_view args);

}  // namespace sashite
