#include "engine/usi_text.h"

#include <algorithm>
#include <charconv>

#include "engine/position.h"

namespace sashite::usi {

namespace {
// White space as isspace() has it in the C locale, which `is >> word` splits on.
constexpr std::string_view kWhiteSpace = " \t\r\n\v\f";
}  // namespace

std::string_view trim(std::string_view text) {
  const size_t first = text.find_first_not_of(kWhiteSpace);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(kWhiteSpace) - first + 1);
}

std::string_view first_word(std::string_view text) {
  text = trim(text);
  return text.substr(0, text.find_first_of(kWhiteSpace));
}

std::optional<int> parse_int(std::string_view text, int lo, int hi) {
  int v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v < lo || v > hi) return std::nullopt;
  return v;
}

std::string_view next_word(std::string_view& rest) {
  const size_t first = std::min(rest.find_first_not_of(kWhiteSpace), rest.size());
  const size_t end = std::min(rest.find_first_of(kWhiteSpace, first), rest.size());
  const std::string_view word = rest.substr(first, end - first);
  rest.remove_prefix(end);
  return word;
}

std::optional<std::string> parse_named_values(std::string_view text, std::span<const std::string_view> names,
                                              std::span<int> values, int limit, std::string_view noun) {
  std::string words(text);
  std::replace(words.begin(), words.end(), ',', ' ');
  std::string_view rest = words;
  for (std::string_view pair; !(pair = next_word(rest)).empty();) {
    const size_t eq = pair.find('=');
    const auto name = std::find(names.begin(), names.end(), pair.substr(0, eq));
    const std::optional<int> value =
        eq == std::string_view::npos ? std::nullopt : parse_int(pair.substr(eq + 1), -limit, limit);
    if (name != names.end() && value) {
      values[size_t(name - names.begin())] = *value;
      continue;
    }
    // Appends, not operator+: GCC 12's -Wrestrict misfires on the latter (GCC bug 105329).
    std::string why = "'";
    why.append(pair).append("'");
    if (name == names.end()) return why.append(" is not <").append(noun).append(">=<integer>");
    return why.append(": the value must be an integer from -")
        .append(std::to_string(limit))
        .append(" to ")
        .append(std::to_string(limit));
  }
  return std::nullopt;
}

PositionCommand parse_position(std::string_view args) {
  PositionCommand c;
  std::string_view word = next_word(args);
  bool has_moves = false;
  if (word == "startpos") {
    c.sfen = Position::kStartSfen;
    word = next_word(args);
    if (!word.empty() && word != "moves") c.error = "expected 'moves' after 'startpos', got " + quoted(word);
    has_moves = word == "moves";
  } else if (word == "sfen") {
    while (!(word = next_word(args)).empty() && !(has_moves = word == "moves")) {
      if (c.sfen.empty() && word == "startpos") {
        c.error = "'startpos' is not an SFEN: write 'position startpos [moves ...]'";
        return c;
      }
      (c.sfen += word) += ' ';
    }
  } else {
    c.error = "expected 'startpos' or 'sfen', got " + quoted(word);
  }
  if (has_moves) c.moves = args;
  return c;
}

}  // namespace sashite::usi
