// The search through the registry's engines (search/engine.h), in-process: mates with their
// exact scores, a legal answer on thousands of random positions, resignation when mated, the
// entering-king declaration, and determinism: the same tree (node count, best move, score, PV)
// through the full and the differential generator, through every hand layout of one key
// scheme and through every effect source (search/effects/sources.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <map>
#include <set>
#include <thread>

#include "movegen_full/movegen.h"
#include "movegen_full/random_walk.h"
#include "search/bench_positions.h"
#include "rules/declaration.h"
#include "search/engine.h"

namespace sashite {

// gtest prints a parameter with this (otherwise as raw bytes).
void PrintTo(const EngineChoice& c, std::ostream* os) { *os << c.name(); }

namespace {

// One search of `sfen` (+ moves) from a new game, silent; `lets_in_mate` as
// SearchControl::lets_in_mate.
SearchResult search(Engine& e, std::string_view sfen, const SearchLimits& limits, std::string_view moves = "",
                    std::function<bool(Move, int64_t)> lets_in_mate = {}, int lets_in_mate_percent = 0) {
  static const std::atomic<bool> never{false};
  GameHistory game;
  if (auto err = replay_game(sfen, moves, game)) throw std::runtime_error(*err);
  if (auto err = e.set_game(game)) throw std::runtime_error(*err);
  e.new_game();
  SearchControl control;
  control.stop = &never;
  control.lets_in_mate = std::move(lets_in_mate);
  control.lets_in_mate_percent = lets_in_mate_percent;
  return e.go(limits, control);
}

SearchLimits depth(int d) {
  SearchLimits l;
  l.depth = d;
  return l;
}

std::unique_ptr<Engine> engine(const EngineChoice& c, size_t mb = 16) {
  std::string why;
  auto e = make_engine(c, &why);
  if (!e) throw std::runtime_error(why);
  e->resize_tt(mb);
  return e;
}

// The PV is a legal line from the position; returns the position after it.
std::string play_pv(std::string_view sfen, const std::vector<Move>& pv) {
  std::string moves;
  for (Move m : pv) moves += to_usi(m) + " ";
  GameHistory h;
  const auto err = replay_game(sfen, moves, h);
  EXPECT_EQ(err, std::nullopt) << "pv " << moves << "from " << sfen;
  return h.final_sfen;
}

size_t legal_moves(std::string_view sfen) {
  PositionLine<> g(sfen);
  return MoveList<GenType::LegalAll>(g.pos).size();
}

class EveryConfig : public ::testing::TestWithParam<EngineChoice> {};

// Mate in 1 (G*5b, protected by the pawn) and the tsume mate in 3 of the solver suite: the
// score counts plies, the PV ends in a position with no legal move.
TEST_P(EveryConfig, FindsMatesWithExactScores) {
  auto e = engine(GetParam());
  const struct {
    std::string_view sfen;
    int plies;
  } cases[] = {
      {"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", 1},
      {"9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1", 3},
  };
  for (const auto& c : cases) {
    const SearchResult r = search(*e, c.sfen, depth(c.plies + 2));
    EXPECT_EQ(usi_score(r.score), "mate " + std::to_string(c.plies)) << c.sfen;
    ASSERT_GE(r.pv.size(), size_t(c.plies)) << c.sfen;
    EXPECT_EQ(legal_moves(play_pv(c.sfen, std::vector<Move>(r.pv.begin(), r.pv.begin() + c.plies))), 0u) << c.sfen;
  }
}

// The side to move is mated: no move, the USI front end resigns. And the mated-in score of a
// position whose every move walks into mate.
TEST_P(EveryConfig, MatedPositionHasNoBestMove) {
  auto e = engine(GetParam());
  const std::string_view mated = "4k4/4G4/4P4/9/9/9/9/9/9 w 2r2b3g4s4n4l17p 1";
  ASSERT_EQ(legal_moves(mated), 0u);
  const SearchResult r = search(*e, mated, depth(3));
  EXPECT_EQ(r.best, MOVE_NONE);
}

// Identical trees: every generator and every hand layout of a key scheme, per TT layout,
// gives the same node count, best move, score and PV on the bench positions.
TEST(SearchDeterminism, SameTreeAcrossGeneratorsAndLayoutsOfOneScheme) {
  std::map<std::string, std::pair<std::string, std::vector<std::string>>>
      signature;  // scheme/tt -> first config, lines
  for (const EngineChoice& c : registered_engine_choices()) {
    auto e = engine(c);
    std::vector<std::string> lines;
    for (std::string_view sfen : kBenchPositions) {
      const SearchResult r = search(*e, sfen, depth(5));
      std::string line = std::to_string(r.nodes) + " " + usi_score(r.score) + " pv";
      for (Move m : r.pv) (line += ' ') += to_usi(m);
      lines.push_back(line);
    }
    // Additive keys hold the layout's raw hand bits, so the TT (and the tree) differ by
    // layout there: only the generator may not matter.
    std::string group = c.key_scheme + "/" + c.tt;
    if (c.key_scheme == "additive") group += "/" + c.layout;
    auto [it, first] = signature.try_emplace(group, c.name(), lines);
    if (!first) {
      EXPECT_EQ(lines, it->second.second) << c.name() << " against " << it->second.first;
    }
  }
  EXPECT_GE(signature.size(), 2u);
}

// The root mate-safety check (SearchControl::lets_in_mate), with stand-in answers: one that
// refutes nothing leaves the tree as it was (node count, score, PV) and is asked of new best
// moves only, at most kMateSafetyMaxChecks times in the iterations and once of the final
// answer; one that refutes every move asked drops each of them, and the answer is none of
// them.
TEST(SearchMateSafety, RefutedMovesLeaveTheRootAndOthersChangeNothing) {
  auto e = engine(EngineChoice{});
  SearchLimits limits;
  limits.nodes = 30000;
  for (std::string_view sfen : kBenchPositions) {
    const SearchResult alone = search(*e, sfen, limits);
    std::vector<Move> asked;
    const SearchResult kept = search(*e, sfen, limits, "", [&](Move m, int64_t ms) {
      EXPECT_EQ(ms, 0) << "no clock: no time limit";
      asked.push_back(m);
      return false;
    });
    EXPECT_EQ(kept.nodes, alone.nodes) << sfen;
    EXPECT_EQ(kept.score, alone.score) << sfen;
    EXPECT_EQ(kept.pv, alone.pv) << sfen;
    ASSERT_FALSE(asked.empty()) << sfen;
    EXPECT_LE(asked.size(), size_t(kMateSafetyMaxChecks + 1)) << sfen;
    EXPECT_NE(std::find(asked.begin(), asked.end(), alone.best), asked.end()) << "the answer was not asked: " << sfen;
    EXPECT_EQ(std::set<Move>(asked.begin(), asked.end()).size(), asked.size()) << "a move asked twice: " << sfen;

    std::vector<Move> refuted;
    const SearchResult r = search(*e, sfen, limits, "", [&](Move m, int64_t ms) {
      EXPECT_EQ(ms, 0) << "no clock: no time limit";
      refuted.push_back(m);
      return true;
    });
    EXPECT_EQ(refuted.size(), size_t(kMateSafetyMaxChecks + 1)) << sfen;
    EXPECT_EQ(std::find(refuted.begin(), refuted.end(), r.best), refuted.end()) << to_usi(r.best) << " in " << sfen;
    EXPECT_EQ(r.pv.front(), r.best);
  }
}

// Under movetime the check's time is its percent of the search's hard limit: movetime 2100
// less the default overhead of 100 ms, 10 % of it, in every check (the final one included).
// Two seconds reach depth 4 on a loaded machine under the sanitizers too.
TEST(SearchMateSafety, TimedChecksGetTheirShareOfTheHardLimit) {
  auto e = engine(EngineChoice{});
  SearchLimits limits;
  limits.movetime = 2100;
  std::vector<int64_t> given;
  search(
      *e, kBenchPositions[0], limits, "",
      [&](Move, int64_t ms) {
        given.push_back(ms);
        return false;
      },
      10);
  ASSERT_FALSE(given.empty()) << "depth 4 not reached in 2000 ms";
  for (int64_t ms : given) EXPECT_EQ(ms, 200);
}

// SearchControl::on_poll, the bench's turn-taking hook (bench/search_bench.cpp): called at
// every poll of the clock (each 1,024th node, but for the root's own count, which never polls),
// and a hook that gives the CPU away between turns leaves the tree as it was.
TEST(SearchPoll, HookRunsAtEachPollAndKeepsTheTree) {
  static const std::atomic<bool> never{false};
  SearchLimits limits;
  limits.nodes = 60'000;
  GameHistory game;
  ASSERT_EQ(replay_game(kBenchPositions[1], "", game), std::nullopt);
  const auto run = [&](std::function<void()> hook) {
    auto e = engine(EngineChoice{});
    EXPECT_EQ(e->set_game(game), std::nullopt);
    e->new_game();
    SearchControl control;
    control.stop = &never;
    control.on_poll = std::move(hook);
    return e->go(limits, control);
  };
  const SearchResult plain = run({});
  uint64_t polls = 0;
  const SearchResult hooked = run([&] {
    ++polls;
    std::this_thread::yield();
  });
  EXPECT_EQ(hooked.nodes, plain.nodes);
  EXPECT_EQ(hooked.best, plain.best);
  EXPECT_EQ(hooked.score, plain.score);
  EXPECT_EQ(hooked.depth, plain.depth);
  EXPECT_LE(polls, plain.nodes / 1024) << polls << " polls, " << plain.nodes << " nodes";
  EXPECT_GE(polls + uint64_t(plain.depth) + 1, plain.nodes / 1024) << polls << " polls, " << plain.nodes << " nodes";
}

// A legal answer everywhere: random-walk positions, positions in check and with full hands,
// at a small node budget, for the full and the differential generator.
TEST(SearchLegality, BestMoveIsLegalOnRandomPositions) {
  std::vector<std::string> sfens = walk_sample(1500, 91);
  for (auto& s : in_check_sample(400, 92)) sfens.push_back(s);
  for (auto& s : full_hand_sample(100, 93)) sfens.push_back(s);
  SearchLimits limits;
  limits.nodes = 300;
  int one_move = 0;
  for (const char* gen : {"full", "diff"}) {
    auto e = engine({gen, "padded32", "xor", "classic"}, 1);
    for (const std::string& sfen : sfens) {
      PositionLine<> g(sfen);
      const MoveList<GenType::LegalAll> legal(g.pos);
      one_move += legal.size() == 1;
      const SearchResult r = search(*e, sfen, limits);
      if (legal.size() == 0) {
        EXPECT_EQ(r.best, MOVE_NONE) << sfen;
      } else if (!r.declare_win) {
        ASSERT_TRUE(legal.contains(r.best)) << gen << " played " << to_usi(r.best) << " in " << sfen;
        if (r.ponder != MOVE_NONE) play_pv(sfen, {r.best, r.ponder});
      } else {
        EXPECT_TRUE(declaration_wins(g.pos)) << sfen;
      }
    }
  }
  EXPECT_GT(one_move, 0) << "the sample holds no position with a single legal move";
}

// The declaration: answered instead of a move when it wins, never when it does not.
TEST(SearchDeclaration, DeclaresExactlyWhenTheRuleHolds) {
  auto e = engine({});
  // Black's king in the camp with ten pieces there: 28 points wins, 27 does not.
  const std::string_view wins = "4K4/1R5B1/PPPPPPPP1/9/9/9/9/9/4k4 b R5P 1";
  const std::string_view short_of_points = "4K4/1R5B1/PPPPPPPP1/9/9/9/9/9/4k4 b R4P 1";
  for (auto [sfen, expected] : {std::pair{wins, true}, std::pair{short_of_points, false}}) {
    PositionLine<> g(sfen);
    ASSERT_EQ(declaration_wins(g.pos), expected) << sfen;
    const SearchResult r = search(*e, sfen, depth(2));
    EXPECT_EQ(r.declare_win, expected) << sfen;
    if (!expected) {
      EXPECT_NE(r.best, MOVE_NONE);
    }
  }
}

// A repetition in the game before the root is a draw for the search: with the position three
// times on the board and one move repeating it again, a lost side takes the draw.
TEST(SearchRepetition, GameHistoryRepetitionScoresAsDraw) {
  auto e = engine({});
  // Black has a rook in hand; both kings shuttle, so the start position recurs every 4 plies.
  const std::string_view sfen = "4k4/9/9/9/9/9/9/9/4K4 b R 1";
  const std::string cycle = "5i4i 5a4a 4i5i 4a5a ";
  const SearchResult r = search(*e, sfen, depth(6), cycle + cycle + cycle + "5i4i 5a4a 4i5i");
  // White can repeat (4a5a) for a draw; anything else loses to a rook in hand, so the score
  // must be the draw: -contempt for the root's side, give or take the key's one point.
  EXPECT_NEAR(r.score, -SearchParams::kDefaultContempt, 1);
  EXPECT_EQ(to_usi(r.best), "4a5a");
}

std::string param_name(const ::testing::TestParamInfo<EngineChoice>& info) {
  std::string n = info.param.name();
  for (char& ch : n)
    if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(Registry, EveryConfig, ::testing::ValuesIn(registered_engine_choices()), param_name);

}  // namespace
}  // namespace sashite
