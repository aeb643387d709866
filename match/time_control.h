// A side's limit per game: a clock (main time, byoyomi, Fischer increment) or a fixed limit per
// move (time, nodes or depth). Text form, as the runner's --tc takes it: comma-separated
// key=value pairs, e.g. "byoyomi=1000", "main=60000,byoyomi=1000", "main=10000,inc=100",
// "movetime=200", "nodes=20000", "depth=6" (times in milliseconds).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sashite::match {

struct TimeControl {
  int64_t main_ms = 0;      // initial btime/wtime
  int64_t byoyomi_ms = 0;   // per move once the main time is gone; not carried over
  int64_t inc_ms = 0;       // added to the main time at the start of each move (Fischer)
  int64_t movetime_ms = 0;  // fixed time per move: "go movetime"
  int64_t nodes = 0;        // "go nodes"
  int depth = 0;            // "go depth"

  static TimeControl byoyomi(int64_t ms) { return {0, ms, 0, 0, 0, 0}; }
  bool clocked() const { return movetime_ms == 0 && nodes == 0 && depth == 0; }
  // Time odds: every time of the control times k (nodes and depth unchanged).
  TimeControl scaled(double k) const;
  // Node odds: the node limit times k, rounded, at least 1 (times and depth unchanged).
  TimeControl nodes_scaled(double k) const;
  std::string text() const;  // the --tc form
  bool operator==(const TimeControl&) const = default;
};

using KeyValues = std::vector<std::pair<std::string_view, std::string_view>>;
// "a=1,b=2" as its pairs, in order (views into `text`), the form of --tc, --sprt, --resign and
// --draw; nullopt and *error when an item has no '='.
std::optional<KeyValues> split_key_values(std::string_view text, std::string* error);

// nullopt and *error on unknown keys, bad numbers, an empty control, or a clock mixed with a
// per-move limit.
std::optional<TimeControl> parse_time_control(std::string_view text, std::string* error);

}  // namespace sashite::match
