#include "mate/df_pn.h"

#include <algorithm>

#include "mate/mate_tables.h"

namespace sashite::mate {

namespace {

// Sums saturate below kDfPnInfinite, which only a disproven (pn) or proven (dn) child reaches.
uint32_t add(uint32_t a, uint32_t b) {
  if (a >= kDfPnInfinite || b >= kDfPnInfinite) return kDfPnInfinite;
  return uint32_t(std::min<uint64_t>(uint64_t(a) + b, kDfPnInfinite - 1));
}

// The 1 + epsilon threshold (epsilon 1/4) from the second-best child's number.
uint32_t second_best_threshold(uint32_t second, uint32_t th) {
  const uint64_t t = uint64_t(second) + second / 4 + 1;  // second may be UINT32_MAX: one child
  return uint32_t(std::min<uint64_t>(t, th));
}

}  // namespace

template <MateTableLayout T>
void DfPnSolver<T>::store(const Value& v, int depth, Move m) {
  MateRecord r;
  r.board = pos_->board_key();
  r.hand = attacker_hand();
  if (v.pn == 0) {
    r.length = v.length;
    r.move = m;
  } else if (v.dn == 0) {
    r.depth = uint16_t(v.cut ? depth : kNoLimit);
  } else {
    r.pn = v.pn;
    r.dn = v.dn;
    r.pn_depth = uint16_t(depth);
  }
  table_.store(r);
}

// The current node with `depth` plies left, without searching it: a defending node without
// evasions is mated; at the depth limit a node is decided (mated or cut); then the table; then
// the look-ahead's numbers.
template <MateTableLayout T>
typename DfPnSolver<T>::Value DfPnSolver<T>::evaluate(int depth) {
  ++nodes_;
  poll();
  const bool attacking = pos_->side_to_move() == attacker_;
  if (depth <= 0) {
    if (attacking) return {kInfinite, 0, 0, true};
    ExtMove list[MAX_MOVES];
    if (generate<GenType::EvasionsAll>(*pos_, list) == list) return {0, kInfinite, 0, false};
    return {kInfinite, 0, 0, true};
  }
  const MateProbe p = table_.probe(pos_->board_key(), attacker_hand(), depth);
  if (p.state == MateState::Proven) return {0, kInfinite, uint16_t(p.length), false};
  if (p.state == MateState::Disproven) return {kInfinite, 0, 0, p.depth != kNoLimit};
  if (p.pn) return {p.pn, p.dn, 0, false};
  if (attacking) return {1, 1, 0, false};
  ExtMove list[MAX_MOVES];
  const ExtMove* end = generate<GenType::EvasionsAll>(*pos_, list);
  if (end == list) return {0, kInfinite, 0, false};  // mated (a pawn-drop mate is never generated)
  return {uint32_t(end - list), 1, 0, false};
}

// Multiple iterative deepening at a node that evaluate() left open, until its numbers reach
// a threshold or it is decided.
template <MateTableLayout T>
typename DfPnSolver<T>::Value DfPnSolver<T>::mid(int depth, int ply, uint32_t thpn, uint32_t thdn, Child* kids) {
  const bool attacking = pos_->side_to_move() == attacker_;
  ExtMove list[MAX_MOVES];
  const ExtMove* end =
      attacking ? generate<GenType::ChecksAll>(*pos_, list) : generate<GenType::EvasionsAll>(*pos_, list);
  const int n = int(end - list);
  for (int i = 0; i < n; ++i) {
    kids[i].move = list[i].move;
    pos_->do_move(kids[i].move, states_[ply]);
    kids[i].v = evaluate(depth - 1);
    pos_->undo_move(kids[i].move);
  }
  if (aborted_) return {};
  Value v;
  Move proof_move = MOVE_NONE;
  for (;;) {
    // Attacking (OR): pn the least, dn the sum; defending (AND): pn the sum, dn the least.
    uint32_t pn = attacking ? kInfinite : 0, dn = attacking ? 0 : kInfinite;
    int best = -1;
    uint32_t best_number = UINT32_MAX, second = UINT32_MAX;
    for (int i = 0; i < n; ++i) {
      const Value& c = kids[i].v;
      const uint32_t number = attacking ? c.pn : c.dn;  // what the side to move lowers
      if (number < best_number) {
        second = best_number;
        best_number = number;
        best = i;
      } else if (number < second) {
        second = number;
      }
      if (attacking)
        pn = std::min(pn, c.pn), dn = add(dn, c.dn);
      else
        pn = add(pn, c.pn), dn = std::min(dn, c.dn);
    }
    v.pn = pn;
    v.dn = dn;
    if (pn == 0 || dn == 0 || pn >= thpn || dn >= thdn) break;
    Child& c = kids[best];
    uint32_t child_thpn, child_thdn;
    if (attacking) {
      child_thpn = second_best_threshold(second, thpn);
      child_thdn = sum_threshold(thdn, dn, c.v.dn, kInfinite);
    } else {
      child_thpn = sum_threshold(thpn, pn, c.v.pn, kInfinite);
      child_thdn = second_best_threshold(second, thdn);
    }
    pos_->do_move(c.move, states_[ply]);
    ++nodes_;
    poll();
    c.v = mid(depth - 1, ply + 1, child_thpn, child_thdn, kids + n);
    pos_->undo_move(c.move);
    if (aborted_) return {};
  }
  if (v.pn == 0) {  // the shortest proving check, or the longest defence
    int length = attacking ? kNoLimit : 0;
    for (int i = 0; i < n; ++i) {
      if (kids[i].v.pn != 0) continue;
      if (attacking ? kids[i].v.length < length : kids[i].v.length > length) {
        length = kids[i].v.length;
        proof_move = kids[i].move;
      }
    }
    v.length = uint16_t(length + 1);
    if (!attacking) proof_move = MOVE_NONE;
  } else if (v.dn == 0) {
    // Attacking: every check fails, cut if any failure is. Defending: cut unless one of the
    // refuting evasions refutes at any depth.
    v.cut = !attacking;
    for (int i = 0; i < n; ++i)
      if (kids[i].v.dn == 0) v.cut = attacking ? v.cut || kids[i].v.cut : v.cut && kids[i].v.cut;
  }
  store(v, depth, proof_move);
  return v;
}

template <MateTableLayout T>
bool DfPnSolver<T>::mated_within(int depth, int ply) {
  const Value v = evaluate(depth);
  if (v.pn == 0 || v.dn == 0) return v.pn == 0;
  return mid(depth, ply, kInfinite, kInfinite, arena_.data()).pn == 0 && !aborted_;
}

template <MateTableLayout T>
MateResult DfPnSolver<T>::solve(Position& pos, const MateLimits& limits) {
  MateResult res;
  if (!begin(pos, limits, res)) return res;
  // One pass: is there a mate within `depth`?
  auto pass = [&](int depth) {
    Value v = evaluate(depth);
    if (v.pn != 0 && v.dn != 0) v = mid(depth, 0, kInfinite, kInfinite, arena_.data());
    if (aborted_) return v;
    iteration_done(depth, res);
    return v;
  };
  // The proven line under `length` from the table alone (stopped: no search): the stored proof
  // move, the evasion with the longest stored proof; false if a record was lost.
  auto table_line = [&](int length) {
    std::vector<Move> line;
    bool ok = true;
    for (int left = length; ok; --left) {
      const bool attacking = pos_->side_to_move() == attacker_;
      if (attacking) {
        const MateProbe p = table_.probe(pos_->board_key(), attacker_hand(), left);
        ok =
            p.state == MateState::Proven && p.move != MOVE_NONE && MoveList<GenType::ChecksAll>(*pos_).contains(p.move);
        if (ok) line.push_back(p.move);
      } else {
        const MoveList<GenType::EvasionsAll> evasions(*pos_);
        if (evasions.size() == 0) break;  // mated
        Move pick = MOVE_NONE;
        int longest = -1;
        for (const ExtMove& e : evasions) {
          pos_->do_move(e.move, states_[line.size()]);
          const MateProbe p = table_.probe(pos_->board_key(), attacker_hand(), left - 1);
          pos_->undo_move(e.move);
          if (p.state != MateState::Proven) {
            pick = MOVE_NONE;
            break;
          }
          if (p.length > longest) longest = p.length, pick = e.move;
        }
        ok = pick != MOVE_NONE;
        if (ok) line.push_back(pick);
      }
      if (ok) pos_->do_move(line.back(), states_[line.size() - 1]);
    }
    for (size_t i = line.size(); i > 0; --i) pos_->undo_move(line[i - 1]);
    if (ok && check_mate_line(*pos_, line).empty()) res.moves = std::move(line);
    return !res.moves.empty();
  };
  const int max_depth = std::min(limits.max_depth, kMaxMateDepth);
  Value v = pass(max_depth);
  if (!aborted_ && v.dn == 0) {
    res.status = MateStatus::NoMate;
    res.depth = v.cut ? max_depth : kNoLimit;
  } else if (!aborted_) {
    int length = v.length;
    while (length - 2 >= 1) {
      v = pass(length - 2);
      if (aborted_ || v.pn != 0) break;
      length = v.length;
    }
    if (!aborted_) {
      report_mate(
          length, table_, [this](int plies, int ply) { return mated_within(plies, ply); }, res);
      if (res.status == MateStatus::Mate) return res;
    }
    // Stopped while shortening or rebuilding: the proven line, perhaps not the shortest.
    if (table_line(length)) {
      res.status = MateStatus::Mate;
      res.exact = false;
      res.depth = length;
    }
  }
  finish(res);
  return res;
}

#define SASHITE_INSTANTIATE_SOLVER(T) template class DfPnSolver<T>;
SASHITE_FOR_EACH_MATE_TABLE(SASHITE_INSTANTIATE_SOLVER)
#undef SASHITE_INSTANTIATE_SOLVER

}  // namespace sashite::mate
