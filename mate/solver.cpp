#include "mate/solver.h"

#include <algorithm>
#include <cstdio>

#include "movegen_full/movegen.h"

namespace sashite::mate {

const char* mate_status_name(MateStatus s) {
  return s == MateStatus::Mate ? "mate" : s == MateStatus::NoMate ? "nomate" : "timeout";
}

std::string mate_answer(const MateResult& r) {
  if (r.status == MateStatus::Mate)
    return "mate " + std::to_string(r.moves.size()) +
           (!r.exact && size_t(r.depth) > r.moves.size() ? " within " + std::to_string(r.depth) : "");
  if (r.status == MateStatus::NoMate) return r.depth == kNoLimit ? "nomate" : "nomate " + std::to_string(r.depth);
  return "timeout";
}

std::string MateIteration::to_string() const {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%3d: %14llu (%14llu+ %7.3f*)", depth, (unsigned long long)nodes,
                (unsigned long long)iteration_nodes, growth);
  return buf;
}

std::string MateTableStats::to_string() const {
  char buf[512];
  std::snprintf(
      buf, sizeof buf,
      "main used %llu, extended %llu, extension rate %llu permille, overflow %llu, records %llu "
      "(proven %llu, disproven %llu, unknown %llu), longest same-board chain %llu, dropped %llu, replaced %llu, "
      "collections %llu (%llu records removed)",
      (unsigned long long)main_used, (unsigned long long)extended, (unsigned long long)extension_permille(),
      (unsigned long long)overflow, (unsigned long long)records, (unsigned long long)proven,
      (unsigned long long)disproven, (unsigned long long)unknown, (unsigned long long)longest_chain,
      (unsigned long long)dropped, (unsigned long long)replaced, (unsigned long long)collections,
      (unsigned long long)collected);
  return buf;
}

namespace detail {

bool SolveState::begin(Position& pos, const MateLimits& limits, MateResult& res) {
  pos_ = &pos;
  limits_ = &limits;
  attacker_ = pos.side_to_move();
  nodes_ = nodes_before_ = 0;
  aborted_ = false;
  start_ = std::chrono::steady_clock::now();
  if (pos.king_square(~attacker_) != SQ_NONE) return true;
  res.status = MateStatus::NoMate;  // nothing to mate
  res.depth = kNoLimit;
  return false;
}

void SolveState::poll_now() {
  if (limits_->stop && limits_->stop->load(std::memory_order_relaxed)) aborted_ = true;
  if (limits_->max_nodes && nodes_ >= limits_->max_nodes) aborted_ = true;
  if (limits_->ms > 0 && std::chrono::steady_clock::now() - start_ >= std::chrono::milliseconds(limits_->ms))
    aborted_ = true;
}

double SolveState::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void SolveState::iteration_done(int depth, MateResult& res) {
  const MateIteration it{depth, nodes_, nodes_ - nodes_before_,
                         nodes_before_ ? double(nodes_) / double(nodes_before_) : 0.0};
  nodes_before_ = nodes_;
  res.iterations.push_back(it);
  if (limits_->on_iteration) limits_->on_iteration(it);
}

}  // namespace detail

std::string check_mate_line(Position& pos, const std::vector<Move>& line) {
  std::vector<StateInfo> st(line.size());
  const Color attacker = pos.side_to_move();
  std::string err;
  std::vector<Key> seen{pos.key()};
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
    if (std::find(seen.begin(), seen.end(), pos.key()) != seen.end()) {
      err = "move " + std::to_string(done + 1) + ": " + to_usi(m) + " repeats a position";
      ++done;
      break;
    }
    seen.push_back(pos.key());
  }
  if (err.empty()) {
    if (line.size() % 2 == 0)
      err = "the line ends on the attacker's move";
    else if (MoveList<GenType::LegalAll>(pos).size() != 0)
      err = "the last position has a legal move";
  }
  while (done > 0) pos.undo_move(line[--done]);
  return err;
}

}  // namespace sashite::mate
