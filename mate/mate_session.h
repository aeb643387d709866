// One registered mate solver over one registered table layout, chosen by name at run time (the
// USI options MateSolver and MateTable, mate_report): the table is owned and cleared before
// each problem, since superiority holds only within one problem's piece set. A solver with its
// own kind of table (the unbounded df-pn's pn-dn) takes it whatever table is named.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "mate/proof_tree.h"
#include "mate/solver.h"

namespace sashite::mate {

class MateSession {
 public:
  static std::vector<std::string> solver_names();  // registry order
  static std::vector<std::string> table_names();
  // Every registered (solver, table) pair, registry order.
  static std::vector<std::pair<std::string, std::string>> combinations();

  // Unregistered names leave the session empty (valid() false); the table's allocation may
  // throw std::bad_alloc.
  MateSession(const std::string& solver, const std::string& table, size_t mb);
  ~MateSession();
  MateSession(MateSession&&) noexcept;
  MateSession& operator=(MateSession&&) noexcept;

  bool valid() const { return impl_ != nullptr; }
  MateResult solve(Position& pos, const MateLimits& limits);
  // Right after solve() answered `answered` (a Mate) for pos: the proof tree (mate/proof_tree.h)
  // from the same table, nodes it lost solved again over it, within the answer's claimed bound
  // (answered.depth) when it can be kept, else of the mate alone (MateProofTree::bound says
  // which; the bounded walk has half of limits.ms). limits: ms bounds the whole walk (0: none),
  // stop ends it; its callbacks are not called. pos is restored.
  MateProofTree proof_tree(Position& pos, const MateResult& answered, const MateLimits& limits);
  MateTableStats stats() const;
  const char* solver_name() const;
  const char* table_name() const;
  // Makes the table's memory resident (USI `isready`), so that no solve pays its page faults.
  void prefault(unsigned threads);

  struct Base;

 private:
  std::unique_ptr<Base> impl_;
};

}  // namespace sashite::mate
