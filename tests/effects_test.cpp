// The effect sources (search/effects/sources.h) give identical per-square counts: the
// recomputed counts (both counters of effect_board.h) against a count of attackers_to on every
// square, then every source against
// the recomputed counts on the oracle positions (each legal move made and unmade) and on random
// walks of moves, null moves and unmakes under every hand layout. Equal counts give equal
// evaluations (checked too); equal trees per source are SearchDeterminism's
// (tests/search_test.cpp), over the configurations this file checks are registered.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/hand_types.h"
#include "tests/oracle_positions.h"

#include "movegen_full/movegen.h"
#include "search/engine.h"
#include "search/evaluate.h"
#include "search/effects/sources.h"

namespace sashite {
namespace {

static_assert(kEffectSourceFits<RecomputedEffects, FullGenerator> &&
              kEffectSourceFits<RecomputedEffects, DiffGenerator>);
static_assert(kEffectSourceFits<DiffKeptEffects, DiffGenerator> && !kEffectSourceFits<DiffKeptEffects, FullGenerator>);
static_assert(kEffectSourceFits<IncrementalEffects, FullGenerator> &&
              !kEffectSourceFits<IncrementalEffects, DiffGenerator>);

// The counts by definition: the attackers of each square, one bitboard query per square.
template <HandLayout H>
EffectBoard attackers_count(const BasicPosition<H>& pos) {
  EffectBoard e{};
  for (Color c : {BLACK, WHITE})
    for (Square s = SQ_ZERO; s < SQ_NB; ++s) e.count[c][s] = uint8_t(pos.attackers_to(c, s).popcount());
  return e;
}

std::string first_difference(const EffectBoard& a, const EffectBoard& b) {
  for (Color c : {BLACK, WHITE})
    for (int s = 0; s < kEffectBoardStride; ++s)
      if (a.count[c][s] != b.count[c][s])
        return std::string(c == BLACK ? "black" : "white") + " count at " +
               (s < SQ_NB ? to_usi(Square(s)) : "padding " + std::to_string(s)) + ": " + std::to_string(a.count[c][s]) +
               " against " + std::to_string(b.count[c][s]);
  return {};
}

// Every source's position of layout H, played in step.
template <HandLayout H>
struct Lockstep {
  static constexpr int kPlies = 64;
  using Diff = DiffGenerator::Position<H>;
  using Copy = EffectPosition<H, EffectUndo::Copy>;
  using Replay = EffectPosition<H, EffectUndo::Replay>;

  BasicPosition<H> full;
  Diff diff;
  Copy copy;
  Replay replay;
  StateInfo full_st[kPlies + 1];
  typename Diff::State diff_st[kPlies + 1];
  typename Copy::State copy_st[kPlies + 1];
  typename Replay::State replay_st[kPlies + 1];
  std::vector<Move> moves;
  EffectBoard scratch;

