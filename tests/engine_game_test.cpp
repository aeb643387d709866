// Whole games of the USI program `sashite` against real engines (tests/usi_game.h), every move
// checked legal by the referee: the search, the time manager and the USI loop together, under
// a GUI's clock. sashite must end each game by a rule: never lose on time or by an illegal
// move (a move late but inside the margin is reported: tests/timing.h).
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <string>

#include "rules/game_history.h"
#include "usi_game.h"

namespace sashite::testing {
namespace {

// Plays the game and checks it; `ours[c]`: color c is sashite, whose faults fail the test
// (an opponent's are only reported).
void play_and_check(const EngineSpec& black, const EngineSpec& white, const GameOptions& opt,
                    const bool ours[COLOR_NB]) {
  const auto start = std::chrono::steady_clock::now();
  const GameRecord rec = play_game(black, white, opt);
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::string moves;
  for (const std::string& m : rec.moves) moves += m + ' ';
  std::cout << "[ game    ] " << to_string(rec.result) << " by " << to_string(rec.reason) << " (" << rec.detail
            << ") after " << rec.moves.size() << " plies in " << seconds << " s\n";
  for (Color c : {BLACK, WHITE}) {
    const EngineStats& s = rec.engines[c];
    std::cout << "[ engine  ] " << (c == BLACK ? "black " : "white ") << s.name << ": " << s.moves
              << " moves, think max " << s.max_think_ms << " ms, mean " << (s.moves ? s.total_think_ms / s.moves : 0)
              << " ms, " << s.late << " past the clock, last nodes " << s.last_nodes << " nps " << s.last_nps << "\n";
  }

  // The loser of a game that did not end by a rule is the side at fault.
  if (!ended_by_rule(rec.reason)) {
    const Color at_fault = rec.result == GameResult::BlackWins ? WHITE : BLACK;
    EXPECT_FALSE(ours[at_fault]) << to_string(rec.reason) << ": " << rec.detail << "\nfrom " << opt.start_sfen
                                 << "\nmoves: " << moves;
    if (!ours[at_fault]) std::cout << "[ opponent] " << to_string(rec.reason) << ": " << rec.detail << "\n";
  }
  // A move past the byoyomi but inside the referee's margin is the scheduler's as much as the
  // engine's on a loaded machine (tests/timing.h): reported, not failed; a time loss (past the
  // margin) fails above. The time manager's own budget is proven in time_manager_test.
  for (Color c : {BLACK, WHITE}) {
    EXPECT_GT(rec.engines[c].moves, 0) << rec.engines[c].name;
    if (ours[c] && rec.engines[c].late > 0)
      std::cout << "[ late    ] " << rec.engines[c].name << ": " << rec.engines[c].late
                << " moves past the byoyomi, inside the margin; max think " << rec.engines[c].max_think_ms << " ms\n";
  }
  EXPECT_LE(rec.moves.size(), size_t(opt.max_plies));
  GameHistory h;
  EXPECT_EQ(replay_game(opt.start_sfen, moves, h), std::nullopt);
  EXPECT_EQ(h.final_sfen, rec.final_sfen);
}

GameOptions byoyomi_game(int64_t byoyomi_ms) {
  GameOptions opt;
  opt.set_clock(TimeControl::byoyomi(byoyomi_ms));
  opt.margin_ms = 2000;  // gpsusi answers byoyomi 200 well past it; a time loss is past this
  opt.max_plies = 256;
  return opt;
}

TEST(EngineGame, SashiteBlackAgainstGpsusi) {
  const auto gps = gpsusi_engine();
  if (!gps) GTEST_SKIP() << "gpsusi is not installed (Debian package gpsshogi)";
  const bool ours[COLOR_NB] = {true, false};
  play_and_check(sashite_engine(), *gps, byoyomi_game(200), ours);
}

TEST(EngineGame, FairyStockfishAgainstSashiteWhite) {
  const auto fairy = fairy_stockfish_engine();
  if (!fairy) GTEST_SKIP() << "fairy-stockfish is not installed (Debian package fairy-stockfish)";
  const bool ours[COLOR_NB] = {false, true};
  play_and_check(*fairy, sashite_engine(), byoyomi_game(200), ours);
}

// The differential generator against the full one: the same search on two position types.
// Byoyomi 300 leaves 200 ms a move past MoveOverhead (at 100 both answer in kMinThinkMs and
// the game is a quick repetition).
TEST(EngineGame, SashiteDiffAgainstSashiteFull) {
  const bool ours[COLOR_NB] = {true, true};
  play_and_check(sashite_engine({"setoption name MoveGen value diff"}),
                 sashite_engine({"setoption name MoveGen value full"}), byoyomi_game(300), ours);
}

}  // namespace
}  // namespace sashite::testing
