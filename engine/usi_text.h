// USI command text, free of any generator: trimming, words, bounded integers and the
// `position` command's arguments. Below every layer that reads USI text (rules/, search/,
// match/, usi/).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace sashite::usi {

// `text` without white space at either end: a GUI's CRLF line keeps its '\r' through getline.
std::string_view trim(std::string_view text);

// The whole of `text` as a decimal integer in [lo, hi] ("3abc" is not 3).
std::optional<int> parse_int(std::string_view text, int lo, int hi);

// The first word of `text` (trimmed): words end at any white space, as `is >> word` splits
// them, so "stop\vnow" is the command `stop` for the loop and for the command parser alike.
std::string_view first_word(std::string_view text);
// The first word of `rest`, which then starts after it; empty when no word is left.
std::string_view next_word(std::string_view& rest);

// Named integers from text, for the options that set many numbers at once (EvalWeights,
// SearchTune): "name=value" pairs split by commas or white space, each setting values[i] where
// names[i] is its name, within [-limit, limit]; the rest keep what they hold. The error names
// the first bad pair and what a name should be (`noun`); values may then be partly set.
std::optional<std::string> parse_named_values(std::string_view text, std::span<const std::string_view> names,
                                              std::span<int> values, int limit, std::string_view noun);

// The arguments of "position startpos|sfen <sfen> [moves m1 m2 ...]". "startpos" is a USI
// keyword, turned into Position::kStartSfen here; "sfen startpos" is an error. The moves stay
// text, a view into `args` (read them with next_word): a game line may hold 200,000 of them.
struct PositionCommand {
  std::string sfen;
  std::string_view moves;
  std::string error;  // set when the command is malformed; the rest is then meaningless
};
PositionCommand parse_position(std::string_view args);

}  // namespace sashite::usi
