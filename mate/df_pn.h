// df-pn (Nagai 2002, depth-first proof-number search) over the same generator, mate table and
// reconstruction as 謎電 (2005)'s AND-OR solver (mate/solver.h), so the two answer the
// same question: the shortest mate against the longest defence.
//
// - Depth-limited: every node carries the plies left. A proof stores its length (one more than
//   the proving child's at an attacking node, than the longest child's at a defending node), a
//   disproof the depth it holds to (kNoLimit when no line met the limit), and df-pn's numbers
//   are kept per (board, hand, plies left), so the searched graph is acyclic and the numbers
//   of one node never feed back into themselves (no graph-history interaction).
// - Shortest mate by iterative shortening: a first pass to max_depth finds some mate of length
//   L, each next pass asks for a mate within L - 2 with the table kept, until one fails; then
//   the reconstruction (its questions are df-pn searches too) gives the line. Stopped after a
//   proof, it answers the proven line the table holds (MateResult::exact false).
// - Initial numbers (Nagai's df-pn+ idea of a cheap look-ahead): a check's reply node gets
//   pn = its number of evasions, and is proven at once when it has none (mate).
// - Thresholds: the second-best child's number times 1 + epsilon (Pawlewicz and Lew, 1+epsilon
//   trick) with epsilon 1/4, so a node is not left after one step.
// - Each node's children live in a solver-owned arena frame: a child's numbers come from the
//   table once, then from what its own search returns, so a record lost to a full table
//   cannot make a parent choose the same child forever.
// - Repetition is not tested: a line that repeats a position is cut by the depth like any other,
//   and the reported (shortest) mate never repeats one (mate/solver.h).
#pragma once

#include <cstdint>
#include <vector>

#include "mate/solver.h"

namespace sashite::mate {

// A proof or disproof number that stands for infinity (a proven or disproven node).
inline constexpr uint32_t kDfPnInfinite = 1u << 30;

template <MateTableLayout T>
class DfPnSolver : detail::SolveState {
 public:
  static constexpr const char* name = "df-pn";
  static constexpr uint32_t kInfinite = kDfPnInfinite;
  explicit DfPnSolver(T& table) : table_(table), arena_(size_t(MAX_PLY) * MAX_MOVES) {}
  MateResult solve(Position& pos, const MateLimits& limits);

 private:
  // A node's value: proof and disproof numbers (pn 0: proven, dn 0: disproven), the length of
  // the proof, and whether a disproof depends on the depth limit.
  struct Value {
    uint32_t pn = 1, dn = 1;
    uint16_t length = 0;
    bool cut = false;
  };
  struct Child {
    Move move;
    Value v;
  };
  Value mid(int depth, int ply, uint32_t thpn, uint32_t thdn, Child* frame);
  Value evaluate(int depth);  // the current node from the table and one look-ahead
  bool mated_within(int depth, int ply);
  void store(const Value& v, int depth, Move m);

  T& table_;
  std::vector<Child> arena_;
};

}  // namespace sashite::mate
