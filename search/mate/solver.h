// 謎電 (2005), mate search: depth-iterative AND-OR search, every check at attacking nodes
// (drops included: generate<GenType::Checks>), every evasion at defending nodes
// (generate<GenType::Evasions>, interpositions by move and drop), to 1, 3, 5, ... plies, over a
// mate table keyed by the board with the attacker's hand in the record (search/mate/mate_table.h).
//
// Rules:
// - A pawn-drop mate is no mate: the generators never produce that drop (it is illegal).
// - Repetition: a position that repeats one on the current path is not proven (a mate that
//   needs the repetition is not reported). Such a failure depends on the path, so it is not
//   stored as a disproof (nor is any failure above it).
// - Futile interpositions (無駄合): no rule. Every legal interposition counts as a defence,
//   so a distant check answered by a drop that is simply captured lengthens the mate by two
//   plies; lengths are those of the legal game tree, not of tsume composition conventions.
//
// Solution (謎電 (2005), solution reconstruction): after the search, from the table, shortest
// attack and longest defence. The root's length L is exact (no mate within L - 2 was found in
// the previous iteration); at an attacking node with exact length L the first check whose reply
// node is mated within L - 1 is played; at a defending node with exact length A the first
// evasion that is NOT mated within A - 3 is played (it needs A - 1: the longest defence). Each
// question is one table-backed search, mostly answered by the table.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/position.h"
#include "search/mate/mate_table.h"

namespace sashite::mate {

enum class MateStatus { Mate, NoMate, Timeout };
const char* mate_status_name(MateStatus s);

// Longest mate searched (plies): the state stack is MAX_PLY deep.
constexpr int kMaxMateDepth = MAX_PLY - 3;

// 謎電 (2005), per-iteration node counts: depth, cumulative nodes, nodes of this iteration,
// growth (cumulative over the previous cumulative; 0 for the first iteration).
struct MateIteration {
  int depth = 0;
  uint64_t nodes = 0, iteration_nodes = 0;
  double growth = 0;
  std::string to_string() const;  // " 5:            216 (            176+   5.400*)"
};

struct MateLimits {
  int max_depth = kMaxMateDepth;         // no mate found to here: NoMate with depth = max_depth
  int64_t ms = 0;                        // 0: no time limit
  const std::atomic<bool>* stop = nullptr;
  std::function<void(const MateIteration&)> on_iteration;
};

struct MateResult {
  MateStatus status = MateStatus::Timeout;
  std::vector<Move> moves;  // Mate: attacker's first move to the mating move
  // NoMate: no mate within this many plies; kNoLimit when the search met no depth cut (none at
  // any length). Timeout: the last depth searched completely.
  int depth = 0;
  uint64_t nodes = 0;         // search nodes (each attacking and defending node visited)
  uint64_t solution_nodes = 0;// nodes of the reconstruction's searches
  double seconds = 0;
  std::vector<MateIteration> iterations;
};

template <MateTableLayout T>
class AndOrSolver {
 public:
  static constexpr const char* name = "and-or";
  explicit AndOrSolver(T& table) : table_(table) {}
  // Solves for the side to move as attacker; the position is restored before returning. The
  // table is not cleared (clear it for a fresh problem).
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
  void poll();
  bool reconstruct(int length, std::vector<Move>& line);
  uint32_t attacker_hand() const { return uint32_t(pos_->hand(attacker_).raw()); }
  void store(MateState s, int length, int depth, Move m) {
    MateRecord r;
    r.board = pos_->board_key();
    r.hand = attacker_hand();
    r.state = s;
    r.length = uint16_t(length);
    r.depth = uint16_t(depth);
    r.move = m;
    table_.store(r);
  }

  T& table_;
  Position* pos_ = nullptr;
  Color attacker_ = BLACK;
  const MateLimits* limits_ = nullptr;
  std::chrono::steady_clock::time_point start_;
  uint64_t nodes_ = 0;
  bool aborted_ = false;
  Key path_[MAX_PLY];
  StateInfo states_[MAX_PLY];
};

// Every move of `line` legal from `pos`, the attacker's each a check, and the last position
// without a legal move; empty when it is a mate, else what is wrong ("move 3: ..."). pos is
// restored.
std::string check_mate_line(Position& pos, const std::vector<Move>& line);

}  // namespace sashite::mate
