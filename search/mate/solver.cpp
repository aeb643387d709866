#include "search/mate/solver.h"

#include <cstdio>

#include "movegen_full/movegen.h"
#include "search/mate/mate_tables.h"

namespace sashite::mate {

const char* mate_status_name(MateStatus s) {
  return s == MateStatus::Mate ? "mate" : s == MateStatus::NoMate ? "nomate" : "timeout";
}

std::string MateIteration::to_string() const {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%3d: %14llu (%14llu+ %7.3f*)", depth, (unsigned long long)nodes,
                (unsigned long long)iteration_nodes, growth);
  return buf;
}

std::string MateTableStats::to_string() const {
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "main used %llu, extended %llu, extension rate %llu permille, overflow %llu, records %llu "
                "(proven %llu, disproven %llu, unknown %llu), longest same-board chain %llu, dropped %llu, replaced %llu",
                (unsigned long long)main_used, (unsigned long long)extended, (unsigned long long)extension_permille(),
                (unsigned long long)overflow, (unsigned long long)records, (unsigned long long)proven,
                (unsigned long long)disproven, (unsigned long long)unknown, (unsigned long long)longest_chain,
                (unsigned long long)dropped, (unsigned long long)replaced);
  return buf;
}

template <MateTableLayout T>
bool AndOrSolver<T>::repeated(int ply) const {
  const Key k = pos_->key();
  for (int p = ply - 2; p >= 0; p -= 2)
    if (path_[p] == k) return true;
  return false;
}

// The stop flag and the clock, every 4096 nodes: a clock read costs ~20 ns.
template <MateTableLayout T>
void AndOrSolver<T>::poll() {
  if ((nodes_ & 4095) != 0) return;
  if (limits_->stop && limits_->stop->load(std::memory_order_relaxed)) aborted_ = true;
  if (limits_->ms > 0 &&
      std::chrono::steady_clock::now() - start_ >= std::chrono::milliseconds(limits_->ms))
    aborted_ = true;
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
  ExtMove* const end = generate<GenType::Checks>(*pos_, list);
  Node out;
  for (ExtMove* m = list; m != end; ++m) {
    pos_->do_move(m->move, states_[ply]);
    const Node r = and_node(depth - 1, ply + 1);
    pos_->undo_move(m->move);
    if (aborted_) return {};
    if (r.proven) {
      store(MateState::Proven, r.length + 1, 0, m->move);
      return {true, false, false, r.length + 1};
    }
    out.cut |= r.cut;
    out.path |= r.path;
  }
  if (!out.path) store(MateState::Disproven, 0, out.cut ? depth : kNoLimit, MOVE_NONE);
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
  ExtMove* const end = generate<GenType::Evasions>(*pos_, list);
  if (end == list) return {true, false, false, 0};  // mated (a pawn-drop mate is never generated)
  if (depth == 0) return {false, true, false, 0};

  int longest = 0;
  for (ExtMove* m = list; m != end; ++m) {
    pos_->do_move(m->move, states_[ply]);
    const Node r = or_node(depth - 1, ply + 1);
    pos_->undo_move(m->move);
    if (aborted_) return {};
    if (!r.proven) {
      if (!r.path) store(MateState::Disproven, 0, r.cut ? depth : kNoLimit, MOVE_NONE);
      return {false, r.cut, r.path, 0};
    }
    if (r.length > longest) longest = r.length;
  }
  store(MateState::Proven, longest + 1, 0, MOVE_NONE);
  return {true, false, false, longest + 1};
}

