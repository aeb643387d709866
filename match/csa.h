// Game records in CSA format (the shogi servers' standard, version 2.2): written by the match
// runner, one file per game, and read back to replay and check a game move by move.
//
//   V2.2
//   N+sashite-full            names
//   N-sashite-diff
//   PI                        the start position, or P1..P9 rows and P+/P- hands for any SFEN
//   +                         side to move
//   +7776FU                   a move: side, from (00 for a drop), to, the piece after the move
//   T1                        think time, whole seconds
//   %TORYO                    the end: TORYO, TSUMI, SENNICHITE, OUTE_SENNICHITE, KACHI,
//                             JISHOGI, HIKIWAKE, TIME_UP, +ILLEGAL_ACTION, -ILLEGAL_ACTION, CHUDAN
//   'sashite ...              comments: result, reason, the referee's detail
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "match/game.h"

namespace sashite::match {

std::string csa_record(const GameRecord& rec);

struct CsaGame {
  std::string start_sfen;
  std::vector<std::string> moves;  // USI text
  std::string end;                 // the % line without '%', empty when there is none
  std::string names[COLOR_NB];
};

// Parses and replays a record: every move must be legal in the position it is played in, and
// the piece a move names must be the piece that stands on its target afterwards. nullopt and
// *error (with the line number) otherwise.
std::optional<CsaGame> parse_csa(std::string_view text, std::string* error);

// The % word that ends a game of this result and reason, with its side where CSA names one.
std::string csa_end(GameResult result, EndReason reason);

}  // namespace sashite::match
