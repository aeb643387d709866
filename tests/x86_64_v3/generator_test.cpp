// The full generator built for x86-64-v3 (AVX2 and BMI2, no AVX-512) whatever the host:
// movegen_full/emit.h writes moves one way with VBMI2 and another without, and on an AVX-512
// host the rest of the suite only runs the first. This binary compiles the engine, the
// generator and tests/perft_test.cpp (perft against the reference values, the leaf counter
// against the list) again without it (tests/CMakeLists.txt), and checks the lists' moves here.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/position_line.h"
#include "movegen_full/movegen.h"
#include "movegen_full/random_walk.h"
#include "movegen_full/reference.h"

namespace sashite {
namespace {

TEST(X86_64_v3Generator, BuiltWithoutAvx512) {
#ifdef __AVX512F__
  FAIL() << "compiled with AVX-512: tests/CMakeLists.txt must build this target for x86-64-v3";
#endif
}

// Each list holds distinct legal moves (pseudo_legal and legal accept exactly LegalAll), on
// random-walk positions (checks and evasions included).
TEST(X86_64_v3Generator, ListsAreLegalAndDistinct) {
  Rng rng(0x5EED3);
  long positions = 0, in_check = 0;
  for (const ReferencePosition& ref : kReferencePositions)
    for (int w = 0; w < 100; ++w) {
      PositionLine g(ref.sfen);
      for (const WalkPolicy policy : {WalkPolicy::Uniform, WalkPolicy::CheckSeeking})
        random_walk(g, 100, rng, policy, [&](Position& pos) {
          const MoveList<GenType::LegalAll> all(pos);
          std::vector<Move> moves;
          for (const ExtMove& e : all) moves.push_back(e.move);
          std::sort(moves.begin(), moves.end());
          ASSERT_EQ(std::adjacent_find(moves.begin(), moves.end()), moves.end()) << pos.sfen();
          for (Move m : moves) ASSERT_TRUE(pos.pseudo_legal(m) && pos.legal(m)) << pos.sfen() << " " << int(m);
          ++positions;
          in_check += pos.in_check();
        });
    }
  EXPECT_GT(positions, 20'000);
  EXPECT_GT(in_check, 1'000);
}

}  // namespace
}  // namespace sashite