  void set(std::string_view sfen) {
    moves.clear();
    ASSERT_FALSE(full.set(sfen, &full_st[0]));
    ASSERT_FALSE(diff.set(sfen, &diff_st[0]));
    ASSERT_FALSE(copy.set(sfen, &copy_st[0]));
    ASSERT_FALSE(replay.set(sfen, &replay_st[0]));
  }
  void play(Move m) {
    const size_t ply = moves.size() + 1;
    if (m == MOVE_NULL) {
      full.do_null_move(full_st[ply]);
      diff.do_null_move(diff_st[ply]);
      copy.do_null_move(copy_st[ply]);
      replay.do_null_move(replay_st[ply]);
    } else {
      full.do_move(m, full_st[ply]);
      diff.do_move(m, diff_st[ply]);
      copy.do_move(m, copy_st[ply]);
      replay.do_move(m, replay_st[ply]);
    }
    moves.push_back(m);
  }
  void unplay() {
    const Move m = moves.back();
    moves.pop_back();
    if (m == MOVE_NULL) {
      full.undo_null_move();
      diff.undo_null_move();
      copy.undo_null_move();
      replay.undo_null_move();
    } else {
      full.undo_move(m);
      diff.undo_move(m);
      copy.undo_move(m);
      replay.undo_move(m);
    }
  }
  // Every source against the recomputed counts (and those against attackers_to when `exact`),
  // with the evaluation they give. The differential position is synced only when `sync_diff`:
  // left unsynced, its next sync covers several moves at once.
  void check(bool exact, bool sync_diff, const std::string& where) {
    EffectBoard expected;
    compute_effects(full, expected);
    if (exact) {
      ASSERT_EQ(first_difference(expected, attackers_count(full)), "") << "recomputed, " << where;
      EffectBoard planes;  // the portable counter, whichever EffectAccumulator is
      compute_effects<H, PlaneCounter>(full, planes);
      ASSERT_EQ(first_difference(planes, expected), "") << "bit planes, " << where;
    }
    const Value v = evaluate(full, expected);
    auto same = [&](const char* source, const EffectBoard& e, const BasicPosition<H>& board) {
      ASSERT_EQ(first_difference(e, expected), "") << source << ", " << where;
      ASSERT_EQ(evaluate(board, e), v) << source << ", " << where;
    };
    same("recomputed", RecomputedEffects::effects(full, scratch), full);
    if (sync_diff) same("diff-kept", DiffKeptEffects::effects(diff, scratch), diff.board());
    same("incremental (copy)", IncrementalEffects::effects(copy, scratch), copy.board());
    same("incremental (replay)", IncrementalEffects::effects(replay, scratch), replay.board());
  }
  std::string where(std::string_view sfen) const {
    std::string w(sfen);
    w += " moves";
    for (Move m : moves) {
      w += ' ';
      if (m == MOVE_NULL)
        w += "null";
      else
        w += to_usi(m);
    }
    return w;
  }
};

TEST(EffectCounts, EveryEffectSourceHasARegisteredConfiguration) {
  for_each_type<RegisteredEffectSources>([]<class S>() {
    const auto choices = registered_engine_choices();
    EXPECT_TRUE(std::any_of(choices.begin(), choices.end(), [](const EngineChoice& c) { return c.effects == S::name; }))
        << S::name;
  });
}

// Every oracle position, and every legal move from it made and unmade.
TEST(EffectCounts, OraclePositionsAndEachMoveAgree) {
  auto s = std::make_unique<Lockstep<DefaultHand>>();
  size_t checked = 0;
  for (const std::string& sfen : testing::oracle_positions()) {
    s->set(sfen);
    ASSERT_NO_FATAL_FAILURE(s->check(true, true, sfen));
    for (const ExtMove& m : MoveList<GenType::LegalAll>(s->full)) {
      s->play(m.move);
      ASSERT_NO_FATAL_FAILURE(s->check(true, true, s->where(sfen)));
      s->unplay();
      ASSERT_NO_FATAL_FAILURE(s->check(false, true, s->where(sfen)));
      ++checked;
    }
  }
  EXPECT_GT(checked, 10000u);
}

template <class H>
class EffectWalks : public ::testing::Test {};
TYPED_TEST_SUITE(EffectWalks, testing::GTestHandTypes);

// Random walks down and back up: moves, null moves (not in check, not twice in a row) and
// unmakes, so undo meets every kind of ply and the differential position syncs across several.
TYPED_TEST(EffectWalks, MovesNullMovesAndUnmakesAgree) {
  using H = TypeParam;
  auto s = std::make_unique<Lockstep<H>>();
  Rng rng(77);
  int nulls = 0, unmakes = 0, steps = 0;
  for (const std::string& sfen : walk_sample(24, 78)) {
    s->set(sfen);
    for (int step = 0; step < 300; ++step, ++steps) {
      const size_t depth = s->moves.size();
      const MoveList<GenType::Legal, H> list(s->full);
      const bool null_ok = !s->full.in_check() && (depth == 0 || s->moves.back() != MOVE_NULL);
      if (depth == Lockstep<H>::kPlies || list.size() == 0 || (depth > 0 && rng.below(4) == 0)) {
        if (depth == 0) break;
        s->unplay();
        ++unmakes;
      } else if (null_ok && rng.below(8) == 0) {
        s->play(MOVE_NULL);
        ++nulls;
      } else {
        s->play(list.begin()[rng.below(list.size())].move);
      }
      ASSERT_NO_FATAL_FAILURE(s->check(step % 16 == 0, rng.below(2) == 0, s->where(sfen)));
    }
  }
  EXPECT_GT(nulls, 100);
  EXPECT_GT(unmakes, 500);
  EXPECT_GT(steps, 5000);
}

}  // namespace
}  // namespace sashite
