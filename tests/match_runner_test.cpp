// The match runner: time controls, CSA records and JSON lines read back, each fault of a fake
// engine adjudicated while the match goes on, score adjudication, the SPRT stop, and a short
// real match of sashite against itself whose records replay as legal games.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "run_program.h"
#include "match/csa.h"
#include "match/kif.h"
#include "match/openings.h"
#include "match/runner.h"
#include "usi_game.h"

namespace sashite::match {
namespace {

EngineSpec fake(std::string name, std::vector<std::string> args = {}) {
  return EngineSpec{std::move(name), std::string(SASHITE_BIN_DIR) + "/fake_usi_engine", std::move(args), {}, ""};
}

MatchConfig fake_match(EngineSpec first, EngineSpec second, uint64_t pairs = 2) {
  MatchConfig c;
  c.engine[FIRST] = std::move(first);
  c.engine[SECOND] = std::move(second);
  c.tc[FIRST] = c.tc[SECOND] = TimeControl::byoyomi(1000);
  c.openings = {std::string(Position::kStartSfen)};
  c.pairs = pairs;
  c.concurrency = 2;
  c.game.max_plies = 40;
  return c;
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::path(::testing::TempDir()) / ("match_runner_" + std::to_string(getpid()) + "_" + name))
      .string();
}

TEST(MatchTimeControl, ParsesEachFormAndRejectsNonsense) {
  std::string err;
  EXPECT_EQ(parse_time_control("byoyomi=1000", &err), TimeControl::byoyomi(1000));
  EXPECT_EQ(parse_time_control("main=60000,byoyomi=1000", &err), (TimeControl{60000, 1000, 0, 0, 0, 0}));
  EXPECT_EQ(parse_time_control("main=10000,inc=100", &err), (TimeControl{10000, 0, 100, 0, 0, 0}));
  EXPECT_EQ(parse_time_control("movetime=200", &err)->movetime_ms, 200);
  EXPECT_EQ(parse_time_control("nodes=20000", &err)->nodes, 20000);
  EXPECT_EQ(parse_time_control("depth=6", &err)->depth, 6);
  for (const char* bad : {"", "byoyomi", "byoyomi=-1", "byoyomi=1e3", "hours=1", "main=1000,nodes=5", "nodes=1,depth=2",
                          "depth=0", "main=0", "byoyomi=1\n"}) {
    EXPECT_FALSE(parse_time_control(bad, &err)) << bad;
    EXPECT_FALSE(err.empty());
  }
  // Time odds scale the times, not the node or depth limits.
  EXPECT_EQ(TimeControl({60000, 1000, 10, 0, 0, 0}).scaled(2), (TimeControl{120000, 2000, 20, 0, 0, 0}));
  EXPECT_EQ(parse_time_control("nodes=500", &err)->scaled(3).nodes, 500);
  // Node odds scale the node limit only, rounded, never to 0.
  EXPECT_EQ(parse_time_control("nodes=1000", &err)->nodes_scaled(1.25).nodes, 1250);
  EXPECT_EQ(parse_time_control("nodes=3", &err)->nodes_scaled(0.1).nodes, 1);
  EXPECT_EQ(TimeControl::byoyomi(1000).nodes_scaled(2), TimeControl::byoyomi(1000));
  EXPECT_EQ(*parse_time_control(TimeControl{5000, 0, 50, 0, 0, 0}.text(), &err), (TimeControl{5000, 0, 50, 0, 0, 0}));
}

GameRecord sample_record(std::string sfen, std::vector<std::string> moves) {
  GameRecord r;
  r.start_sfen = std::move(sfen);
  r.moves = std::move(moves);
  r.think_ms.assign(r.moves.size(), 1500);
  r.engines[BLACK].name = "black engine";
  r.engines[WHITE].name = "white engine";
  r.result = GameResult::WhiteWins;
  r.reason = EndReason::Resignation;
  return r;
}

TEST(MatchCsa, RecordsReadBackAsTheSameGame) {
  // From the start position (PI), with a promotion, a capture and a drop.
  const GameRecord a = sample_record(std::string(Position::kStartSfen), {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"});
  std::string err;
  const std::string text = csa_record(a);
  EXPECT_NE(text.find("\nPI\n+\n+7776FU\nT1\n-3334FU\n"), std::string::npos) << text;
  EXPECT_NE(text.find("+8822UM\n"), std::string::npos) << text;
  EXPECT_NE(text.find("+0045KA\n"), std::string::npos) << text;
  EXPECT_NE(text.find("%TORYO"), std::string::npos);
  auto g = parse_csa(text, &err);
  ASSERT_TRUE(g) << err;
  EXPECT_EQ(g->start_sfen, a.start_sfen);
  EXPECT_EQ(g->moves, a.moves);
  EXPECT_EQ(g->end, "TORYO");
  EXPECT_EQ(g->names[BLACK], "black engine");

  // Any position: P1..P9 rows and both hands, White to move.
  GameRecord b =
      sample_record("lnsgk2nl/1r4s2/p1pppp1pp/6p2/1p7/2P6/PP1PPPPPP/1S5R1/LN1GKGSNL w Bbg 12", {"3b3c", "B*6e"});
  b.result = GameResult::Draw;
  b.reason = EndReason::MaxPlies;
  g = parse_csa(csa_record(b), &err);
  ASSERT_TRUE(g) << err << "\n" << csa_record(b);
  EXPECT_EQ(g->moves, b.moves);
  EXPECT_EQ(g->end, "JISHOGI");
  EXPECT_EQ(g->start_sfen.substr(0, g->start_sfen.rfind(' ')), b.start_sfen.substr(0, b.start_sfen.rfind(' ')));

  // Handicap start: PI without White's rook and bishop (two-piece handicap), White moves first.
  g = parse_csa("V2.2\nPI82HI22KA\n-\n-3334FU\n%TORYO\n", &err);
  ASSERT_TRUE(g) << err;
  EXPECT_EQ(g->start_sfen, "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");

  // What a record must not hold.
  const std::pair<const char*, const char*> bad[] = {
      {"PI\n+\n+7775FU\n", "illegal move"},  // a pawn cannot jump
      {"PI\n+\n-3334FU\n", "side not to move"},
      {"PI\n+\n+7776KI\n", "is not KI"},  // the piece does not match
      {"PI\n+\n+0055FU\n", "move 1"},     // no pawn in hand
      {"PI\n+\n+7776FU\n%TORYO\n-3334FU\n", "after the game's end"},
      {"+7776FU\n", "before the start position"},
      {"P1-KY\n+\n", "9 squares"},
      {"PI\n+\n+7776FU\nXYZ\n", "not a CSA statement"},
      {"PI55KY\n+\n", "not there"},
      {"V2.2\n", "no start position"},
  };
  for (const auto& [record, why] : bad) {
    err.clear();
    EXPECT_FALSE(parse_csa(record, &err)) << record;
    EXPECT_NE(err.find(why), std::string::npos) << record << " -> " << err;
  }
}

TEST(MatchKif, MovesReadAsKifuForWindowsWritesThem) {
  const GameRecord a = sample_record(std::string(Position::kStartSfen),
                                     {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "2b3c", "4e6c", "8b2b"});
  const std::string kif = kif_record(a);
  for (const char* line :
       {"手合割：平手\n", "   1 ７六歩(77)   ( 0:01/00:00:01)\n", "   3 ２二角成(88)", "   4 同　銀(31)",
        "   5 ４五角打", "   7 ６三角不成(45)", "   8 ２二飛(82)", "   9 投了\n", "まで8手で後手の勝ち\n"})
    EXPECT_NE(kif.find(line), std::string::npos) << line << "\n" << kif;
  // Any other start: the board diagram, White's hand first, White to move.
  const GameRecord b = sample_record("4k4/9/9/9/9/9/9/9/4K4 w 2Pr 1", {"R*5h"});
  const std::string bod = kif_record(b);
  for (const char* line :
       {"後手の持駒：飛　\n", "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n", "先手の持駒：歩二　\n", "後手番\n", "   1 ５八飛打"})
    EXPECT_NE(bod.find(line), std::string::npos) << line << "\n" << bod;
}

TEST(MatchResults, JsonLinesReadBackAndMergeChecksDuplicates) {
  GameRecord r = sample_record(std::string(Position::kStartSfen), {"7g7f", "3c3d"});
  r.detail = "quote \" backslash \\ control \x01 end";
  r.engines[BLACK].nodes = 123456789012;
  r.engines[BLACK].timed_us = 1000;
  const GameLine line = make_game_line(7, 1, r);  // game 1: the first engine is White
  EXPECT_EQ(line.engine[FIRST], "white engine");
  EXPECT_EQ(line.first_half_points(), 2);  // White won
  EXPECT_EQ(line.nodes[SECOND], 123456789012);
  std::string err;
  const auto back = parse_game_line(to_json(line), &err);
  ASSERT_TRUE(back) << err << "\n" << to_json(line);
  EXPECT_EQ(back->detail, r.detail);
  EXPECT_EQ(back->moves_usi, "7g7f 3c3d");
  EXPECT_EQ(back->nodes[SECOND], 123456789012);
  EXPECT_EQ(to_json(*back), to_json(line));

  for (const char* bad :
       {"", "{", "{\"pair\":1}", "[1]",
        "{\"pair\":1,\"game\":2,\"first\":\"a\",\"second\":\"b\",\"result\":\"1-0\",\"reason\":\"x\"}",
        "{\"pair\":1,\"game\":0,\"first\":\"a\",\"second\":\"b\",\"result\":\"2-0\",\"reason\":\"x\"}",
        "{\"pair\":1} trailing"})
    EXPECT_FALSE(parse_game_line(bad, &err)) << bad;

  GameLine other = line;
  other.game = 0;
  auto s = summarize({line, other}, &err);
  ASSERT_TRUE(s) << err;
  EXPECT_EQ(s->pairs.count(), 1u);
  EXPECT_EQ(s->pairs.pairs[2], 1u);  // won as White, lost as Black (the same result line)
  EXPECT_FALSE(summarize({line, other, line}, &err));
  EXPECT_NE(err.find("twice"), std::string::npos);
  other.engine[SECOND] = "someone else";
  EXPECT_FALSE(summarize({line, other}, &err));
}

// Each fault of the first engine loses every game, and the match plays all of them.
void expect_every_game_lost_by_first(const MatchConfig& c, EndReason reason) {
  const MatchOutcome out = run_match(c, nullptr);
  ASSERT_EQ(out.games.size(), 2 * c.pairs);
  for (const GameLine& g : out.games) {
    EXPECT_EQ(g.reason, to_string(reason)) << g.detail;
    EXPECT_EQ(g.first_half_points(), 0) << g.detail;
  }
}

TEST(MatchRunner, EachFakeEngineFaultIsAdjudicatedAndTheMatchGoesOn) {
  expect_every_game_lost_by_first(fake_match(fake("illegal", {"--illegal-at", "3"}), fake("plain")),
                                  EndReason::IllegalMove);
  expect_every_game_lost_by_first(fake_match(fake("resigns", {"--resign-at", "2"}), fake("plain")),
                                  EndReason::Resignation);
  expect_every_game_lost_by_first(fake_match(fake("false win", {"--win-at", "1"}), fake("plain")),
                                  EndReason::BadDeclaration);

  // Crashes: the engine is started again for every game.
  MatchConfig c = fake_match(fake("crash", {"--crash-at", "2"}), fake("plain"));
  expect_every_game_lost_by_first(c, EndReason::EngineFailure);
  c.concurrency = 1;
  const MatchOutcome out = run_match(c, nullptr);
  for (const GameLine& g : out.games)
    EXPECT_EQ(g.restarts[FIRST], g.pair == 0 && g.game == 0 ? 0 : 1) << "pair " << g.pair << " game " << g.game;

  // Hangs and oversleeps lose on time, and the late bestmove does not leak into the next game.
  c = fake_match(fake("hang", {"--hang-at", "2"}), fake("plain"));
  c.tc[FIRST] = c.tc[SECOND] = TimeControl::byoyomi(100);
  c.game.margin_ms = 200;
  expect_every_game_lost_by_first(c, EndReason::Timeout);
  c.engine[FIRST] = fake("oversleep", {"--oversleep-at", "2:700"});
  expect_every_game_lost_by_first(c, EndReason::Timeout);
  // Inside the margin an oversleep is a late move, not a loss.
  c.engine[FIRST] = fake("late", {"--oversleep-at", "2:150"});
  c.game.margin_ms = 1000;
  for (const GameLine& g : run_match(c, nullptr).games) {
    EXPECT_NE(g.reason, to_string(EndReason::Timeout)) << g.detail;
    EXPECT_GE(g.late[FIRST], 1);  // the oversleep; an instant move may be late too on a loaded machine
  }

  // A program that cannot start.
  c = fake_match(EngineSpec{"missing", "/nonexistent/engine", {}, {}, ""}, fake("plain"));
  expect_every_game_lost_by_first(c, EndReason::EngineFailure);
}

TEST(MatchRunner, ValidDeclarationWinsByTheTwentySevenPointRule) {
  // Black: king in the camp, 13 pieces there, 4 x 5 + 9 = 29 points; not in check.
  const std::string sfen = "+R+B2K2+B+R/PPPPPPPPP/9/9/9/9/9/9/4k4 b 4g4s4n4l9p 1";
  GameOptions opt;
  opt.start_sfen = sfen;
  GameRecord r = play_game(fake("declarer", {"--win-at", "1"}), fake("plain"), opt);
  EXPECT_EQ(r.reason, EndReason::Declaration) << r.detail;
  EXPECT_EQ(r.result, GameResult::BlackWins);
  // One point short (two pawns fewer in the camp, 27 points, in White's hand instead): refused.
  opt.start_sfen = "+R+B2K2+B+R/PPPPPPP2/9/9/9/9/9/9/4k4 b 4g4s4n4l11p 1";
  r = play_game(fake("declarer", {"--win-at", "1"}), fake("plain"), opt);
  EXPECT_EQ(r.reason, EndReason::BadDeclaration) << r.detail;
  EXPECT_EQ(r.result, GameResult::WhiteWins);
}

TEST(MatchRunner, ScoreAdjudicationNeedsBothEnginesToAgree) {
  MatchConfig c = fake_match(fake("optimist", {"--score", "2000"}), fake("pessimist", {"--score", "-2000"}), 1);
  c.game.adjudication.resign_moves = 3;
  c.game.adjudication.resign_cp = 1000;
  MatchOutcome out = run_match(c, nullptr);
  for (const GameLine& g : out.games) {
    EXPECT_EQ(g.reason, to_string(EndReason::AdjudicatedWin)) << g.detail;
    EXPECT_EQ(g.first_half_points(), 2);
    EXPECT_EQ(g.plies, 6);
  }
  // Both think they are winning: no verdict.
  c.engine[SECOND] = fake("also optimist", {"--score", "2000"});
  for (const GameLine& g : run_match(c, nullptr).games)
    EXPECT_NE(g.reason, to_string(EndReason::AdjudicatedWin)) << g.detail;

  c = fake_match(fake("level", {"--score", "3"}), fake("also level", {"--score", "-5"}), 1);
  c.game.adjudication.draw_from_ply = 10;
  c.game.adjudication.draw_moves = 2;
  c.game.adjudication.draw_cp = 10;
  for (const GameLine& g : run_match(c, nullptr).games) {
    EXPECT_EQ(g.reason, to_string(EndReason::AdjudicatedDraw)) << g.detail;
    EXPECT_EQ(g.plies, 13);  // plies 10..13 are two moves of each side
  }
}

TEST(MatchRunner, SprtStopsAtAVerdict) {
  // The first engine resigns at once: every pair is LL, and H0 (Elo 0 rather than 5) is
  // accepted long before 500 pairs.
  MatchConfig c = fake_match(fake("resigns", {"--resign-at", "1"}), fake("plain"), 500);
  c.sprt = Sprt{0, 5, 0.05, 0.05};
  const MatchOutcome out = run_match(c, nullptr);
  EXPECT_TRUE(out.stopped_by_sprt);
  EXPECT_LT(out.games.size(), 100u);
  std::string err;
  const auto s = summarize(out.games, &err);
  ASSERT_TRUE(s);
  EXPECT_LE(c.sprt->llr(s->pairs), c.sprt->lower_bound());
}

TEST(MatchRunner, ShardsPartitionThePairs) {
  MatchConfig c = fake_match(fake("a", {"--resign-at", "5"}), fake("b"), 7);
  c.openings = {std::string(Position::kStartSfen), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"};
  std::vector<uint64_t> seen;
  for (int k = 1; k <= 3; ++k) {
    c.shard = k;
    c.shards = 3;
    for (const GameLine& g : run_match(c, nullptr).games) {
      EXPECT_EQ(g.pair % 3, uint64_t(k - 1));
      EXPECT_EQ(g.opening, c.openings[g.pair % 2]);
      if (g.game == 0) seen.push_back(g.pair);
    }
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, (std::vector<uint64_t>{0, 1, 2, 3, 4, 5, 6}));
}

TEST(MatchRunner, ShortRealMatchRecordsReplayAsLegalGames) {
  MatchConfig c;
  c.engine[FIRST] = EngineSpec{
      "sashite-full", std::string(SASHITE_BIN_DIR) + "/sashite", {}, {"setoption name MoveGen value full"}, ""};
  c.engine[SECOND] = EngineSpec{
      "sashite-diff", std::string(SASHITE_BIN_DIR) + "/sashite", {}, {"setoption name MoveGen value diff"}, ""};
  c.tc[FIRST] = c.tc[SECOND] = TimeControl{0, 0, 0, 0, 2000, 0};  // 2000 nodes a move
  std::string err;
  auto openings = load_openings(std::string(SASHITE_SOURCE_DIR) + "/match/openings/balanced.sfen", &err);
  ASSERT_TRUE(openings) << err;
  c.openings = *openings;
  c.pairs = 2;
  c.concurrency = 2;
  c.game.max_plies = 160;
  c.jsonl_path = temp_path("real.jsonl");
  c.records_dir = temp_path("records");
  std::filesystem::remove_all(c.records_dir);
  const MatchOutcome out = run_match(c, nullptr);
  ASSERT_EQ(out.games.size(), 4u);
  for (const GameLine& g : out.games) {
    EXPECT_TRUE(ended_by_rule(*end_reason_from_string(g.reason))) << g.reason << ": " << g.detail;
    EXPECT_GT(g.nodes[FIRST], 0);
    char name[64];
    std::snprintf(name, sizeof name, "/pair%06llu-game%d.csa", (unsigned long long)g.pair, g.game);
    std::ifstream f(c.records_dir + name);
    std::stringstream text;
    text << f.rdbuf();
    const auto csa = parse_csa(text.str(), &err);
    ASSERT_TRUE(csa) << name << ": " << err;
    std::string moves;
    for (const std::string& m : csa->moves) moves += (moves.empty() ? "" : " ") + m;
    EXPECT_EQ(moves, g.moves_usi);
    EXPECT_EQ(csa->names[g.game == 0 ? BLACK : WHITE], "sashite-full");
    EXPECT_EQ(csa->start_sfen.substr(0, csa->start_sfen.rfind(' ')), g.opening.substr(0, g.opening.rfind(' ')));
  }
  // The JSON lines hold the same games.
  std::ifstream jsonl(c.jsonl_path);
  int lines = 0;
  for (std::string line; std::getline(jsonl, line); ++lines) EXPECT_TRUE(parse_game_line(line, &err)) << err;
  EXPECT_EQ(lines, 4);
  // The same trees at fixed nodes: both games of a pair are the same game.
  for (const GameLine& a : out.games)
    for (const GameLine& b : out.games)
      if (a.pair == b.pair && a.game != b.game) {
        EXPECT_EQ(a.moves_usi, b.moves_usi);
      }
}

TEST(MatchOpenings, ShippedSetLoadsAndTheRecipeIsReproducible) {
  std::string err;
  const auto set = load_openings(std::string(SASHITE_SOURCE_DIR) + "/match/openings/balanced.sfen", &err);
  ASSERT_TRUE(set) << err;
  EXPECT_GE(set->size(), 100u);
  OpeningRecipe r;
  r.count = 2;
  r.seed = 7;
  r.min_plies = r.max_plies = 4;
  r.pick_depth = 2;
  r.keep_depth = 3;
  r.keep_cp = 400;
  const auto a = generate_openings(r, nullptr), b = generate_openings(r, nullptr);
  EXPECT_EQ(a.size(), 2u);
  EXPECT_EQ(a, b);
  EXPECT_FALSE(load_openings("/nonexistent/openings", &err));
  const std::string bad = temp_path("bad.sfen");
  std::ofstream(bad) << "# comment\n" << Position::kStartSfen << "\nnot a position\n";
  EXPECT_FALSE(load_openings(bad, &err));
  EXPECT_NE(err.find(":3:"), std::string::npos) << err;
}

int run_cli(const std::string& args, std::string* out) { return testing::run_program("match", args, out); }

TEST(MatchCli, BadArgumentsGetAClearErrorAndUsage) {
  const std::pair<const char*, const char*> bad[] = {
      {"", "no command"},
      {"frobnicate", "unknown command"},
      {"run --engine cmd=/bin/true", "two --engine"},
      {"run --engine name=a --engine cmd=x", "needs cmd="},
      {"run --engine cmd=a name=x --engine cmd=b name=y", "no time control"},
      {"run --engine cmd=a name=x --engine cmd=b name=x --tc byoyomi=10", "different names"},
      {"run --engine cmd=a bogus --engine cmd=b --tc byoyomi=10", "not key=value"},
      {"run --engine cmd=a --engine cmd=b --tc byoyomi=10 --shard 3/2", "--shard K"},
      {"run --engine cmd=a --engine cmd=b --tc byoyomi=10 --sprt elo0=5,elo1=0", "elo0 < elo1"},
      {"run --engine cmd=a --engine cmd=b --tc fortnight=1", "unknown key"},
      {"run --engine cmd=a --engine cmd=b --tc byoyomi=10 --pairs", "needs a value"},
      {"run --engine cmd=a --engine cmd=b --tc byoyomi=10 --node-odds 2", "needs a node limit"},
      {"run --engine cmd=a --engine cmd=b --tc nodes=100 --node-odds 0", "must be positive"},
      {"merge", "at least one file"},
  };
  for (const auto& [args, why] : bad) {
    std::string out;
    EXPECT_EQ(run_cli(args, &out), 2) << args << "\n" << out;
    EXPECT_NE(out.find(why), std::string::npos) << args << "\n" << out;
  }
  std::string out;
  EXPECT_EQ(run_cli("merge /nonexistent.jsonl", &out), 1);
  EXPECT_NE(out.find("cannot read"), std::string::npos) << out;
}

}  // namespace
}  // namespace sashite::match
