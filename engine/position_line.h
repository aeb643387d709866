// PositionLine: a position with the line of moves played on it from an SFEN, owning its state
// stack, so moves can be made and unmade freely (not a game: match/game.h plays games between
// engines, rules/game_history.h keeps a game's keys for repetition). The one holder
// for tests, benchmarks and tools, over BasicPosition<H> and DiffPosition alike (any Pos with
// set(sfen, State*), do_move(m, State&) and undo_move(m)).
//
// The search (search/search.h) keeps its own fixed State array indexed by ply instead: no
// allocation inside the search, and the ply is already its index.
#pragma once

#include <deque>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "engine/position.h"

namespace sashite {

template <class Pos = Position>
struct PositionLine {
  using State = typename Pos::State;

  Pos pos;
  std::deque<State> states{1};  // a deque: do_move keeps pointers to earlier states
  std::vector<Move> moves;

  // Throws std::runtime_error with the parser's message on a bad SFEN.
  explicit PositionLine(std::string_view sfen) {
    if (auto err = pos.set(sfen, &states.back())) throw std::runtime_error(*err);
  }
  PositionLine(const PositionLine&) = delete;  // pos points into states
  PositionLine& operator=(const PositionLine&) = delete;

  void play(Move m) {
    pos.do_move(m, states.emplace_back());
    moves.push_back(m);
  }
  void undo() {
    pos.undo_move(moves.back());
    moves.pop_back();
    states.pop_back();
  }
};

}  // namespace sashite
