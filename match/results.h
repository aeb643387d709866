// A match's results: one JSON line per game (the stream the runner writes and `match merge`
// reads back, so that shards played anywhere combine into one summary) and the summary itself.
//
// A game pair is one opening played twice with colours swapped: game 0 has the first engine
// as Black, game 1 as White. The statistics (stats.h) count the first engine's points.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "match/game.h"
#include "match/stats.h"

namespace sashite::match {

enum Side { FIRST, SECOND };

struct GameLine {
  uint64_t pair = 0;
  int game = 0;           // 0: the first engine plays Black
  std::string engine[2];  // labels, by Side
  std::string tc[2];      // time controls, by Side
  std::string opening;    // start SFEN
  std::string result;     // "1-0" (Black won), "0-1", "1/2-1/2"
  std::string reason, detail;
  int plies = 0;
  int64_t nodes[2] = {}, timed_us[2] = {}, think_ms[2] = {};
  int moves[2] = {}, late[2] = {}, restarts[2] = {};
  std::string moves_usi;

  // The first engine's points in half points: 0, 1, 2.
  int first_half_points() const;
};

GameLine make_game_line(uint64_t pair, int game, const GameRecord& rec);
std::string to_json(const GameLine& g);
// nullopt and *error on anything but the flat object to_json writes.
std::optional<GameLine> parse_game_line(std::string_view line, std::string* error);

struct Summary {
  std::string engine[2];
  Trinomial games;        // the first engine's
  Pentanomial pairs;      // complete pairs only
  uint64_t unpaired = 0;  // games whose pair is incomplete (a stopped match, a lost shard)
  std::map<std::string, uint64_t> endings;
  int64_t nodes[2] = {}, timed_us[2] = {}, think_ms[2] = {};
  int64_t moves[2] = {}, late[2] = {}, restarts[2] = {}, time_losses[2] = {}, illegal[2] = {}, failures[2] = {};
  double nps(Side s) const { return timed_us[s] > 0 ? double(nodes[s]) * 1e6 / double(timed_us[s]) : 0; }
};

// nullopt and *error when the games name different engines or repeat a (pair, game).
std::optional<Summary> summarize(const std::vector<GameLine>& games, std::string* error);

std::string format_summary(const Summary& s, const std::optional<Sprt>& sprt);
std::string summary_json(const Summary& s, const std::optional<Sprt>& sprt);
// One line for the progress of a running match.
std::string progress_line(const Summary& s, const std::optional<Sprt>& sprt, uint64_t games_planned);

}  // namespace sashite::match
