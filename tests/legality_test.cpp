// Position::pseudo_legal and Position::legal (engine/legality.cpp): every one of the 65,536
// move values on a few hundred sampled positions is accepted exactly when it is in LegalAll;
// and each kind of garbage a TT or killer slot can hold, by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "movegen_full/random_walk.h"
#include "oracle_positions.h"

namespace sashite {
namespace {

TEST(Legality, EverySixteenBitValueIsAcceptedExactlyWhenLegal) {
  std::vector<std::string> sample = walk_sample(150, 0x1E6A1);
  for (auto& s : in_check_sample(100, 0x1E6A2)) sample.push_back(s);
  for (auto& s : full_hand_sample(30, 0x1E6A3)) sample.push_back(s);
  for (const ReferencePosition& r : kReferencePositions) sample.emplace_back(r.sfen);
  for (std::string_view s : testing::kMatingPawnDropStarts) sample.emplace_back(s);
  long values = 0, pseudo_only = 0, legal_moves = 0;
  for (const std::string& sfen : sample) {
    PositionLine g(sfen);
    std::vector<bool> in_list(1 << 16);
    for (const ExtMove& m : MoveList<GenType::LegalAll>(g.pos)) in_list[m.move] = true;
    for (uint32_t v = 0; v < (1u << 16); ++v) {
      const Move m = Move(v);
      const bool pseudo = g.pos.pseudo_legal(m);
      const bool ok = pseudo && g.pos.legal(m);
      ASSERT_EQ(ok, bool(in_list[v])) << (ok ? "accepted, not in LegalAll: " : "rejected, in LegalAll: ") << v << " "
                                      << (is_ok(to_sq(m)) ? to_usi(m) : "?") << " at " << sfen;
      pseudo_only += pseudo && !ok;
      legal_moves += ok;
      ++values;
    }
  }
  std::printf("[ values   ] %zu positions, %ld values, %ld legal, %ld pseudo-legal but not legal\n", sample.size(),
              values, legal_moves, pseudo_only);
  EXPECT_GE(pseudo_only, 1000);  // legal() has work: king steps into attack, pins, evasions
}

Move parse(const Position& pos, const char* usi) {
  const std::string s(usi);
  if (s[1] == '*') return make_move_drop(type_of(piece_from_char(s[0])), square_from_usi(s.substr(2)));
  const Move m = make_move(square_from_usi(s.substr(0, 2)), square_from_usi(s.substr(2, 2)));
  (void)pos;
  return s.size() == 5 ? Move(m | MOVE_PROMOTE) : m;
}

struct Case {
  const char* sfen;
  const char* move;
  bool pseudo, legal;
  const char* why;
};

TEST(Legality, GarbageMovesByHand) {
  const Case cases[] = {
      {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "7g7f", true, true, "an ordinary move"},
      {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "3c3d", false, false,
       "the other side's piece"},
      {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "5e5d", false, false, "empty from-square"},
      {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "7g7e", false, false,
       "out of the piece's reach"},
      {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "7i6i", false, false, "onto its own piece"},
      {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "G*5e", false, false, "drop not in hand"},
      {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "7g7f+", false, false,
       "promotion outside the zone"},
      {"4k4/9/9/9/4G4/9/9/9/4K4 b - 1", "5e5d+", false, false, "a gold cannot promote"},
      {"4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e", false, false, "nifu"},
      {"4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*4e", true, true, "a pawn drop on another file"},
      {"4k4/9/9/9/9/9/9/9/4K4 b PLN 1", "P*4a", false, false, "pawn dropped where it has no move"},
      {"4k4/9/9/9/9/9/9/9/4K4 b PLN 1", "L*4a", false, false, "lance dropped where it has no move"},
      {"4k4/9/9/9/9/9/9/9/4K4 b PLN 1", "N*4b", false, false, "knight dropped where it has no move"},
      {"4k4/9/9/9/9/9/9/9/4K4 b PLN 1", "N*4c", true, true, "knight drop with a move left"},
      {"k8/8P/9/9/9/9/9/9/4K4 b - 1", "1b1a", false, false, "pawn must promote on the last rank"},
      {"k8/8P/9/9/9/9/9/9/4K4 b - 1", "1b1a+", true, true, "pawn promoting on the last rank"},
      {"7lk/9/8S/9/9/9/9/7L1/8K b P 1", "P*1b", true, false, "uchifuzume"},
      {"7lk/9/9/9/9/9/9/7L1/8K b P 1", "P*1b", true, true, "pawn drop check the king escapes"},
      {"4k4/9/9/9/4r4/6g2/9/4K4/9 b - 1", "5h5g", true, false, "king steps along the checking ray"},
      {"4k4/9/9/9/4r4/6g2/9/4K4/9 b - 1", "5h4g", true, false, "king steps into the gold's attack"},
      {"4k4/9/9/9/4r4/6g2/9/4K4/9 b - 1", "5h6g", true, true, "king escapes"},
      {"4l4/9/9/9/b3R3b/9/2N3S2/9/4K1G1r b - 1", "5e4e", true, false, "pinned rook leaves its line"},
      {"4l4/9/9/9/b3R3b/9/2N3S2/9/4K1G1r b - 1", "5e5a+", true, true, "pinned rook takes its pinner"},
      {"4l4/9/9/9/b3R3b/9/2N3S2/9/4K1G1r b - 1", "3g3f", true, false, "pinned silver leaves its diagonal"},
      {"4k4/9/9/9/9/9/9/9/4K3r b G 1", "G*5e", true, false, "drop that does not interpose"},
      {"4k4/9/9/9/9/9/9/9/4K3r b G 1", "G*3i", true, true, "drop that interposes"},
      {"R3r4/9/9/7S1/8b/9/9/9/4K4 b G 1", "2d1e", true, false, "capturing one of two checkers"},
      {"R3r4/9/9/7S1/8b/9/9/9/4K4 b G 1", "9a5a", true, false, "capturing the other checker"},
      {"4k4/4r4/9/9/9/9/9/3G5/4K4 b - 1", "6h6g", true, false, "evasion that does not resolve the check"},
      {"4k4/4r4/9/9/9/9/9/3G5/4K4 b - 1", "6h5h", true, true, "interposing the gold"},
  };
  for (const Case& c : cases) {
    PositionLine g(c.sfen);
    const Move m = parse(g.pos, c.move);
    EXPECT_EQ(g.pos.pseudo_legal(m), c.pseudo) << c.why << ": " << c.move << " at " << c.sfen;
    if (c.pseudo) {
      EXPECT_EQ(g.pos.legal(m), c.legal) << c.why << ": " << c.move << " at " << c.sfen;
    }
    EXPECT_EQ(MoveList<GenType::LegalAll>(g.pos).contains(m), c.pseudo && c.legal)
        << c.why << " (the case itself is wrong)";
  }
  // Values no generator makes: none, null, a drop of a non-hand kind, a drop flagged promoted,
  // from-fields past the board.
  PositionLine g("4k4/9/9/9/9/9/9/9/4K4 b RBGSNLP 1");
  for (unsigned v :
       {unsigned(MOVE_NONE), unsigned(MOVE_NULL), MOVE_DROP | (KING << 7) | 40u, MOVE_DROP | (0u << 7) | 40u,
        MOVE_DROP | MOVE_PROMOTE | (GOLD << 7) | 40u, (100u << 7) | 40u, (8u << 7) | 100u})
    EXPECT_FALSE(g.pos.pseudo_legal(Move(v))) << v;
}

}  // namespace
}  // namespace sashite
