// Folder mate/ (layer 9): the mate solvers and their tables, beside the search; includes
// base/ to movegen_full/ only.
//
// The mate solvers' shared interface: limits, result, the solver concept, the reconstruction
// of the solution and the line check. Solvers: mate/and_or.h (謎電 (2005),
// depth-iterative AND-OR) and mate/df_pn.h (df-pn); registry: mate/solvers.h.
//
// Rules (both solvers):
// - Every check at attacking nodes (drops included: generate<GenType::ChecksAll>), every evasion at
//   defending nodes (generate<GenType::EvasionsAll>, interpositions by move and drop).
// - A pawn-drop mate is no mate: the generators never produce that drop (it is illegal).
// - Futile interpositions (無駄合): no rule. Every legal interposition counts as a defence,
//   so a distant check answered by a drop that is simply captured lengthens the mate by two
//   plies; lengths are those of the legal game tree, not of tsume composition conventions.
// - Repetition: no reported mate repeats a position. A shortest mate against the longest
//   defence never does (each move of it lowers the distance to mate, so no position comes
//   twice), and check_mate_line() rejects a line that does.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/position.h"
#include "movegen_full/movegen.h"
#include "mate/mate_table.h"

namespace sashite::mate {

enum class MateStatus { Mate, NoMate, Timeout };
const char* mate_status_name(MateStatus s);

// Longest mate searched (plies): the state stack is MAX_PLY deep.
constexpr int kMaxMateDepth = MAX_PLY - 3;

// 謎電 (2005), per-iteration node counts: depth, cumulative nodes, nodes of this iteration,
// growth (cumulative over the previous cumulative; 0 for the first iteration). df-pn's
// iterations are its passes: the first to kMaxMateDepth (or max_depth), then each to two plies
// fewer than the mate found.
struct MateIteration {
  int depth = 0;
  uint64_t nodes = 0, iteration_nodes = 0;
  double growth = 0;
  std::string to_string() const;  // " 5:            216 (            176+   5.400*)"
};

// What the unbounded df-pn does once it has proven a first mate (USI option MatePostSearch):
// None answers that proof's line; UpperBound shortens it by passes "mate within L - 2?" over
// the same table until one fails (the length is then exact) and answers the line the table
// holds; Shortest also rebuilds that line as the shortest attack against the longest defence.
enum class MatePostSearch { None, UpperBound, Shortest };

// A solver's progress while it works (USI `info` lines): the current search path until a mate
// is proven, then the best proven line. The unbounded df-pn also reports each proof at once:
// the first, then each shorter one a post-search pass proves.
struct MateProgress {
  uint64_t nodes = 0;
  double seconds = 0;
  int hashfull = 0;       // permille
  int mate_length = 0;    // of the best proven line; 0: none yet
  int proven_within = 0;  // the mate proven within this many plies against every defence; 0: none yet
  std::vector<Move> pv;
};

struct MateLimits {
  int max_depth = kMaxMateDepth;  // no mate found to here: NoMate with depth = max_depth
  int64_t ms = 0;                 // 0: no time limit
  uint64_t max_nodes = 0;         // 0: no node limit; checked every 4096 nodes
  const std::atomic<bool>* stop = nullptr;
  std::function<void(const MateIteration&)> on_iteration;
  MatePostSearch post_search = MatePostSearch::Shortest;
  std::function<void(const MateProgress&)> on_progress;  // about every progress_ms
  int64_t progress_ms = 1000;
  // The unbounded df-pn's deepest path, in plies (its recursion's depth); 0: as deep as the
  // calling thread's stack allows (mate/unbounded_df_pn.h).
  int max_ply = 0;
  // Threads searching together (the unbounded df-pn; the other solvers use one): 1 is
  // deterministic under a node limit, more share the table (mate/unbounded_df_pn.h).
  int threads = 1;
  // The unbounded df-pn's source-node double-count elimination (mate/unbounded_df_pn.h): off by
  // default, since it costs nodes on some long problems (FINDINGS.md F-mate-double-count).
  bool double_count = false;
  // The unbounded df-pn's threshold-controlling algorithm (mate/unbounded_df_pn.h): off by
  // default, since it costs nodes on short hard problems (FINDINGS.md F-mate-tca).
  bool tca = false;
};

struct MateResult {
  MateStatus status = MateStatus::Timeout;
  std::vector<Move> moves;  // Mate: attacker's first move to the mating move
  // Mate: the line is the shortest attack against the longest defence; false: a proven mate
  // that may be longer (no post-search, or stopped before it ended).
  bool exact = true;
  // NoMate: no mate within this many plies; kNoLimit when the search met no depth cut (none at
  // any length). Timeout: the last depth searched completely. Mate: the line's length, or when
  // not exact the proven bound (a mate within this many plies against every defence; the
  // line's defence need not be the longest).
  int depth = 0;
  // Mate: no mate within depth - 2 plies was proven too (a post-search pass failed), so the mate's
  // length is exact, whether or not the line's defence is the longest (`exact`).
  bool shortest_proven = false;
  // The search met its deepest path (MateLimits::max_ply) and cut it there: no NoMate answer
  // rests on such a cut (the status is then Timeout), while every proof stays a proof.
  bool depth_capped = false;
  uint64_t nodes = 0;           // search nodes (positions entered)
  uint64_t solution_nodes = 0;  // nodes of the reconstruction's searches
  double seconds = 0;
  std::vector<MateIteration> iterations;
};

// "mate 9", "mate 113 within 143" (a line of 113 plies, a mate within 143 proven: exact false),
// "nomate" (none at any length), "nomate 13" (none within 13 plies) or "timeout".
std::string mate_answer(const MateResult& r);

// The df-pn solvers' share of a node's threshold on a summed number (dn attacking, pn
// defending) for the child searched next: what its siblings leave of it. Sums saturate below
// `infinite`; one that saturated no longer tells what the siblings hold and never reaches an
// infinite threshold, so the child then gets the whole threshold and returns on its other
// number or a result. Given its own number plus one instead, it came back after a single unit
// each time, and 明日香 looped at one node for the rest of its time
// (results/2026-12-02-mate-threads-growth). Called with sum < th.
template <class N>
N sum_threshold(N th, N sum, N child, N infinite) {
  if (sum >= infinite - 1) return th;
  return std::min<N>(th - sum + child, infinite);
}

// A solver over a table layout T: solves for the side to move as attacker, restores the
// position, does not clear the table (clear it for a fresh problem).
template <class S, class T>
concept MateSolver = requires(S s, T& table, Position& pos, const MateLimits& limits) {
  { S::name } -> std::convertible_to<const char*>;
  S(table);
  { s.solve(pos, limits) } -> std::same_as<MateResult>;
};

namespace detail {

// What a solve keeps, the same for every solver: the position and the attacker, the limits and
// the clock, the node count and the stop, the path's keys and undo states.
class SolveState {
 protected:
  // Starts a solve; false when there is no king to mate (res then says NoMate at any length).
  bool begin(Position& pos, const MateLimits& limits, MateResult& res);
  // The stop flag and the clock, every 4096 nodes: a clock read costs ~20 ns.
  void poll() {
    if ((nodes_ & 4095) == 0) poll_now();
  }
  void poll_now();
  uint32_t attacker_hand() const { return uint32_t(pos_->hand(attacker_).raw()); }
  double seconds() const;
  // An iteration (a pass) to `depth` done: recorded in res with 謎電's growth and reported.
  void iteration_done(int depth, MateResult& res);
  // A mate of exact `length` proven: its line by reconstruct(), the attacker trying the table's
  // proof move first (Timeout if stopped meanwhile), then the node counts and the time.
  template <class Table, class MatedWithin>
  void report_mate(int length, const Table& table, MatedWithin&& mated_within, MateResult& res);
  // No mate line to build: the node count and the time.
  void finish(MateResult& res) const {
    res.nodes = nodes_;
    res.seconds = seconds();
  }

