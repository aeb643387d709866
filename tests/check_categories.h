// The check and recapture categories (movegen_full/checks.h) against their definitions, one
// node at a time: Checks = the moves of Legal after which the opponent is in check (do_move +
// in_check, nothing shared with the generator), ChecksAll = those of LegalAll, EvasionsAll =
// LegalAll in check (else nothing), QuietChecks = the Checks that capture nothing and are not
// pawn promotions, recaptures to s = the board moves of Legal that go to s, for every
// square s. Also gives_check against do_move for every LegalAll move. Shared by the default
// and the slow suite, which differ only in how many nodes they walk.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "movegen_full/random_walk.h"
#include "movegen_full/reference.h"
#include "oracle_positions.h"

namespace sashite::testing {

struct CheckStats {
  long nodes = 0, in_check = 0, checks = 0, quiet_checks = 0, drop_checks = 0, pawn_drop_checks = 0, discovered = 0,
       king_discovered = 0, promotion_only = 0, double_checks = 0, recaptures = 0, checks_all = 0;
  void print(const char* what) const {
    std::printf(
        "[ %-8s ] %ld nodes (%ld in check): %ld checks (%ld with every non-promotion), %ld quiet checks, %ld drop "
        "checks (%ld pawn), %ld discovered "
        "(%ld by the king), %ld giving check only promoted, %ld double checks, %ld recaptures\n",
        what, nodes, in_check, checks, checks_all, quiet_checks, drop_checks, pawn_drop_checks, discovered,
        king_discovered, promotion_only, double_checks, recaptures);
  }
};

inline std::vector<Move> sorted_moves(const ExtMove* begin, const ExtMove* end) {
  std::vector<Move> v(begin, end);
  std::sort(v.begin(), v.end());
  return v;
}

inline std::string move_text(const std::vector<Move>& v) {
  std::string s;
  for (Move m : v) s += to_usi(m) + ' ';
  return s.empty() ? "(none)" : s;
}

// Fails the current test (fatally) at the first disagreement.
inline void check_check_categories(Position& pos, CheckStats& stats) {
  ExtMove buf[MAX_MOVES];
  const auto legal = sorted_moves(buf, generate<GenType::Legal>(pos, buf));
  const auto all = sorted_moves(buf, generate<GenType::LegalAll>(pos, buf));
  const auto checks = sorted_moves(buf, generate<GenType::Checks>(pos, buf));
  const auto quiet_checks = sorted_moves(buf, generate<GenType::QuietChecks>(pos, buf));
  const auto checks_all = sorted_moves(buf, generate<GenType::ChecksAll>(pos, buf));
  const auto evasions_all = sorted_moves(buf, generate<GenType::EvasionsAll>(pos, buf));
  const std::string where = pos.sfen();

  auto gives_check_by_making = [&](Move m, bool* double_check) {
    StateInfo st;
    pos.do_move(m, st);
    const bool check = pos.in_check();
    if (double_check) *double_check = pos.checkers().more_than_one();
    const bool discovered = check && (pos.checkers().andnot(square_bb(to_sq(m))));
    pos.undo_move(m);
    return check ? (discovered ? 2 : 1) : 0;
  };

  std::vector<Move> want_checks, want_quiet, want_checks_all;
  for (Move m : all) {
    bool dbl = false;
    const int c = gives_check_by_making(m, &dbl);
    ASSERT_EQ(pos.gives_check(m), c != 0) << to_usi(m) << " at " << where;
    if (c) want_checks_all.push_back(m);
    if (!c || !std::binary_search(legal.begin(), legal.end(), m)) continue;
    want_checks.push_back(m);
    const bool pawn_promotion = !is_drop(m) && is_promotion(m) && type_of(pos.piece_on(from_sq(m))) == PAWN;
    if (!pos.is_capture(m) && !pawn_promotion) want_quiet.push_back(m);
    stats.drop_checks += is_drop(m);
    stats.pawn_drop_checks += is_drop(m) && dropped_type(m) == PAWN;
    stats.discovered += c == 2;
    stats.king_discovered += c == 2 && !is_drop(m) && from_sq(m) == pos.king_square(pos.side_to_move());
    stats.double_checks += dbl;
    if (is_promotion(m)) {
      const Move plain = Move(m & ~MOVE_PROMOTE);
      stats.promotion_only +=
          std::binary_search(all.begin(), all.end(), plain) && !gives_check_by_making(plain, nullptr);
    }
  }
  ASSERT_EQ(std::adjacent_find(checks.begin(), checks.end()), checks.end()) << "duplicate check at " << where;
  ASSERT_EQ(checks, want_checks) << "Checks at " << where << "\n  generated: " << move_text(checks)
                                 << "\n  expected:  " << move_text(want_checks);
  ASSERT_EQ(quiet_checks, want_quiet) << "QuietChecks at " << where << "\n  generated: " << move_text(quiet_checks)
                                      << "\n  expected:  " << move_text(want_quiet);
  ASSERT_EQ(checks_all, want_checks_all) << "ChecksAll at " << where << "\n  generated: " << move_text(checks_all)
                                         << "\n  expected:  " << move_text(want_checks_all);
  ASSERT_EQ(evasions_all, pos.in_check() ? all : std::vector<Move>{}) << "EvasionsAll at " << where;
  stats.checks_all += long(checks_all.size());

  // Recaptures, on every square (empty, own and enemy squares included).
  std::vector<Move> to_square[SQ_NB];
  for (Move m : legal)
    if (!is_drop(m)) to_square[to_sq(m)].push_back(m);
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    const auto got = sorted_moves(buf, generate_recaptures(pos, s, buf));
    ASSERT_EQ(got, to_square[s]) << "recaptures to " << to_usi(s) << " at " << where
                                 << "\n  generated: " << move_text(got) << "\n  expected:  " << move_text(to_square[s]);
    if (pos.piece_on(s) != NO_PIECE && color_of(pos.piece_on(s)) != pos.side_to_move())
      stats.recaptures += long(got.size());
  }

