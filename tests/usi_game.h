// Games between USI engines in the tests: the match runner's referee (match/game.h) and the
// engines the tests play against.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "match/game.h"
#include "usi_process.h"

namespace sashite::testing {

using match::ended_by_rule;
using match::EndReason;
using match::EngineSpec;
using match::EngineStats;
using match::GameOptions;
using match::GameRecord;
using match::GameResult;
using match::play_game;
using match::TimeControl;
using match::to_string;

// gpsusi (Debian gpsshogi): `go` must carry "btime B wtime W byoyomi X" (any other go word,
// binc or movetime, makes it throw and exit). Startup takes ~2 s to usiok and ~2 s to readyok
// (it loads its tables). It writes a board and its search log to stderr on every move: they go
// to /dev/null. One thread, to share the machine with the other engine; its book is
// kept: the opening still varies with the other engine's timing. nullopt: not installed.
inline std::optional<EngineSpec> gpsusi_engine() {
  auto path = find_program("gpsusi", "/usr/games/gpsusi");
  if (!path) return std::nullopt;
  return EngineSpec{"", *path, {}, {"setoption name Thread value 1"}, "/dev/null"};
}

// fairy-stockfish playing shogi on one thread; nullopt: not installed.
inline std::optional<EngineSpec> fairy_stockfish_engine() {
  auto path = find_program("fairy-stockfish", "/usr/games/fairy-stockfish");
  if (!path) return std::nullopt;
  EngineSpec spec;
  spec.program = *path;
  spec.setup = {"setoption name UCI_Variant value shogi", "setoption name Threads value 1",
                "setoption name Hash value 16"};
  return spec;
}

// This build's USI program (SASHITE_BIN_DIR: tests/CMakeLists.txt); `setup`: setoption lines.
inline EngineSpec sashite_engine(std::vector<std::string> setup = {}) {
  return EngineSpec{"", std::string(SASHITE_BIN_DIR) + "/sashite", {}, std::move(setup), ""};
}

}  // namespace sashite::testing
