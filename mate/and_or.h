// 謎電 (2005), mate search: depth-iterative AND-OR search to 1, 3, 5, ... plies over a mate
// table keyed by the board with the attacker's hand in the record (mate/mate_table.h).
// Rules and reconstruction: mate/solver.h.
//
// Repetition: a position that repeats one on the current path is not proven. Such a failure
// depends on the path, so it is not stored as a disproof (nor is any failure above it); at the
// root every such line is a real perpetual check, so a root failure of repetitions alone is
// "no mate at any length".
#pragma once

#include <cstdint>

#include "mate/solver.h"

namespace sashite::mate {

template <MateTableLayout T>
class AndOrSolver : detail::SolveState {
 public:
  static constexpr const char* name = "and-or";
  explicit AndOrSolver(T& table) : table_(table) {}
  MateResult solve(Position& pos, const MateLimits& limits);

 private:
  struct Node {
    bool proven = false;
    bool cut = false;   // the depth limit decided part of a failure
    bool path = false;  // a repetition on the path decided part of a failure
    int length = 0;
  };
  Node or_node(int depth, int ply);
  Node and_node(int depth, int ply);
  bool repeated(int ply) const;
  void store_proof(int length, Move m);
  void store_disproof(int depth);

  T& table_;
};

}  // namespace sashite::mate
