// Position sets for benchmarks: reference positions (movegen_full/reference.h) and the seeded samples of
// movegen_full/random_walk.h, parsed into positions that live for the whole run.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "movegen_full/random_walk.h"
#include "movegen_full/reference.h"

namespace sashite::bench {

// Each parsed into a PositionLine (engine/position_line.h): its root state lives as long as the position.
template <HandLayout H = DefaultHand>
std::vector<std::unique_ptr<PositionLine<BasicPosition<H>>>> load(const std::vector<std::string>& sfens) {
  std::vector<std::unique_ptr<PositionLine<BasicPosition<H>>>> v;
  for (const std::string& s : sfens) v.push_back(std::make_unique<PositionLine<BasicPosition<H>>>(s));
  return v;
}

// `count` random-walk positions (walk_seed), each with a random legal line of up to `plies` moves
// from it (line_seed): the make/unmake workloads of do_move_bench.cpp and effects_bench.cpp.
using MovePath = std::pair<std::string, std::vector<Move>>;
inline std::vector<MovePath> random_move_paths(size_t count, int plies, uint64_t line_seed, uint64_t walk_seed) {
  std::vector<MovePath> out;
  Rng rng(line_seed);
  for (const std::string& sfen : walk_sample(count, walk_seed)) {
    PositionLine g(sfen);
    std::vector<Move> moves;
    for (int ply = 0; ply < plies; ++ply) {
      MoveList<GenType::Legal> list(g.pos);
      if (!list.size()) break;
      moves.push_back(list.begin()[rng.below(list.size())]);
      g.play(moves.back());
    }
    out.emplace_back(sfen, std::move(moves));
  }
  return out;
}

}  // namespace sashite::bench
