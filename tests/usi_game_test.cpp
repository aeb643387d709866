// tests/usi_game.h: a whole game between two installed engines, gpsusi (Debian gpsshogi) and
// fairy-stockfish, refereed by the library's rules. It checks the driver and, through it,
// that MoveList<LegalAll> accepts every move two independent engines play in a real game.
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <string>

#include "rules/game_history.h"
#include "usi_game.h"

namespace sashite::testing {
namespace {

TEST(UsiGame, GpsusiAgainstFairyStockfishEndsByARule) {
  const auto gps = gpsusi_engine();
  const auto fairy = fairy_stockfish_engine();
  if (!gps) GTEST_SKIP() << "gpsusi is not installed (Debian package gpsshogi)";
  if (!fairy) GTEST_SKIP() << "fairy-stockfish is not installed (Debian package fairy-stockfish)";

  GameOptions opt;
  opt.set_clock(TimeControl::byoyomi(150));
  opt.margin_ms = 2000;  // gpsusi answers byoyomi 200 in up to ~450 ms on an idle machine
  opt.max_plies = 300;
  const auto start = std::chrono::steady_clock::now();
  const GameRecord rec = play_game(*gps, *fairy, opt);
  const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::string moves;
  for (const std::string& m : rec.moves) moves += m + ' ';
  // Neither engine is ours: a time loss past the margin on a loaded machine is the referee
  // doing its job (tests/timing.h), reported; any other ending must be by a rule.
  if (rec.reason == EndReason::Timeout)
    std::cout << "[ late    ] " << rec.detail << " (an outside engine lost on time)\n";
  else
    EXPECT_TRUE(ended_by_rule(rec.reason)) << to_string(rec.reason) << ": " << rec.detail << "\nmoves: " << moves;
  EXPECT_EQ(rec.moves.size(), rec.think_ms.size());
  EXPECT_LE(rec.moves.size(), 300u);
  for (Color c : {BLACK, WHITE}) EXPECT_GT(rec.engines[c].moves, 0) << rec.engines[c].name;
  // Every move was legal (an illegal one ends the game as IllegalMove); replay to be sure.
  GameHistory h;
  EXPECT_EQ(replay_game(opt.start_sfen, moves, h), std::nullopt);
  EXPECT_EQ(h.final_sfen, rec.final_sfen);

  std::cout << "[ game    ] " << to_string(rec.result) << " by " << to_string(rec.reason) << " (" << rec.detail
            << ") after " << rec.moves.size() << " plies in " << seconds << " s\n";
  for (Color c : {BLACK, WHITE}) {
    const EngineStats& s = rec.engines[c];
    std::cout << "[ engine  ] " << s.name << ": " << s.moves << " moves, think max " << s.max_think_ms << " ms, mean "
              << (s.moves ? s.total_think_ms / s.moves : 0) << " ms, " << s.late << " past the byoyomi, last nodes "
              << s.last_nodes << " nps " << s.last_nps << "\n";
  }
}

// The referee's own rules, with scripted engines (shell one-liners) whose moves are known.
EngineSpec script(const std::string& body) { return {"", "/bin/sh", {"-c", body}, {}, ""}; }

// An engine that answers the handshake and then plays `moves` in turn, one per go.
std::string scripted_player(const std::string& moves) {
  return "set -- " + moves +
         "; while read -r cmd rest; do case $cmd in usi) echo 'id name script'; echo usiok;; isready) echo readyok;;"
         " go) echo \"info depth 1 nodes 42 nps 4200\"; echo \"bestmove $1\"; [ $# -gt 0 ] && shift;; quit) exit 0;; "
         "esac; done";
}

TEST(UsiGame, ResignationIllegalMoveAndBadDeclarationLose) {
  GameOptions opt;
  opt.set_clock(TimeControl::byoyomi(1000));
  GameRecord r = play_game(script(scripted_player("7g7f resign")), script(scripted_player("3c3d")), opt);
  EXPECT_EQ(r.result, GameResult::WhiteWins);
  EXPECT_EQ(r.reason, EndReason::Resignation);
  EXPECT_EQ(r.moves, (std::vector<std::string>{"7g7f", "3c3d"}));
  EXPECT_EQ(r.engines[BLACK].name, "script");
  EXPECT_EQ(r.engines[BLACK].last_nodes, 42);
  EXPECT_EQ(r.engines[BLACK].last_nps, 4200);

  r = play_game(script(scripted_player("7g7f")), script(scripted_player("3c3e")), opt);
  EXPECT_EQ(r.result, GameResult::BlackWins);
  EXPECT_EQ(r.reason, EndReason::IllegalMove) << r.detail;

  r = play_game(script(scripted_player("win")), script(scripted_player("")), opt);
  EXPECT_EQ(r.result, GameResult::WhiteWins);
  EXPECT_EQ(r.reason, EndReason::BadDeclaration);
  opt.declaration_valid = [](const Position&) { return true; };
  r = play_game(script(scripted_player("win")), script(scripted_player("")), opt);
  EXPECT_EQ(r.result, GameResult::BlackWins);
  EXPECT_EQ(r.reason, EndReason::Declaration);
}

TEST(UsiGame, RepetitionAndPerpetualCheck) {
  GameOptions opt;
  opt.set_clock(TimeControl::byoyomi(1000));
  // Rooks shuffle: the start position recurs after plies 4, 8 and 12.
  GameRecord r = play_game(script(scripted_player("2h3h 3h2h 2h3h 3h2h 2h3h 3h2h")),
                           script(scripted_player("8b7b 7b8b 8b7b 7b8b 8b7b 7b8b")), opt);
  EXPECT_EQ(r.reason, EndReason::Repetition) << r.detail;
  EXPECT_EQ(r.result, GameResult::Draw);
  EXPECT_EQ(r.moves.size(), 12u);

  // Black's rook checks on every move, the white king steps back and forth: the position
  // after ply 1 recurs after plies 5, 9 and 13.
  opt.start_sfen = "4k4/9/9/9/9/9/9/9/R3K4 b - 1";
  r = play_game(script(scripted_player("9i9a 9a9b 9b9a 9a9b 9b9a 9a9b 9b9a")),
                script(scripted_player("5a5b 5b5a 5a5b 5b5a 5a5b 5b5a")), opt);
  EXPECT_EQ(r.reason, EndReason::PerpetualCheck) << r.detail << " after " << r.moves.size();
  EXPECT_EQ(r.result, GameResult::WhiteWins);
}

TEST(UsiGame, MateTimeoutAndMaxPlies) {
  GameOptions opt;
  opt.set_clock(TimeControl::byoyomi(1000));
  // G*5b mates: the pawn on 5c guards the gold.
  opt.start_sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
  GameRecord r = play_game(script(scripted_player("G*5b")), script(scripted_player("")), opt);
  EXPECT_EQ(r.reason, EndReason::Checkmate) << r.detail;
  EXPECT_EQ(r.result, GameResult::BlackWins);

  // An engine that never answers go.
  opt.start_sfen = std::string(Position::kStartSfen);
  opt.set_clock(TimeControl::byoyomi(100));
  opt.margin_ms = 200;
  const auto silent = script(
      "while read -r cmd rest; do case $cmd in usi) echo usiok;; isready) echo readyok;; quit) exit 0;; esac; done");
  r = play_game(silent, script(scripted_player("")), opt);
  EXPECT_EQ(r.reason, EndReason::Timeout) << r.detail;
  EXPECT_EQ(r.result, GameResult::WhiteWins);

  opt.max_plies = 2;
  r = play_game(script(scripted_player("7g7f 2g2f")), script(scripted_player("3c3d 8c8d")), opt);
  EXPECT_EQ(r.reason, EndReason::MaxPlies);
  EXPECT_EQ(r.result, GameResult::Draw);
  EXPECT_EQ(r.moves.size(), 2u);

  // A program that does not exist.
  r = play_game({"", "/nonexistent/engine", {}, {}, ""}, script(scripted_player("")), opt);
  EXPECT_EQ(r.reason, EndReason::EngineFailure);
  EXPECT_EQ(r.result, GameResult::WhiteWins);
}

}  // namespace
}  // namespace sashite::testing
