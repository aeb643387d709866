// The USI `go` command's words, parsed into the search's limits (search/limits.h): the
// protocol's text stays in the USI layer.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "search/limits.h"

namespace sashite {

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
