#include "mate/proof_tree.h"

#include <deque>
#include <unordered_map>
#include <unordered_set>

namespace sashite::mate {

MateProofTree build_mate_proof(Position& pos, const std::vector<Move>& answered, const MateProofSource& source,
                               int bound, const std::atomic<bool>* stop,
                               std::chrono::steady_clock::time_point deadline) {
  MateProofTree out;
  out.bound = bound;
  const Color attacker = pos.side_to_move();
  std::deque<StateInfo> states;
  // The answered line's attacking moves, by the key of the position they are played from.
  std::unordered_map<Key, Move> preferred;
  {
    size_t played = 0;
    for (; played < answered.size() && MoveList<GenType::LegalAll>(pos).contains(answered[played]); ++played) {
      if (pos.side_to_move() == attacker) preferred.emplace(pos.key(), answered[played]);
      states.emplace_back();
      pos.do_move(answered[played], states.back());
    }
    for (size_t i = played; i > 0; --i) pos.undo_move(answered[i - 1]);
  }

  struct Frame {
    Key key;
    bool attacking;
    int budget;               // plies the mate may still take from here
    std::vector<Move> moves;  // attacking: candidates, legal checks; defending: every evasion
    size_t next = 0;
    bool solved_again = false;  // attacking: the node's own solve has been asked
    int longest = 0;            // defending: the longest answered evasion's line so far
  };
  std::vector<Frame> frames;
  std::vector<Move> line;
  std::unordered_set<Key> on_line;
  std::unordered_map<Key, int> proven;   // a proven node's key: its proof's length
  std::unordered_map<Key, Move> chosen;  // an attacking node's key: its move in the proof
  std::vector<ExtMove> list(static_cast<size_t>(MAX_MOVES));
  std::vector<Move> candidates;

  auto is_check = [&](Move m) {
    const ExtMove* const end = generate<GenType::ChecksAll>(pos, list.data());
    return std::find_if(static_cast<const ExtMove*>(list.data()), end, [&](const ExtMove& e) { return e.move == m; }) !=
           end;
  };
  auto add_candidate = [&](Frame& f, Move m) {
    if (m != MOVE_NONE && std::find(f.moves.begin(), f.moves.end(), m) == f.moves.end() && is_check(m))
      f.moves.push_back(m);
  };
  auto open = [&](int budget) {
    Frame f{pos.key(), pos.side_to_move() == attacker, budget, {}};
    if (f.attacking) {
      // No budget left for a check: the frame fails at once (no moves, no solve).
      f.solved_again = budget < 1;
      if (const auto it = preferred.find(f.key); it != preferred.end() && budget >= 1) add_candidate(f, it->second);
      candidates.clear();
      if (source.candidates && budget >= 1) source.candidates(pos, budget, candidates);
      for (Move m : candidates) add_candidate(f, m);
    } else {
      const ExtMove* const end = generate<GenType::EvasionsAll>(pos, list.data());
      for (const ExtMove* e = list.data(); e != end; ++e) f.moves.push_back(e->move);
    }
    on_line.insert(f.key);
    frames.push_back(std::move(f));
  };
  auto play = [&](Move m) {
    while (states.size() <= line.size()) states.emplace_back();
    pos.do_move(m, states[line.size()]);
    line.push_back(m);
  };
  auto take_back = [&] {
    pos.undo_move(line.back());
    line.pop_back();
  };
  auto stopped = [&] {
    return (stop && stop->load(std::memory_order_relaxed)) || std::chrono::steady_clock::now() > deadline;
  };

  enum class Up { None, Proven, Failed } up = Up::None;
  int up_len = 0;  // Proven: the length of the proof of the node just closed or found proven
  // Whether the node just played to is proven within `budget` already (its length in up_len).
  auto proven_within = [&](int budget) {
    const auto it = proven.find(pos.key());
    if (it == proven.end() || it->second > budget) return false;
    up_len = it->second;
    return true;
  };
  auto close = [&](Up result, int len = 0) {
    on_line.erase(frames.back().key);
    if (result == Up::Proven) proven[frames.back().key] = len;
    frames.pop_back();
    if (!frames.empty()) take_back();
    up = result;
    up_len = len;
  };

  open(bound);
  uint64_t steps = 0;
  while (!frames.empty()) {
    if ((steps++ & 1023) == 0 && stopped()) {
      while (!frames.empty()) close(Up::Failed);
      out.error = "stopped before the proof tree was complete";
      return out;
    }
    Frame& f = frames.back();
    if (f.attacking) {
      if (up == Up::Proven) {  // the last candidate's reply is proven
        chosen[f.key] = f.moves[f.next - 1];
        close(Up::Proven, 1 + up_len);
        continue;
      }
      up = Up::None;
      if (f.next == f.moves.size() && !f.solved_again) {
        f.solved_again = true;
        ++out.searches;
        if (source.solve) add_candidate(f, source.solve(pos, f.budget));
      }
      if (f.next == f.moves.size()) {
        if (frames.size() == 1 && out.error.empty())
          out.error = "no proven check at the root that leads to a complete proof" +
                      (bound == kNoLimit ? std::string() : " within " + std::to_string(bound) + " plies");
        close(Up::Failed);
        continue;
      }
      play(f.moves[f.next++]);
      if (proven_within(f.budget - 1)) {
        take_back();
        up = Up::Proven;
      } else if (on_line.count(pos.key())) {
        take_back();
        up = Up::Failed;
      } else {
        open(f.budget - 1);
      }
    } else {
      if (up == Up::Failed) {
        close(Up::Failed);
        continue;
      }
      if (up == Up::Proven) f.longest = std::max(f.longest, 1 + up_len);
      up = Up::None;
      if (f.next == f.moves.size()) {
        ++out.defending_nodes;
        close(Up::Proven, f.longest);
        continue;
      }
      // An evasion left and no ply to answer it with.
      if (f.budget < 2) {
        close(Up::Failed);
        continue;
      }
      play(f.moves[f.next++]);
      if (proven_within(f.budget - 1)) {
        take_back();
        f.longest = std::max(f.longest, 1 + up_len);
      } else if (on_line.count(pos.key())) {
        take_back();
        up = Up::Failed;
      } else {
        open(f.budget - 1);
      }
    }
  }
  out.ok = up == Up::Proven;
  if (out.ok) {
    out.length = up_len;
    out.entries.assign(chosen.begin(), chosen.end());
  }
  if (!out.ok && stopped()) out.error = "stopped before the proof tree was complete";
  return out;
}

}  // namespace sashite::mate
