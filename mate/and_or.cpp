#include "mate/and_or.h"

#include "mate/mate_tables.h"

namespace sashite::mate {

template <MateTableLayout T>
bool AndOrSolver<T>::repeated(int ply) const {
  const Key k = pos_->key();
  for (int p = ply - 2; p >= 0; p -= 2)
    if (path_[p] == k) return true;
  return false;
}

template <MateTableLayout T>
typename AndOrSolver<T>::Node AndOrSolver<T>::or_node(int depth, int ply) {
  ++nodes_;
  poll();
  if (aborted_) return {};
  path_[ply] = pos_->key();
  if (repeated(ply)) return {false, false, true, 0};
  const MateProbe p = table_.probe(pos_->board_key(), attacker_hand(), depth);
  if (p.state == MateState::Proven) return {true, false, false, p.length};
  if (p.state == MateState::Disproven) return {false, p.depth != kNoLimit, false, 0};

  ExtMove list[MAX_MOVES];
  ExtMove* const end = generate<GenType::ChecksAll>(*pos_, list);
  Node out;
  for (ExtMove* m = list; m != end; ++m) {
    pos_->do_move(m->move, states_[ply]);
    const Node r = and_node(depth - 1, ply + 1);
    pos_->undo_move(m->move);
    if (aborted_) return {};
    if (r.proven) {
      store_proof(r.length + 1, m->move);
      return {true, false, false, r.length + 1};
    }
    out.cut |= r.cut;
    out.path |= r.path;
  }
  if (!out.path) store_disproof(out.cut ? depth : kNoLimit);
  return out;
}

template <MateTableLayout T>
typename AndOrSolver<T>::Node AndOrSolver<T>::and_node(int depth, int ply) {
  ++nodes_;
  poll();
  if (aborted_) return {};
  path_[ply] = pos_->key();
  if (repeated(ply)) return {false, false, true, 0};
  if (depth > 0) {  // a mated position is not stored: the generator answers it
    const MateProbe p = table_.probe(pos_->board_key(), attacker_hand(), depth);
    if (p.state == MateState::Proven) return {true, false, false, p.length};
    if (p.state == MateState::Disproven) return {false, p.depth != kNoLimit, false, 0};
  }
  ExtMove list[MAX_MOVES];
  ExtMove* const end = generate<GenType::EvasionsAll>(*pos_, list);
  if (end == list) return {true, false, false, 0};  // mated (a pawn-drop mate is never generated)
  if (depth == 0) return {false, true, false, 0};

  int longest = 0;
  for (ExtMove* m = list; m != end; ++m) {
    pos_->do_move(m->move, states_[ply]);
    const Node r = or_node(depth - 1, ply + 1);
    pos_->undo_move(m->move);
    if (aborted_) return {};
    if (!r.proven) {
      if (!r.path) store_disproof(r.cut ? depth : kNoLimit);
      return {false, r.cut, r.path, 0};
    }
    if (r.length > longest) longest = r.length;
  }
  store_proof(longest + 1, MOVE_NONE);
  return {true, false, false, longest + 1};
}

template <MateTableLayout T>
void AndOrSolver<T>::store_proof(int length, Move m) {
  MateRecord r;
  r.board = pos_->board_key();
  r.hand = attacker_hand();
  r.length = uint16_t(length);
  r.move = m;
  table_.store(r);
}

template <MateTableLayout T>
void AndOrSolver<T>::store_disproof(int depth) {
  MateRecord r;
  r.board = pos_->board_key();
  r.hand = attacker_hand();
  r.depth = uint16_t(depth);
  table_.store(r);
}

template <MateTableLayout T>
MateResult AndOrSolver<T>::solve(Position& pos, const MateLimits& limits) {
  MateResult res;
  if (!begin(pos, limits, res)) return res;
  const int max_depth = limits.max_depth < kMaxMateDepth ? limits.max_depth : kMaxMateDepth;
  for (int depth = 1; depth <= max_depth; depth += 2) {
    const Node r = or_node(depth, 0);
    if (aborted_) break;
    iteration_done(depth, res);
    res.depth = depth;
    if (r.proven) {
      report_mate(
          r.length, table_,
          [this](int plies, int ply) {
            return (pos_->side_to_move() == attacker_ ? or_node(plies, ply) : and_node(plies, ply)).proven;
          },
          res);
      return res;
    }
    // No line was cut by the depth: no mate at any length. A repetition failure counts here:
    // at the root the path is the tree's own, every such line is a real perpetual check.
    if (!r.cut) {
      res.status = MateStatus::NoMate;
      res.depth = kNoLimit;
      break;
    }
    if (depth + 2 > max_depth) res.status = MateStatus::NoMate;
  }
  finish(res);
  return res;
}

#define SASHITE_INSTANTIATE_SOLVER(T) template class AndOrSolver<T>;
SASHITE_FOR_EACH_MATE_TABLE(SASHITE_INSTANTIATE_SOLVER)
#undef SASHITE_INSTANTIATE_SOLVER

}  // namespace sashite::mate