template <MateTableLayout T>
bool AndOrSolver<T>::reconstruct(int length, std::vector<Move>& line) {
  int ply = 0;
  // Plays the first move of `Type` whose child passes `good`; false if none does.
  auto play_first = [&]<GenType Type>(auto good) {
    path_[ply] = pos_->key();
    ExtMove list[MAX_MOVES];
    ExtMove* end = generate<Type>(*pos_, list);
    Move pick = MOVE_NONE;
    for (ExtMove* m = list; m != end && pick == MOVE_NONE; ++m) {
      pos_->do_move(m->move, states_[ply]);
      if (good()) pick = m->move;
      pos_->undo_move(m->move);
    }
    if (pick == MOVE_NONE || aborted_) return false;
    line.push_back(pick);
    pos_->do_move(pick, states_[ply++]);
    return true;
  };
  bool ok = true;
  while (ok && length > 0) {
    // Attacking node, exact length `length`: the first check mated within length - 1.
    ok = play_first.template operator()<GenType::Checks>([&] { return and_node(length - 1, ply + 1).proven; });
    const int defence = length - 1;
    if (!ok || defence == 0) break;
    // Defending node, exact length `defence`: the first evasion not mated within defence - 3.
    ok = play_first.template operator()<GenType::Evasions>(
        [&] { return defence - 3 < 1 || !or_node(defence - 3, ply + 1).proven; });
    length = defence - 1;
  }
  for (int i = int(line.size()) - 1; i >= 0; --i) pos_->undo_move(line[size_t(i)]);
  return ok;
}

template <MateTableLayout T>
MateResult AndOrSolver<T>::solve(Position& pos, const MateLimits& limits) {
  pos_ = &pos;
  limits_ = &limits;
  attacker_ = pos.side_to_move();
  nodes_ = 0;
  aborted_ = false;
  start_ = std::chrono::steady_clock::now();
  MateResult res;
  auto seconds = [this] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); };
  if (pos.king_square(~attacker_) == SQ_NONE) {  // nothing to mate
    res.status = MateStatus::NoMate;
    res.depth = kNoLimit;
    return res;
  }
  const int max_depth = limits.max_depth < kMaxMateDepth ? limits.max_depth : kMaxMateDepth;
  uint64_t before = 0;
  for (int depth = 1; depth <= max_depth; depth += 2) {
    const Node r = or_node(depth, 0);
    if (aborted_) break;
    MateIteration it{depth, nodes_, nodes_ - before, before ? double(nodes_) / double(before) : 0.0};
    before = nodes_;
    res.iterations.push_back(it);
    if (limits.on_iteration) limits.on_iteration(it);
    res.depth = depth;
    if (r.proven) {
      res.nodes = nodes_;
      if (reconstruct(r.length, res.moves)) res.status = MateStatus::Mate;
      else res.moves.clear();  // stopped meanwhile: Timeout
      res.solution_nodes = nodes_ - res.nodes;
      res.seconds = seconds();
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
  res.nodes = nodes_;
  res.seconds = seconds();
  return res;
}

std::string check_mate_line(Position& pos, const std::vector<Move>& line) {
  std::vector<StateInfo> st(line.size());
  const Color attacker = pos.side_to_move();
  std::string err;
  size_t done = 0;
  for (; done < line.size(); ++done) {
    const Move m = line[done];
    if (!MoveList<GenType::LegalAll>(pos).contains(m)) {
      err = "move " + std::to_string(done + 1) + ": " + to_usi(m) + " is not legal";
      break;
    }
    const bool attack = pos.side_to_move() == attacker;
    pos.do_move(m, st[done]);
    if (attack && !pos.in_check()) {
      err = "move " + std::to_string(done + 1) + ": " + to_usi(m) + " gives no check";
      ++done;
      break;
    }
  }
  if (err.empty()) {
    if (line.size() % 2 == 0) err = "the line ends on the attacker's move";
    else if (MoveList<GenType::LegalAll>(pos).size() != 0) err = "the last position has a legal move";
  }
  while (done > 0) pos.undo_move(line[--done]);
  return err;
}

#define SASHITE_INSTANTIATE_SOLVER(L) template class AndOrSolver<L<DefaultHand>>;
SASHITE_FOR_EACH_MATE_TABLE(SASHITE_INSTANTIATE_SOLVER)
#undef SASHITE_INSTANTIATE_SOLVER

}  // namespace sashite::mate
