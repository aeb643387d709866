// The oracle's positions (tests/oracle_test.cpp compares them with fairy-stockfish), shared
// with the tests that need the same varied set without the oracle (the check generators').
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "movegen_full/random_walk.h"

namespace sashite::testing {

// Besides the positions of movegen_full/reference.h, starts where the side to move has a mating pawn drop: that
// position rotated for White, and a king boxed in by its own knights (P*5b, and rotated P*5h).
inline constexpr std::string_view kMatingPawnDropStarts[] = {
    "k8/1l7/9/9/9/9/s8/9/KL7 w p 1",
    "3nkn3/9/4G4/9/9/9/9/9/4K4 b P 1",
    "4k4/9/9/9/9/9/4g4/9/3NKN3 w p 1",
};

// The oracle's positions: seeded walks from positions that stress different parts of the
// generator, each walk both uniform and check-seeking. Deterministic.
inline std::vector<std::string> oracle_positions() {
  struct Source {
    std::string_view sfen;
    int walks, plies;
  };
  const Source sources[] = {
      {reference_sfen("start"), 4, 40},          {reference_sfen("matsuri"), 3, 16},
      {reference_sfen("drops"), 4, 14},          {reference_sfen("max_moves"), 3, 10},
      {reference_sfen("middlegame_b91"), 3, 14}, {reference_sfen("middlegame_w124"), 3, 14},
      {reference_sfen("pawn_drop_mate"), 3, 8},  {kMatingPawnDropStarts[0], 3, 8},
      {kMatingPawnDropStarts[1], 3, 8},          {kMatingPawnDropStarts[2], 3, 8},
  };
  Rng rng(20240611);
  std::set<std::string> seen;
  std::vector<std::string> out;
  auto keep = [&](const std::vector<std::string>& walk) {
    for (const std::string& s : walk)
      if (seen.insert(s).second) out.push_back(s);
  };
  for (const Source& src : sources)
    for (int w = 0; w < src.walks; ++w) {
      keep(random_walk_sfens(src.sfen, src.plies, rng, WalkPolicy::Uniform));
      keep(random_walk_sfens(src.sfen, src.plies, rng, WalkPolicy::CheckSeeking));
    }
  return out;
}

}  // namespace sashite::testing
