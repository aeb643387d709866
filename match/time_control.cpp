#include "match/time_control.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "engine/types.h"

namespace sashite::match {

TimeControl TimeControl::scaled(double k) const {
  TimeControl t = *this;
  for (int64_t* ms : {&t.main_ms, &t.byoyomi_ms, &t.inc_ms, &t.movetime_ms})
    *ms = int64_t(std::llround(double(*ms) * k));
  return t;
}

TimeControl TimeControl::nodes_scaled(double k) const {
  TimeControl t = *this;
  if (t.nodes) t.nodes = std::max<int64_t>(1, int64_t(std::llround(double(t.nodes) * k)));
  return t;
}

std::string TimeControl::text() const {
  std::string s;
  auto add = [&](const char* key, int64_t v) {
    if (v == 0) return;
    // Appended part by part: `"," + std::string&&` inserts at the front, which GCC 12 wrongly
    // flags as an overlapping copy (-Wrestrict, GCC bugs 105329 and 105651).
    if (!s.empty()) s += ',';
    s.append(key).append("=").append(std::to_string(v));
  };
  add("main", main_ms);
  add("byoyomi", byoyomi_ms);
  add("inc", inc_ms);
  add("movetime", movetime_ms);
  add("nodes", nodes);
  add("depth", depth);
  return s.empty() ? "byoyomi=0" : s;
}

std::optional<KeyValues> split_key_values(std::string_view text, std::string* error) {
  KeyValues out;
  for (std::string_view rest = text; !rest.empty();) {
    const size_t comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? "" : rest.substr(comma + 1);
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos) {
      if (error) *error = quoted(item) + " is not key=value";
      return std::nullopt;
    }
    out.emplace_back(item.substr(0, eq), item.substr(eq + 1));
  }
  return out;
}

std::optional<TimeControl> parse_time_control(std::string_view text, std::string* error) {
  TimeControl tc;
  bool any = false;
  auto bad = [&](const std::string& why) {
    if (error) *error = "time control " + quoted(text) + ": " + why;
    return std::nullopt;
  };
  std::string split_error;
  const auto items = split_key_values(text, &split_error);
  if (!items) return bad(split_error);
  for (const auto& [key, value] : *items) {
    int64_t v = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec != std::errc() || end != value.data() + value.size() || v < 0 || v > int64_t(1) << 40)
      return bad(std::string("'").append(value).append("' is not a count from 0 to 2^40"));  // not "'" + string: text()
    if (key == "main")
      tc.main_ms = v;
    else if (key == "byoyomi")
      tc.byoyomi_ms = v;
    else if (key == "inc")
      tc.inc_ms = v;
    else if (key == "movetime")
      tc.movetime_ms = v;
    else if (key == "nodes")
      tc.nodes = v;
    else if (key == "depth") {
      if (v < 1 || v > 127) return bad("depth must be 1 to 127");
      tc.depth = int(v);
    } else
      return bad("unknown key '" + std::string(key) + "' (main, byoyomi, inc, movetime, nodes, depth)");
    any = true;
  }
  if (!any) return bad("empty");
  const bool clock = tc.main_ms || tc.byoyomi_ms || tc.inc_ms;
  const int fixed = (tc.movetime_ms > 0) + (tc.nodes > 0) + (tc.depth > 0);
  if (clock && fixed)
    return bad("a clock (main, byoyomi, inc) and a per-move limit (movetime, nodes, depth) do not mix");
  if (fixed > 1) return bad("one per-move limit at a time");
  if (!clock && !fixed) return bad("no time given");
  return tc;
}

}  // namespace sashite::match
