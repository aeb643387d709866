// The mate-in-one family's agreement on seeded random walks, shared by the default test
// (tests/mate_in_one_test.cpp) and the slow one (tests/slow/mate_in_one_slow_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "engine/position_line.h"
#include "movegen_full/mate_in_one/mate_in_one.h"
#include "movegen_full/random_walk.h"
#include "oracle_positions.h"

namespace sashite::testing {

// Every method's answer on pos; the baseline's is the first. Fails on the first disagreement.
struct MateInOneTally {
  long positions = 0, mates = 0;
};
inline bool mate_in_one_agree(Position& pos, MateInOneTally& t) {
  StateInfo st;
  const Move want = MakeMateInOne::find(pos, st);
  bool ok = true;
  for_each_type<RegisteredMateInOneMethods>([&]<class M>() {
    const Move got = M::find(pos, st);
    if (got != want) {
      ADD_FAILURE() << M::name << " answers " << to_usi(got) << ", make " << to_usi(want) << " in " << pos.sfen();
      ok = false;
    }
  });
  ++t.positions;
  t.mates += want != MOVE_NONE;
  return ok;
}

// Walk starts where the attacker has pieces in hand and near the king: the drop-heavy
// reference position, the matsuri position, the oracle's mating-pawn-drop starts and the start.
inline std::vector<std::string> walk_starts() {
  std::vector<std::string> v{std::string(reference_sfen("drops")), std::string(reference_sfen("matsuri")),
                             std::string(Position::kStartSfen)};
  for (std::string_view s : kMatingPawnDropStarts) v.emplace_back(s);
  return v;
}

// Check-seeking walks of up to 120 plies until `count` positions are visited.
inline MateInOneTally mate_in_one_walks(long count, uint64_t seed) {
  MateInOneTally t;
  Rng rng(seed);
  const std::vector<std::string> starts = walk_starts();
  for (size_t w = 0; t.positions < count; ++w) {
    PositionLine g(starts[w % starts.size()]);
    bool ok = true;
    random_walk(g, 120, rng, WalkPolicy::CheckSeeking, [&](Position& pos) {
      if (ok && t.positions < count) ok = mate_in_one_agree(pos, t);
    });
    if (!ok) break;
  }
  return t;
}

}  // namespace sashite::testing
