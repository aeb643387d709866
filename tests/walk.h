// Seeded random walks over legal moves: the source of test positions beyond SPEC.md §4.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <deque>
#include <string>
#include <vector>

#include "movegen_full/movegen.h"
#include "movegen_full/reference.h"

namespace sashite::testing {

// SplitMix64: small, seedable, identical on every platform.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed) {}
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  size_t below(size_t n) { return size_t(next() % n); }
};

// A position that owns its state stack, so moves can be made and unmade freely.
template <HandLayout H = DefaultHand>
struct Game {
  BasicPosition<H> pos;
  std::deque<StateInfo> states{1};
  std::vector<Move> moves;

  explicit Game(std::string_view sfen) {
    if (auto err = pos.set(sfen, &states.back())) throw std::runtime_error(*err);
  }
  void play(Move m) {
    states.emplace_back();
    pos.do_move(m, states.back());
    moves.push_back(m);
  }
  void unplay() {
    pos.undo_move(moves.back());
    moves.pop_back();
    states.pop_back();
  }
};

// Plays up to `plies` random legal moves (stopping early at a mate) and returns the SFEN of
// every position visited, the start included.
inline std::vector<std::string> random_walk_sfens(std::string_view start, int plies, Rng& rng) {
  Game g(start);
  std::vector<std::string> out{g.pos.sfen()};
  for (int i = 0; i < plies; ++i) {
    MoveList<GenType::LegalAll> list(g.pos);
    if (!list.size()) break;
    g.play(list.begin()[rng.below(list.size())]);
    out.push_back(g.pos.sfen());
  }
  return out;
}

}  // namespace sashite::testing
