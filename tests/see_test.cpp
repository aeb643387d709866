// Position::see_ge: hand-built exchanges with their exact value (the boundary threshold passes,
// one more fails), and monotonicity in the threshold for every legal move on walks.
#include <gtest/gtest.h>

#include "engine/piece_value.h"
#include "movegen_full/random_walk.h"

namespace sashite {
namespace {

Move parse(const char* usi) {
  const std::string s(usi);
  if (s[1] == '*') return make_move_drop(type_of(piece_from_char(s[0])), square_from_usi(s.substr(2)));
  const Move m = make_move(square_from_usi(s.substr(0, 2)), square_from_usi(s.substr(2, 2)));
  return s.size() == 5 ? Move(m | MOVE_PROMOTE) : m;
}

struct Exchange {
  const char* sfen;
  const char* move;
  int value;  // what the mover gets when both sides capture only while it pays
  const char* why;
};

constexpr int P = kPieceValue[PAWN], L = kPieceValue[LANCE], N = kPieceValue[KNIGHT], S = kPieceValue[SILVER],
              G = kPieceValue[GOLD], R = kPieceValue[ROOK], PS = kPieceValue[PRO_SILVER];

TEST(See, HandBuiltExchangesAtTheirBoundary) {
  const Exchange cases[] = {
      {"8k/9/9/9/4p4/4P4/9/9/K8 b - 1", "5f5e", P, "undefended pawn"},
      {"8k/9/9/3g5/4s4/4S4/9/9/K8 b - 1", "5f5e", 0, "equal trade, silver for silver"},
      {"8k/9/9/4g4/4p4/9/9/4R4/K8 b - 1", "5h5e", P - R, "rook takes a pawn a gold defends"},
      {"8k/9/9/4s4/4p4/9/9/4R4/K3R4 b - 1", "5h5e", P - R + S, "x-ray: the second rook recaptures through the first"},
      {"4r3k/9/9/4s4/4p4/4S4/5N3/9/K3L4 b - 1", "4g5e", P,
       "x-rays both ways: the lance behind the silver deters the rook"},
      {"4r3k/9/9/4s4/4p4/4S4/5N3/9/K8 b - 1", "4g5e", P - N,
       "without the lance the rook recaptures: silver takes, stops"},
      {"8k/9/9/4p4/9/9/9/9/K8 b G 1", "G*5e", -G, "a drop onto a pawn's square loses the piece"},
      {"8k/9/9/9/9/9/9/9/K8 b G 1", "G*5e", 0, "a safe drop"},
      {"k7b/9/6S2/9/9/9/9/9/4K4 b - 1", "3c4d", -S, "a quiet move onto the line it opens for an enemy bishop"},
      {"k7b/9/6S2/9/9/9/9/9/4K4 b - 1", "3c2d", 0, "the same piece to a square nothing reaches"},
      {"9/9/9/4k4/4p4/4P4/9/9/K3L4 b - 1", "5f5e", P, "the king cannot recapture into the lance"},
      {"9/9/9/4k4/4p4/4P4/9/9/K8 b - 1", "5f5e", 0, "the king recaptures"},
      {"8k/9/5p3/5S3/9/9/9/9/K8 b - 1", "4d4c+", P + PS - S, "promotion gain counts on the first move"},
      {"8k/9/5p3/5S3/9/9/9/9/K8 b - 1", "4d4c", P, "the same capture unpromoted"},
      {"8k/9/9/3g5/4p4/4P4/9/9/K8 b - 1", "5f5e", P - P, "gold recaptures the pawn, mover stops"},
      {"8k/9/9/9/4l4/9/9/9/K3L4 b - 1", "5i5e", L, "lance takes an undefended lance"},
  };
  for (const Exchange& c : cases) {
    PositionLine g(c.sfen);
    const Move m = parse(c.move);
    ASSERT_TRUE(MoveList<GenType::LegalAll>(g.pos).contains(m)) << c.move << " at " << c.sfen << " (the case is wrong)";
    EXPECT_TRUE(g.pos.see_ge(m, c.value)) << c.why << ": see_ge(" << c.move << ", " << c.value << ")";
    EXPECT_FALSE(g.pos.see_ge(m, c.value + 1)) << c.why << ": see_ge(" << c.move << ", " << c.value + 1 << ")";
  }
  (void)G;
}

// see_ge(m, v) true implies see_ge(m, v - 1) true: one boundary per move, found by scanning.
TEST(See, MonotoneInTheThresholdOnWalks) {
  Rng rng(0x5EE);
  long moves = 0, captures_losing = 0, captures_winning = 0;
  for (const std::string& sfen : walk_sample(60, 0x5EE)) {
    PositionLine g(sfen);
    for (const ExtMove& e : MoveList<GenType::LegalAll>(g.pos)) {
      const Move m = e.move;
      bool previous = true;
      int boundary = 0;
      for (int v = -3000; v <= 3000; v += 50) {
        const bool now = g.pos.see_ge(m, v);
        ASSERT_FALSE(now && !previous) << to_usi(m) << " at " << sfen << ": see_ge flips back to true at " << v;
        if (now) boundary = v;
        previous = now;
      }
      ++moves;
      if (g.pos.is_capture(m)) (boundary < 0 ? captures_losing : captures_winning) += 1;
    }
  }
  std::printf("[ see      ] %ld moves, captures winning %ld, losing %ld\n", moves, captures_winning, captures_losing);
  EXPECT_GE(captures_losing, 10);
  EXPECT_GE(captures_winning, 10);
  (void)rng;
}

}  // namespace
}  // namespace sashite