  ++stats.nodes;
  stats.in_check += pos.in_check();
  stats.checks += long(checks.size());
  stats.quiet_checks += long(quiet_checks.size());
}

// Check-seeking walks from every reference position and every mating-pawn-drop start, until
// `nodes_per_start` nodes each: a checking move is played two times in three when one exists,
// so that evasions, checks while in check and mating nets are common.
inline void walk_check_categories(long nodes_per_start, uint64_t seed, CheckStats& stats) {
  std::vector<std::string_view> starts;
  for (const ReferencePosition& r : kReferencePositions) starts.push_back(r.sfen);
  for (std::string_view s : kMatingPawnDropStarts) starts.push_back(s);
  Rng rng(seed);
  std::vector<Move> all, checks;
  for (std::string_view start : starts) {
    for (long n = 0; n < nodes_per_start;) {
      PositionLine g(start);
      for (int ply = 0; ply < 150 && n < nodes_per_start; ++ply, ++n) {
        check_check_categories(g.pos, stats);
        if (::testing::Test::HasFatalFailure()) return;
        all.clear();
        checks.clear();
        for (const ExtMove& m : MoveList<GenType::LegalAll>(g.pos)) {
          all.push_back(m);
          if (g.pos.gives_check(m)) checks.push_back(m);
        }
        if (all.empty()) break;
        g.play(!checks.empty() && rng.below(3) ? checks[rng.below(checks.size())] : all[rng.below(all.size())]);
      }
    }
  }
}

// Every count the walks must reach so that no rule goes untested.
inline void expect_coverage(const CheckStats& s, long scale) {
  EXPECT_GE(s.in_check, 50 * scale);
  EXPECT_GE(s.drop_checks, 500 * scale);
  EXPECT_GE(s.pawn_drop_checks, 10 * scale);
  EXPECT_GE(s.discovered, 50 * scale);
  EXPECT_GE(s.king_discovered, 2 * scale);
  EXPECT_GE(s.promotion_only, 20 * scale);
  EXPECT_GE(s.double_checks, 20 * scale);
  EXPECT_GE(s.recaptures, 500 * scale);
}

}  // namespace sashite::testing