  Position* pos_ = nullptr;
  Color attacker_ = BLACK;
  const MateLimits* limits_ = nullptr;
  std::chrono::steady_clock::time_point start_;
  uint64_t nodes_ = 0, nodes_before_ = 0;
  bool aborted_ = false;
  Key path_[MAX_PLY];
  StateInfo states_[MAX_PLY];
};

}  // namespace detail

// Every move of `line` legal from `pos`, the attacker's each a check, no position twice, and
// the last position without a legal move; empty when it is a mate, else what is wrong
// ("move 3: ..."). pos is restored.
std::string check_mate_line(Position& pos, const std::vector<Move>& line);

// 謎電 (2005), solution reconstruction: shortest attack, longest defence, from the table after
// the search. `length` is exact (no mate within length - 2). At an attacking node with exact
// length L a check whose reply node is mated within L - 1 is played: the table's proof move
// (stored_move(L), MOVE_NONE if none) when it passes, else the first in generation order; at
// a defending node with exact length A the first evasion that is NOT mated within A - 3 (it
// needs A - 1: the longest defence). mated_within(plies, ply) answers for pos after a
// candidate move at `ply`, mostly from the table; path[ply] gets each played position's key
// (the AND-OR's repetition test reads it). false when a question went unanswered (time or
// stop) or none passed; pos is restored.
template <class MatedWithin, class StoredMove>
bool reconstruct(Position& pos, int length, std::vector<Move>& line, StateInfo* states, Key* path,
                 MatedWithin&& mated_within, StoredMove&& stored_move, const bool& aborted) {
  int ply = 0;
  // Plays `first` if it passes `good`, else the first move of `Type` that does; false if none.
  auto play_first = [&]<GenType Type>(Move first, auto good) {
    path[ply] = pos.key();
    ExtMove list[MAX_MOVES];
    ExtMove* end = generate<Type>(pos, list);
    Move pick = MOVE_NONE;
    auto test = [&](Move m) {
      pos.do_move(m, states[ply]);
      if (good()) pick = m;
      pos.undo_move(m);
    };
    if (first != MOVE_NONE && std::find_if(list, end, [&](const ExtMove& e) { return e.move == first; }) != end)
      test(first);
    for (ExtMove* m = list; m != end && pick == MOVE_NONE && !aborted; ++m)
      if (m->move != first) test(m->move);
    if (pick == MOVE_NONE || aborted) return false;
    line.push_back(pick);
    pos.do_move(pick, states[ply++]);
    return true;
  };
  bool ok = true;
  while (ok && length > 0) {
    ok = play_first.template operator()<GenType::ChecksAll>(stored_move(length),
                                                            [&] { return mated_within(length - 1, ply + 1); });
    const int defence = length - 1;
    if (!ok || defence == 0) break;
    ok = play_first.template operator()<GenType::EvasionsAll>(
        MOVE_NONE, [&] { return defence - 3 < 1 || !mated_within(defence - 3, ply + 1); });
    length = defence - 1;
  }
  for (int i = int(line.size()) - 1; i >= 0; --i) pos.undo_move(line[size_t(i)]);
  return ok;
}

namespace detail {

template <class Table, class MatedWithin>
void SolveState::report_mate(int length, const Table& table, MatedWithin&& mated_within, MateResult& res) {
  res.nodes = nodes_;
  res.depth = length;
  auto stored_move = [&](int plies) { return table.probe(pos_->board_key(), attacker_hand(), plies).move; };
  if (reconstruct(*pos_, length, res.moves, states_, path_, mated_within, stored_move, aborted_))
    res.status = MateStatus::Mate;
  else
    res.moves.clear();  // stopped meanwhile: Timeout
  res.solution_nodes = nodes_ - res.nodes;
  res.seconds = seconds();
}

}  // namespace detail

}  // namespace sashite::mate
