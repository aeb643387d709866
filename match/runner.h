// Folder match/ (layer 11): the match runner; the runner library includes rules/ and below,
// only openings.cpp (`match openings`) the search.
//
// A match between two USI engines: game pairs over a list of openings, several games at once,
// each game refereed by match/game.h, results streamed as JSON lines (results.h) and CSA
// records (csa.h), stopped early by the SPRT when it reaches a verdict.
//
// Pair p plays opening p mod (number of openings), game 0 with the first engine as Black.
// `--shard K/N` plays the pairs with p mod N = K - 1: N hosts play disjoint parts of one
// match, and `match merge` on their JSON lines gives the summary the whole match would have.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "match/game.h"
#include "match/results.h"
#include "match/stats.h"

namespace sashite::match {

struct MatchConfig {
  EngineSpec engine[2];  // by Side
  TimeControl tc[2];     // by Side (time odds: different controls)
  std::vector<std::string> openings;
  uint64_t pairs = 0;         // 0: one pair per opening
  int concurrency = 1;        // games at once, each with its own two engine processes
  int shard = 1, shards = 1;  // play shard `shard` of `shards` (1-based)
  std::optional<Sprt> sprt;   // stop when the LLR leaves its bounds
  GameOptions game;           // ply cap, margins, adjudication; clock and opening set per game
  std::string jsonl_path;     // one line per game as it ends; empty: none
  std::string records_dir;    // one CSA file per game; empty: none
  bool kif = false;           // and a KIF file beside each
};

struct MatchOutcome {
  std::vector<GameLine> games;  // in the order they ended
  bool stopped_by_sprt = false;
};

// Plays the match; `progress` gets one line per game ended (nullptr: silent). Throws
// std::runtime_error when an output file cannot be written.
MatchOutcome run_match(const MatchConfig& config, std::ostream* progress);

}  // namespace sashite::match
