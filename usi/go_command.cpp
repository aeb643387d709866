#include "usi/go_command.h"

#include <charconv>
#include <limits>
#include <optional>

#include "engine/usi_text.h"

namespace sashite {

namespace {

// The whole word as a decimal integer in [0, max] ("+5", "-0" and "5ms" are not).
template <class T>
std::optional<T> parse_count(std::string_view word, T max) {
  T v{};
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
  if (word.empty() || word[0] == '-' || ec != std::errc() || end != word.data() + word.size() || v > max)
    return std::nullopt;
  return v;
}

// Times are capped at 2^53 ms (285,000 years) so that the time manager's sums cannot overflow.
constexpr int64_t kMaxMs = int64_t(1) << 53;

}  // namespace

std::variant<SearchLimits, std::string> parse_go(std::string_view args) {
  SearchLimits l;
  if (usi::first_word(args) == "mate") {
    std::string_view rest = args;
    usi::next_word(rest);
    const std::string_view value = usi::next_word(rest);
    l.mate = true;
    if (value != "infinite") {
      const auto v = parse_count<int64_t>(value, kMaxMs);
      if (!v)
        return "go mate: needs a time (ms) or 'infinite', got " +
               (value.empty() ? std::string("nothing") : quoted(value));
      l.mate_ms = *v;
    }
    if (!usi::trim(rest).empty()) return "go mate: unexpected " + quoted(usi::trim(rest));
    return l;
  }
  for (std::string_view word; !(word = usi::next_word(args)).empty();) {
    if (word == "infinite") {
      l.infinite = true;
      continue;
    }
    if (word == "ponder") {
      l.ponder = true;
      continue;
    }
    if (word == "mate") return std::string("go: mate must come first ('go mate <ms>|infinite')");

    int64_t* ms = word == "btime"      ? &l.time[BLACK]
                  : word == "wtime"    ? &l.time[WHITE]
                  : word == "binc"     ? &l.inc[BLACK]
                  : word == "winc"     ? &l.inc[WHITE]
                  : word == "byoyomi"  ? &l.byoyomi
                  : word == "movetime" ? &l.movetime
                                       : nullptr;
    if (!ms && word != "depth" && word != "nodes") return "go: unknown word " + quoted(word);

    const std::string_view value = usi::next_word(args);
    auto bad = [&](std::string_view what) {
      return "go: " + std::string(word) + " needs " + std::string(what) + ", got " +
             (value.empty() ? std::string("nothing") : quoted(value));
    };
    if (ms) {
      const auto v = parse_count<int64_t>(value, kMaxMs);
      if (!v) return bad("a non-negative integer (ms)");
      *ms = *v;
      l.clock_given |= ms != &l.movetime;
    } else if (word == "depth") {
      const auto v = parse_count<int>(value, MAX_PLY);
      if (!v) return bad("an integer from 0 to " + std::to_string(MAX_PLY));
      l.depth = *v;
    } else {
      const auto v = parse_count<uint64_t>(value, std::numeric_limits<uint64_t>::max());
      if (!v) return bad("a non-negative integer");
      l.nodes = *v;
    }
  }
  // Nothing that ends the search by itself ("go", "go ponder", "go depth 0"): until stop.
  if (!l.uses_clock() && !l.movetime && !l.depth && !l.nodes) l.infinite = true;
  return l;
}

}  // namespace sashite
