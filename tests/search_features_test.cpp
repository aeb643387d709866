// The search's parts one by one: the move picker's stages, the history tables' indexing, the
// one-ply mate test against brute force, the window bound, the answer of an unfinished
// iteration, the check extension's cap and its TT move, the double extensions' cap, and each
// feature of search/features.h switched from its default still searching the same tree through
// every generator.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <span>
#include <vector>

#include "mate/problem_set.h"
#include "movegen_full/movegen.h"
#include "movegen_full/random_walk.h"
#include "search/bench_positions.h"
#include "search/engine.h"
#include "search/history.h"
#include "search/mate_in_one.h"
#include "search/move_picker.h"
#include "tests/flip_sfen.h"

namespace sashite {
namespace {

using Pos = BasicPosition<DefaultHand>;

Move find_move(const Pos& pos, std::string_view usi) {
  for (const ExtMove& e : MoveList<GenType::LegalAll>(pos))
    if (to_usi(e.move) == usi) return e.move;
  return MOVE_NONE;
}

std::vector<Move> picked(MovePicker<Pos>& picker) {
  std::vector<Move> out;
  for (Move m; (m = picker.next()) != MOVE_NONE;) out.push_back(m);
  return out;
}

// A quiet check from the TT is searched at quiescence's first ply, first and once; where
// quiescence takes no quiet checks it is not searched at all.
TEST(MovePicker, QuiescenceSearchesAQuietCheckFromTheTT) {
  PositionLine<> g("4k4/9/9/9/9/9/9/9/4K4 b G 1");
  const Move check = find_move(g.pos, "G*5b");
  ASSERT_TRUE(g.pos.gives_check(check));
  ButterflyHistory history{};
  OrderingTables tables;
  tables.main = &history;
  MovePicker<Pos> with_checks(g.pos, check, tables, true);
  const std::vector<Move> first = picked(with_checks);
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(first[0], check);
  EXPECT_EQ(std::count(first.begin(), first.end(), check), 1);
  MovePicker<Pos> captures_only(g.pos, check, tables, false);
  const std::vector<Move> deeper = picked(captures_only);
  EXPECT_EQ(std::count(deeper.begin(), deeper.end(), check), 0);
}

// Every legal move exactly once from the main picker, whatever the TT move, killers and
// counter move hold (legal, illegal, captures, duplicates).
TEST(MovePicker, MainStagesYieldEveryLegalMoveOnce) {
  ButterflyHistory history{};
  OrderingTables tables;
  tables.main = &history;
  for (const std::string& sfen : walk_sample(300, 7)) {
    PositionLine<> g(sfen);
    const MoveList<GenType::Legal> legal(g.pos);
    std::vector<Move> expected(legal.begin(), legal.end());
    std::sort(expected.begin(), expected.end());
    const Move some = expected.empty() ? MOVE_NONE : expected[expected.size() / 2];
    const Move killers[2] = {some, Move(0x1234)};
    MovePicker<Pos> picker(g.pos, expected.empty() ? MOVE_NONE : expected[0], killers, some, tables);
    std::vector<Move> got = picked(picker);
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, expected) << sfen;
  }
}

// Quiets come out best-first in one total order, history descending and then Move value
// ascending, whatever order the generator emitted them in (pick_best): ties included.
TEST(MovePicker, QuietsInHistoryThenMoveOrder) {
  PositionLine<> g("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS1KGSNL b G 1");  // no captures, drops
  ButterflyHistory history{};
  const MoveList<GenType::Legal> legal(g.pos);
  int i = 0;
  for (Move m : legal)
    if (++i % 3) history.update(BLACK, m, 100 * (i % 4));  // a third untouched, the rest in three ties
  OrderingTables tables;
  tables.main = &history;
  const Move none[2] = {MOVE_NONE, MOVE_NONE};
  MovePicker<Pos> picker(g.pos, MOVE_NONE, none, MOVE_NONE, tables);
  const std::vector<Move> got = picked(picker);
  ASSERT_EQ(got.size(), legal.size());
  for (size_t k = 1; k < got.size(); ++k) {
    const int a = history.get(BLACK, got[k - 1]), b = history.get(BLACK, got[k]);
    EXPECT_TRUE(a > b || (a == b && got[k - 1] < got[k])) << k;
  }
}

// A promotion and its non-promotion learn apart.
TEST(History, PromotionAndNonPromotionAreDifferentEntries) {
  auto h = std::make_unique<ButterflyHistory>();
  *h = {};
  const Square from = square_from_usi("2d"), to = square_from_usi("2c");
  const Move plain = make_move(from, to), promo = make_move_promote(from, to);
  h->update(BLACK, promo, 500);
  EXPECT_GT(h->get(BLACK, promo), 0);
  EXPECT_EQ(h->get(BLACK, plain), 0);
  EXPECT_EQ(h->get(WHITE, promo), 0);
}

// The correction tables' keys read the board's shape alone: a pawn move changes the pawn key,
// a rook move far from both kings changes neither, a gold stepping beside its king changes the
// king key only, and two hand layouts of one position give the same keys.
TEST(History, CorrectionKeysReadTheShapeOnly) {
  const std::string_view sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
  const PositionLine<> start(sfen);
  const uint64_t pawns = pawn_shape_key(start.pos.board()), kings = king_shape_key(start.pos.board());
  auto after = [&](std::string_view usi) {
    PositionLine<> line(sfen);
    line.play(find_move(line.pos, usi));
    return std::pair(pawn_shape_key(line.pos.board()), king_shape_key(line.pos.board()));
  };
  const struct {
    std::string_view move;
    bool pawns_change, kings_change;
  } kCases[] = {{"7g7f", true, false}, {"2h3h", false, false}, {"4i5h", false, true}, {"5i4h", false, true}};
  for (const auto& c : kCases) {
    const auto [pawns_after, kings_after] = after(c.move);
    EXPECT_EQ(pawns_after != pawns, c.pawns_change) << c.move;
    EXPECT_EQ(kings_after != kings, c.kings_change) << c.move;
  }
  // Black's pawns and White's apart: a pawn on one square is another shape in each colour.
  EXPECT_NE(pawn_shape_key(PositionLine<>("4k4/9/9/9/9/9/P8/9/4K4 b - 1").pos.board()),
            pawn_shape_key(PositionLine<>("4k4/9/9/9/9/9/p8/9/4K4 b - 1").pos.board()));
  PositionLine<BasicPosition<Hand64>> other_layout(sfen);
  EXPECT_EQ(pawn_shape_key(other_layout.pos.board()), pawns);
  EXPECT_EQ(king_shape_key(other_layout.pos.board()), kings);
}

// A correction entry moves towards the bonuses it is given and stays inside +-kMax: the
// evaluation can be moved by 64 cp at most.
TEST(History, CorrectionStaysBounded) {
  auto h = std::make_unique<CorrectionHistory>();
  *h = {};
  for (int i = 0; i < 1000; ++i) h->update(BLACK, 12345, CorrectionHistory::kMax / 4);
  EXPECT_GT(h->get(BLACK, 12345), CorrectionHistory::kMax * 9 / 10);
  EXPECT_LE(h->get(BLACK, 12345), CorrectionHistory::kMax);
  EXPECT_EQ(h->get(WHITE, 12345), 0);
  for (int i = 0; i < 1000; ++i) h->update(BLACK, 12345, -CorrectionHistory::kMax / 4);
  EXPECT_LT(h->get(BLACK, 12345), -CorrectionHistory::kMax * 9 / 10);
  EXPECT_GE(h->get(BLACK, 12345), -CorrectionHistory::kMax);
}

// The bound a root score prints: a fail low is an upper bound, a fail high a lower bound.
TEST(WindowBound, FailLowIsAnUpperBound) {
  EXPECT_EQ(window_bound(-50, -40, 40), BOUND_UPPER);
  EXPECT_EQ(window_bound(-40, -40, 40), BOUND_UPPER);
  EXPECT_EQ(window_bound(40, -40, 40), BOUND_LOWER);
  EXPECT_EQ(window_bound(0, -40, 40), BOUND_EXACT);
}

// Positions where mates in one are common: the attacker to move after random check-evasion
// pairs from the mate problems' starts, and each one mirrored so that both colours attack.
std::vector<std::string> king_hunt_sample(int walks_per_problem, uint64_t seed) {
  Rng rng(seed);
  std::vector<std::string> out;
  for (const char* file : {"tsume.txt", "tsume_generated.txt"}) {
    const auto problems = mate::load_mate_problems(std::string(SASHITE_SOURCE_DIR) + "/tests/data/" + file);
    EXPECT_TRUE(problems) << file;
    for (const mate::MateProblem& p : problems.value_or(std::vector<mate::MateProblem>{}))
      for (int w = 0; w < walks_per_problem; ++w) {
        PositionLine<> g(p.sfen);
        for (int pair = 0; pair < 4 && !g.pos.in_check(); ++pair) {
          out.push_back(g.pos.sfen());
          out.push_back(testing::flip_sfen(g.pos.sfen()));
          if (!play_check_and_evasion(g, rng)) break;
        }
      }
  }
  return out;
}

// mate_in_one against brute force over every check: what it answers mates, and it misses
// no contact or knight mate (and answers the lowest such move).
TEST(MateInOne, AgreesWithBruteForceOverContactChecks) {
  std::vector<std::string> sfens = walk_sample(3000, 11);
  for (auto& s : full_hand_sample(300, 12)) sfens.push_back(s);
  for (auto& s : king_hunt_sample(8, 13)) sfens.push_back(s);
  sfens.push_back("4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
  int mates = 0;
  for (const std::string& sfen : sfens) {
    PositionLine<> g(sfen);
    if (g.pos.in_check()) continue;
    Pos& pos = g.pos;
    const Square ksq = pos.king_square(~pos.side_to_move());
    Move lowest = MOVE_NONE;
    StateInfo st;
    for (const ExtMove& e : MoveList<GenType::Checks>(pos)) {
      const bool contact = ksq != SQ_NONE && ((king_attacks(ksq) & square_bb(to_sq(e.move))) ||
                                              type_of(pos.moved_piece(e.move)) == KNIGHT);
      pos.do_move(e.move, st);
      const bool mated = MoveList<GenType::EvasionsAll>(pos).size() == 0;
      pos.undo_move(e.move);
      if (mated && contact && (lowest == MOVE_NONE || e.move < lowest)) lowest = e.move;
    }
    mates += lowest != MOVE_NONE;
    EXPECT_EQ(mate_in_one(pos, st), lowest) << sfen;
  }
  EXPECT_GT(mates, 400);
}

const std::atomic<bool> kNever{false};

SearchResult run(Engine& e, std::string_view sfen, const SearchLimits& limits) {
  GameHistory game;
  if (auto err = replay_game(sfen, "", game)) throw std::runtime_error(*err);
  if (auto err = e.set_game(game)) throw std::runtime_error(*err);
  e.new_game();
  SearchControl control;
  control.stop = &kNever;
  return e.go(limits, control);
}

std::unique_ptr<Engine> engine(const EngineChoice& c) {
  auto e = make_engine(c);
  e->resize_tt(16);
  return e;
}

// A search stopped late in an iteration answers from that iteration once its first move is
// searched (the depth reported is the unfinished one), not from the last completed one.
TEST(SearchTime, StoppedIterationStillAnswers) {
  auto e = engine({});
  int deeper = 0;
  for (std::string_view sfen : kBenchPositions) {
    SearchLimits d;
    d.depth = 8;
    const uint64_t to7 = [&] {
      SearchLimits l;
      l.depth = 7;
      return run(*e, sfen, l).nodes;
    }();
    const uint64_t to8 = run(*e, sfen, d).nodes;
    SearchLimits n;
    n.nodes = to7 + (to8 - to7) * 19 / 20;
    const SearchResult r = run(*e, sfen, n);
    EXPECT_LE(r.depth, 8);
    deeper += r.depth == 8;
  }
  EXPECT_GE(deeper, 3);
}

// The unfinished iteration's answer carries its line's score, not the last completed
// iteration's: the answer resigns on a mated score (usi/usi_engine.cpp), so a mated score at
// depth 7 must not resign a move that depth 8 found better. Where the stopped search answers
// with depth 8's best move, its score is depth 8's.
TEST(SearchTime, StoppedIterationAnswersWithItsLinesScore) {
  auto e = engine({});
  int compared = 0, scores_differ = 0;
  for (std::string_view sfen : kBenchPositions) {
    SearchLimits l7, l8;
    l7.depth = 7;
    l8.depth = 8;
    const SearchResult r7 = run(*e, sfen, l7), r8 = run(*e, sfen, l8);
    SearchLimits n;
    n.nodes = r7.nodes + (r8.nodes - r7.nodes) * 99 / 100;  // late in depth 8
    const SearchResult r = run(*e, sfen, n);
    if (r.depth != 8 || r.pv.empty() || r.pv[0] != r8.pv[0]) continue;
    EXPECT_EQ(r.score, r8.score) << sfen;
    ++compared;
    scores_differ += r7.score != r8.score;
  }
  EXPECT_GE(compared, 3);
  EXPECT_GE(scores_differ, 1);  // where the last completed iteration's score would fail the test
}

// Checks are extended only to twice the iteration's depth: a side with checks to spare (a
// full hand against a bare king) cannot push the tree past three times the depth plus
// quiescence's few plies.
TEST(SearchExtensions, CheckExtensionIsCapped) {
  auto e = engine({});
  for (std::string_view sfen : {"4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9P 1", "9/9/3k5/9/9/9/9/9/K8 b R2G2S4P 1"}) {
    for (int d : {3, 5, 7}) {
      SearchLimits l;
      l.depth = d;
      const SearchResult r = run(*e, sfen, l);
      EXPECT_LE(r.seldepth, 3 * d + 12) << sfen << " depth " << d;
    }
  }
}

// The bench positions searched to `depth` with one feature set to `on`, every result handed to
// `read`.
template <class Read>
void search_bench_positions(SearchFeature feature, bool on, int depth, Read&& read) {
  auto e = engine({});
  SearchParams p;
  p.set(feature, on);
  e->set_params(p);
  for (std::string_view sfen : kBenchPositions) {
    SearchLimits l;
    l.depth = depth;
    read(run(*e, sfen, l));
  }
}

// Double singular extensions compound down a line: at depth 12, paths of the bench positions
// hold up to 8 of them. DoubleExtensionCap keeps every path to kMaxDoubleExtensions.
TEST(SearchExtensions, DoubleExtensionsAreCappedPerPath) {
  for (bool cap : {false, true}) {
    int most = 0;
    search_bench_positions(SearchFeature::DoubleExtensionCap, cap, 12,
                           [&](const SearchResult& r) { most = std::max(most, r.double_extensions); });
    if (cap)
      EXPECT_EQ(most, kMaxDoubleExtensions);
    else
      EXPECT_GT(most, kMaxDoubleExtensions);  // what the cap is for
  }
}

// A checking TT move that goes through the singular test keeps its check extension with
// CheckingTTMoveExtension; without it, such checks are searched a ply shallower than every
// other check that keeps material.
TEST(SearchExtensions, CheckingTTMoveKeepsItsCheckExtension) {
  for (bool keep : {false, true}) {
    uint64_t dropped = 0;
    search_bench_positions(SearchFeature::CheckingTTMoveExtension, keep, 10,
                           [&](const SearchResult& r) { dropped += r.check_extensions_dropped; });
    if (keep)
      EXPECT_EQ(dropped, 0u);
    else
      EXPECT_GT(dropped, 0u);  // what the switch is for
  }
}

// Each feature switched from its default, the full and the differential generator still
// search the same tree.
TEST(SearchFeatures, EachSwitchKeepsGeneratorsIdentical) {
  for (const SearchFeatureInfo& f : kSearchFeatures) {
    std::vector<std::string> first;
    for (const char* gen : {"full", "diff"}) {
      auto e = engine({gen, "padded32", "xor", "classic"});
      SearchParams p;
      p.set(f.feature, !f.on_by_default);
      e->set_params(p);
      std::vector<std::string> lines;
      for (std::string_view sfen : kBenchPositions) {
        SearchLimits l;
        l.depth = 5;
        const SearchResult r = run(*e, sfen, l);
        lines.push_back(std::to_string(r.nodes) + " " + usi_score(r.score) + " " + to_usi(r.best));
      }
      if (first.empty())
        first = lines;
      else
        EXPECT_EQ(lines, first) << f.name << " switched";
    }
  }
}

// Whether search parameters change the tree: some node count on the three middle-game bench
// positions at depth 7, or else on the first end game at depth 11 (the one place where
// MateThreat finds a null move mated; at depth 9 until the castle terms changed the evaluation,
// at 10 until the piece ranks did), or else on the second middle game at depth 12, differs from
// the defaults'.
class TreeProbe {
 public:
  bool changed_by(const SearchParams& p) {
    return nodes(p, kMiddleGames, 7) != middle_ || nodes(p, kEndGame, 11) != end_ ||
           nodes(p, kDeepMiddleGame, 12) != deep_;
  }

 private:
  static constexpr auto kMiddleGames = std::span(kBenchPositions).subspan(1, 3);
  static constexpr auto kEndGame = std::span(kBenchPositions).subspan(4, 1);
  // Where a path first holds more double extensions than DoubleExtensionCap allows.
  static constexpr auto kDeepMiddleGame = std::span(kBenchPositions).subspan(2, 1);
  uint64_t nodes(const SearchParams& p, std::span<const std::string_view> positions, int depth) {
    e_->set_params(p);
    uint64_t signature = 0;
    for (std::string_view sfen : positions) {
      SearchLimits l;
      l.depth = depth;
      signature = signature * 1000003 + run(*e_, sfen, l).nodes;
    }
    return signature;
  }
  std::unique_ptr<Engine> e_ = engine({});
  uint64_t middle_ = nodes(SearchParams{}, kMiddleGames, 7);
  uint64_t end_ = nodes(SearchParams{}, kEndGame, 11);
  uint64_t deep_ = nodes(SearchParams{}, kDeepMiddleGame, 12);
};

// A switch changes the search: every feature, switched from its default alone. A switch that
// did nothing would be a stub.
TEST(SearchFeatures, EverySwitchChangesTheTree) {
  TreeProbe probe;
  for (const SearchFeatureInfo& f : kSearchFeatures) {
    SearchParams p;
    p.set(f.feature, !f.on_by_default);
    EXPECT_TRUE(probe.changed_by(p)) << f.name;
  }
}

// The margins by name: defaults for empty text, each name within its registry range, and a
// clear error naming the first bad pair (the output untouched then).
TEST(SearchConstants, ParseNamesRangesAndDefaults) {
  SearchConstants c{};
  EXPECT_FALSE(parse_search_constants("", c));
  EXPECT_EQ(c, kDefaultSearchConstants);
  EXPECT_FALSE(parse_search_constants("futility_base=100, lmr_scale_percent=55", c));
  EXPECT_EQ(c[k_futility_base], 100);
  EXPECT_EQ(c[k_lmr_scale_percent], 55);
  EXPECT_EQ(c[k_razor_base], kDefaultSearchConstants[k_razor_base]);
  const SearchConstants before = c;
  EXPECT_EQ(parse_search_constants("futility_base=100,bogus=3", c).value_or(""),
            "'bogus=3' is not <search constant name>=<integer>");
  EXPECT_EQ(parse_search_constants("null_eval_divisor=0", c).value_or(""),
            "null_eval_divisor=0: the value must be from 80 to 500");
  EXPECT_EQ(parse_search_constants("futility_base=1x", c).value_or(""),
            "'futility_base=1x': the value must be an integer from -100000 to 100000");
  EXPECT_EQ(c, before);
}

// A constant reaches the tree: each one moved alone to its range's far end. A registry line the
// search never read would be a stub.
TEST(SearchConstants, EveryConstantChangesTheTree) {
  TreeProbe probe;
  for (int i = 0; i < kSearchConstantCount; ++i) {
    const SearchConstantInfo& info = kSearchConstants[i];
    SearchParams p;
    p.constants[size_t(i)] = info.max - info.value > info.value - info.min ? info.max : info.min;
    EXPECT_TRUE(probe.changed_by(p)) << info.name;
  }
}

}  // namespace
}  // namespace sashite
