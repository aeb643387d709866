// The proof tree of a proven mate (issue 47), for the USI option MateProofFile: every attacking
// node (attacker to move) of the AND-OR tree with the attacker's move there, every defence of
// every defending node answered down to a mate. The file and its checker are
// rules/mate_proof.h's (a layer this folder does not include): this walk yields the entries.
//
// The walk, from the root, keeps its own stack (lines of thousands of plies):
// - at an attacking node it tries, in turn, the answered line's move when the node is on that
//   line, then the candidates the solver's table gives (pn_dn_candidates(): the checks whose
//   reply the table holds as proven, the shortest proof first, then the node's own proving
//   check), and last the first move of a new solve of the node over the same table (what the
//   table lost through replacement is searched again);
// - with a bound (the length the solver claimed), every node has a budget of plies: a line that
//   would outrun it fails, so the proof the walk returns is a mate within the bound against
//   every defence, which mate_check --length certifies; the candidates and the new solve are
//   asked for proofs within the node's budget;
// - at a defending node it visits every evasion (GenType::EvasionsAll);
// - a position met again on the current line fails that line (a cycle), and the attacking node
//   above tries its next candidate; a position proven before is not walked again (memoized by
//   key, sound as the checker's: a proven subtree holds no position of the current line) when
//   its proof's length fits the budget; else it is walked again within the smaller budget, and
//   the shorter proof replaces the longer for every line that used it.
// A node whose every candidate fails fails the walk: no proof (MateProofTree::ok false).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/position.h"
#include "movegen_full/movegen.h"
#include "mate/pn_dn_table.h"

namespace sashite::mate {

struct MateProofTree {
  bool ok = false;
  std::string error;                          // !ok: why there is no proof
  std::vector<std::pair<Key, Move>> entries;  // per attacking node: Position::key() and the move
  int bound = 0;                              // the bound the walk kept (kNoLimit: none)
  int length = 0;                             // ok: the proof's length against its longest defence, at most `bound`
  uint64_t defending_nodes = 0;
  uint64_t searches = 0;  // nodes solved again (lost from the table)
};

struct MateProofSource {
  // Moves to try at the attacking node pos whose mate may fit in `budget` plies (the check
  // included; kNoLimit: any length), best first (may be empty); pos is restored.
  std::function<void(Position& pos, int budget, std::vector<Move>& out)> candidates;
  // The first move of a mate within `budget` plies proven by a new solve of pos, MOVE_NONE when
  // none is proven.
  std::function<Move(Position& pos, int budget)> solve;
};

// pos: the root, attacker to move; answered: the solver's line from it (its attacking moves are
// tried first); bound: the most plies the proof's longest line may take (kNoLimit: any). Stops,
// failing, when *stop is set or the deadline passes. pos is restored.
MateProofTree build_mate_proof(Position& pos, const std::vector<Move>& answered, const MateProofSource& source,
                               int bound, const std::atomic<bool>* stop,
                               std::chrono::steady_clock::time_point deadline);

// The pn-dn table's candidates at the attacking node pos: the checks whose reply the table
// holds as proven (for the attacker's hand, by superiority) within budget - 1 plies, the
// shortest proof first, then the node's own stored proving check if its proof fits the budget.
template <PnDnTableLayout T>
void pn_dn_candidates(const T& table, Position& pos, int budget, std::vector<Move>& out) {
  const Color attacker = pos.side_to_move();
  auto hand = [&] { return uint32_t(pos.hand(attacker).raw()); };
  std::vector<std::pair<uint16_t, Move>> proven;
  ExtMove list[MAX_MOVES];
  const ExtMove* const end = generate<GenType::ChecksAll>(pos, list);
  StateInfo st;
  for (const ExtMove* e = list; e != end; ++e) {
    pos.do_move(e->move, st);
    const PnDnProbe p = table.probe(pos.board_key(), hand(), kUnboundedLen);
    pos.undo_move(e->move);
    if (p.proven && int(p.len) < budget) proven.emplace_back(p.len, e->move);
  }
  std::stable_sort(proven.begin(), proven.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [len, m] : proven) out.push_back(m);
  const PnDnProbe own = table.probe(pos.board_key(), hand(), kUnboundedLen);
  if (own.proven && own.move != MOVE_NONE && int(own.len) <= budget) out.push_back(own.move);
}

}  // namespace sashite::mate
