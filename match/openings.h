// Start positions for matches: a file of SFENs, and the recipe that made the shipped set.
//
// Recipe: from the start position, each ply picks uniformly among the moves whose shallow
// search score is within `pick_margin_cp` of the best move's (so openings vary but stay
// plausible), for a number of plies drawn from [min_plies, max_plies]; the position is kept
// when a deeper search scores it within +-keep_cp for the side to move and it is new. Every
// search runs at a fixed depth in the default engine configuration, so the set depends only on
// the recipe and the seed (std::mt19937_64), not on the machine.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace sashite::match {

// One SFEN per line ("sfen" prefix allowed); blank lines and lines starting with '#' skipped.
// nullopt and *error (with the line number) if a line is not a legal position or the file
// cannot be read.
std::optional<std::vector<std::string>> load_openings(const std::string& path, std::string* error);

struct OpeningRecipe {
  int count = 100;
  uint64_t seed = 1;
  int min_plies = 8, max_plies = 16;
  int pick_depth = 3, pick_margin_cp = 80;
  int keep_depth = 8, keep_cp = 120;
  std::string describe() const;  // the command-line arguments that reproduce it
};

// `log` (nullptr: silent) gets a line per kept position.
std::vector<std::string> generate_openings(const OpeningRecipe& recipe, std::ostream* log);

}  // namespace sashite::match
