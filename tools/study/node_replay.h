// The search's own node sequence, replayed. A real search (full generator, classic TT) runs on a
// position that records every make, unmake and generation request; the trace then drives any
// position type through the same sequence without the search around it (evaluation, TT,
// ordering, SEE). The trace also marks each static evaluation (replays skip it): how many of
// the search's nodes evaluate, which turns an evaluation's cost into a share of a node's.
// Two uses:
//   - bench/replay_bench.cpp times a generator on the branching of a real alpha-beta tree, where
//     cut nodes expand one or two children and most nodes never ask for quiet moves (the
//     search_node workload expands every child of warmed roots, a favourable bound);
//   - tests/replay_test.cpp checks that the differential position answers every request of the
//     trace with the full generator's move set.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "movegen_full/movegen.h"

namespace sashite::study {

enum class NodeOp : uint8_t {
  Move,
  Undo,
  Null,
  UndoNull,
  Captures,
  Quiets,
  Drops,
  Evasions,
  QuietChecks,
  Checks,
  Evaluate
};
constexpr int kNodeOps = 11;
constexpr unsigned op_bit(NodeOp op) { return 1u << unsigned(op); }
constexpr unsigned kGenerationOps = op_bit(NodeOp::Captures) | op_bit(NodeOp::Quiets) | op_bit(NodeOp::Drops) |
                                    op_bit(NodeOp::Evasions) | op_bit(NodeOp::QuietChecks) | op_bit(NodeOp::Checks);
// With kGenerationOps: at each request, only bring a differential position's kept state up to
// date (sync()), without generating: the bookkeeping a lazy position pays at generating nodes.
constexpr unsigned kSyncOnly = 1u << 31;
const char* node_op_name(NodeOp op);  // "captures", "quiet_checks", ...

template <GenType T>
constexpr NodeOp node_op_of() {
  if constexpr (T == GenType::Captures)
    return NodeOp::Captures;
  else if constexpr (T == GenType::Quiets)
    return NodeOp::Quiets;
  else if constexpr (T == GenType::Drops)
    return NodeOp::Drops;
  else if constexpr (T == GenType::Evasions)
    return NodeOp::Evasions;
  else if constexpr (T == GenType::QuietChecks)
    return NodeOp::QuietChecks;
  else {
    static_assert(T == GenType::Checks, "the search asks for no other category");  // the mate-in-one test
    return NodeOp::Checks;
  }
}

struct NodeStep {
  NodeOp op;
  uint16_t recorded_moves = 0;  // a generation request: how many moves the search was given
  Move move = MOVE_NONE;        // Move and Undo
};

struct NodeTrace {
  std::string sfen;
  std::vector<NodeStep> steps;
  uint64_t moves() const;        // Move and Null steps: the search's nodes below the root
  uint64_t evaluations() const;  // Evaluate steps: the search's static evaluations
};

// The node sequence of a fixed-depth search from each SFEN, each from a new game (cleared TT
// and history), as `bench <depth>` searches them.
std::vector<NodeTrace> record_search_traces(std::span<const std::string_view> sfens, int depth);

// Moves generated, and an order-independent hash of them, over the served requests.
struct ReplayTally {
  uint64_t moves = 0, hash = 0;
  friend bool operator==(const ReplayTally&, const ReplayTally&) = default;
};

// Plays a trace on a position type. `serve` selects the generation requests to answer (moves
// are always made); each answer goes to on_list(step index, op, begin, end).
template <class Pos>
class NodeReplayer {
 public:
  NodeReplayer() : pos_(std::make_unique<Pos>()), states_(std::make_unique<State[]>(MAX_PLY + 2)) {}

  template <class OnList>
  void run(const NodeTrace& t, unsigned serve, OnList&& on_list) {
    pos_->set(t.sfen, &states_[0]);  // recorded from a valid position
    int ply = 0;
    for (size_t i = 0; i < t.steps.size(); ++i) {
      const NodeStep s = t.steps[i];
      switch (s.op) {
        case NodeOp::Move: pos_->do_move(s.move, states_[++ply]); break;
        case NodeOp::Undo: pos_->undo_move(s.move), --ply; break;
        case NodeOp::Null: pos_->do_null_move(states_[++ply]); break;
        case NodeOp::UndoNull: pos_->undo_null_move(), --ply; break;
        case NodeOp::Evaluate: break;  // a mark: replays time the position's work only
        default:
          if (!(serve & op_bit(s.op))) break;
          if constexpr (requires { pos_->sync(); })
            if (serve & kSyncOnly) {
              pos_->sync();
              break;
            }
          on_list(i, s.op, moves_, generate_for(s.op));
      }
    }
  }

  ReplayTally run(const NodeTrace& t, unsigned serve) {
    ReplayTally tally;
    run(t, serve, [&](size_t, NodeOp, const ExtMove* begin, const ExtMove* end) {
      tally.moves += uint64_t(end - begin);
      for (const ExtMove* e = begin; e < end; ++e) tally.hash += (uint64_t(e->move) + 1) * 0x9E3779B97F4A7C15ULL;
    });
    return tally;
  }

  Pos& position() { return *pos_; }

 private:
  using State = typename Pos::State;
  ExtMove* generate_for(NodeOp op) {
    switch (op) {
      case NodeOp::Captures: return generate<GenType::Captures>(*pos_, moves_);
      case NodeOp::Quiets: return generate<GenType::Quiets>(*pos_, moves_);
      case NodeOp::Drops: return generate<GenType::Drops>(*pos_, moves_);
      case NodeOp::Evasions: return generate<GenType::Evasions>(*pos_, moves_);
      case NodeOp::QuietChecks: return generate<GenType::QuietChecks>(*pos_, moves_);
      default: return generate<GenType::Checks>(*pos_, moves_);
    }
  }

  std::unique_ptr<Pos> pos_;
  std::unique_ptr<State[]> states_;
  ExtMove moves_[MAX_MOVES];
};

}  // namespace sashite::study
