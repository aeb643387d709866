// The full legal generator: category properties at every node of check-seeking random walks,
// equality with the independent brute-force generator of brute_force.h, colour symmetry, and the shogi rules on
// hand-made positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "brute_force.h"
#include "flip_sfen.h"
#include "movegen_full/random_walk.h"
#include "movegen_full/reference.h"

namespace sashite {
namespace {

using testing::brute_force_legal;

Square sq(const char* usi) { return square_from_usi(usi); }

template <GenType T>
std::vector<Move> generated(const Position& pos) {
  std::vector<Move> v;
  for (const ExtMove& m : MoveList<T>(pos)) v.push_back(m.move);
  return v;
}

std::vector<Move> sorted(std::vector<Move> v) {
  std::sort(v.begin(), v.end());
  return v;
}

std::string text(const std::vector<Move>& v) {
  std::string s;
  for (Move m : v) s += to_usi(m) + ' ';
  return s.empty() ? "(none)" : s;
}

std::vector<Move> minus(const std::vector<Move>& a, const std::vector<Move>& b) {  // both sorted
  std::vector<Move> d;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(d));
  return d;
}

// ---------------------------------------------------------------------------------------------
// Colour symmetry: rotating the board 180 degrees and swapping colours (board, hands, side)
// maps legal moves onto legal moves (tests/flip_sfen.h turns the position).

Move rotated(Move m) {
  if (is_drop(m)) return make_move_drop(dropped_type(m), flip(to_sq(m)));
  const Move b = make_move(flip(from_sq(m)), flip(to_sq(m)));
  return is_promotion(m) ? Move(b | MOVE_PROMOTE) : b;
}

// ---------------------------------------------------------------------------------------------
// Everything checked at one node.

struct NodeStats {
  int nodes = 0, in_check = 0, double_check = 0, mates = 0;
};

void check_node(Position& pos, NodeStats& stats) {
  const std::string where = pos.sfen();
  const auto caps = sorted(generated<GenType::Captures>(pos));
  const auto quiets = sorted(generated<GenType::Quiets>(pos));
  const auto drops = sorted(generated<GenType::Drops>(pos));
  const auto evasions = sorted(generated<GenType::Evasions>(pos));
  const auto legal = sorted(generated<GenType::Legal>(pos));
  const auto all = sorted(generated<GenType::LegalAll>(pos));

  for (const auto* v : {&caps, &quiets, &drops, &evasions, &legal, &all})
    ASSERT_EQ(std::adjacent_find(v->begin(), v->end()), v->end())
        << "duplicate move in " << text(*v) << " at " << where;

  // Captures, Quiets, Drops: each move in the category its definition names, together Legal.
  for (Move m : caps)
    ASSERT_TRUE(!is_drop(m) && (pos.is_capture(m) || (type_of(pos.moved_piece(m)) == PAWN && is_promotion(m))))
        << "not a capture: " << to_usi(m) << " at " << where;
  for (Move m : quiets)
    ASSERT_TRUE(!is_drop(m) && !pos.is_capture(m) && !(type_of(pos.moved_piece(m)) == PAWN && is_promotion(m)))
        << "not a quiet: " << to_usi(m) << " at " << where;
  for (Move m : drops) ASSERT_TRUE(is_drop(m)) << to_usi(m) << " at " << where;
  std::vector<Move> joined = caps;
  joined.insert(joined.end(), quiets.begin(), quiets.end());
  joined.insert(joined.end(), drops.begin(), drops.end());
  std::sort(joined.begin(), joined.end());
  ASSERT_EQ(std::adjacent_find(joined.begin(), joined.end()), joined.end()) << "categories overlap at " << where;
  ASSERT_EQ(joined, legal) << "missing from the categories: " << text(minus(legal, joined))
                           << "; extra: " << text(minus(joined, legal)) << " at " << where;

  if (pos.in_check())
    ASSERT_EQ(evasions, legal) << where;
  else
    ASSERT_TRUE(evasions.empty()) << text(evasions) << " at " << where;

  // LegalAll \ Legal is exactly the pawn/bishop/rook non-promotions whose promotion exists.
  ASSERT_TRUE(minus(legal, all).empty()) << text(minus(legal, all)) << " at " << where;
  for (Move m : all) {
    const PieceType pt = is_drop(m) ? NO_PIECE_TYPE : type_of(pos.moved_piece(m));
    const bool useless = !is_drop(m) && !is_promotion(m) && (pt == PAWN || pt == BISHOP || pt == ROOK) &&
                         std::binary_search(all.begin(), all.end(), Move(m | MOVE_PROMOTE));
    ASSERT_NE(useless, std::binary_search(legal.begin(), legal.end(), m)) << to_usi(m) << " at " << where;
  }

  // The independent generator agrees with LegalAll.
  const auto brute = sorted(brute_force_legal(pos));
  ASSERT_EQ(all, brute) << "generated but not legal: " << text(minus(all, brute))
                        << "; legal but not generated: " << text(minus(brute, all)) << " at " << where;

  // Colour symmetry.
  {
    Position mirror;
    StateInfo st;
    const std::string rs = testing::flip_sfen(pos.sfen());
    ASSERT_FALSE(mirror.set(rs, &st)) << rs;
    std::vector<Move> mapped;
    for (Move m : all) mapped.push_back(rotated(m));
    ASSERT_EQ(sorted(mapped), sorted(generated<GenType::LegalAll>(mirror))) << where << " vs " << rs;
  }

  ++stats.nodes;
  stats.in_check += pos.in_check();
  stats.double_check += pos.checkers().more_than_one();
  stats.mates += all.empty();
}

// The legal moves of a node sorted by what they do to the opponent's king.
struct Candidates {
  std::vector<Move> all, checks, double_checks;
};

Candidates candidates(Position& pos) {
  Candidates c;
  for (const ExtMove& m : MoveList<GenType::LegalAll>(pos)) {
    c.all.push_back(m);
    if (!pos.gives_check(m)) continue;
    c.checks.push_back(m);
    StateInfo st;
    pos.do_move(m, st);
    if (pos.checkers().more_than_one()) c.double_checks.push_back(m);
    pos.undo_move(m);
  }
  return c;
}

// Random walks that prefer checks, so that evasion nodes are common. Double checks are rare
// even then, so every double-check child of a walk node is visited as well.
TEST(MoveGen, CategoryAndBruteForcePropertiesOnRandomWalks) {
  constexpr int kWalkNodesPerStart = 2000;
  NodeStats stats;
  int walk_nodes = 0;
  Rng rng(0x5A5417E);
  for (const ReferencePosition& ref : kReferencePositions) {
    const int target = walk_nodes + kWalkNodesPerStart;
    while (walk_nodes < target) {
      PositionLine g(ref.sfen);
      for (int ply = 0; ply < 150 && walk_nodes < target; ++ply, ++walk_nodes) {
        check_node(g.pos, stats);
        ASSERT_FALSE(HasFatalFailure()) << ref.name << " ply " << ply;
        const Candidates c = candidates(g.pos);
        for (Move m : c.double_checks) {
          g.play(m);
          check_node(g.pos, stats);
          g.undo();
          ASSERT_FALSE(HasFatalFailure()) << ref.name << " ply " << ply << " after " << to_usi(m);
        }
        if (c.all.empty()) break;
        const std::vector<Move>& pool = !c.double_checks.empty() && rng.below(2) ? c.double_checks
                                        : !c.checks.empty() && rng.below(3)      ? c.checks
                                                                                 : c.all;
        g.play(pool[rng.below(pool.size())]);
      }
    }
  }
  std::printf("[ walks    ] %d nodes (%d on the walks), %d in check, %d double check, %d mates\n", stats.nodes,
              walk_nodes, stats.in_check, stats.double_check, stats.mates);
  EXPECT_GE(stats.in_check, 500);
  EXPECT_GE(stats.double_check, 100);
  EXPECT_GE(stats.mates, 5);
}

TEST(MoveGen, ReferencePositionsAtTheRoot) {
  for (const ReferencePosition& ref : kReferencePositions) {
    PositionLine g(ref.sfen);
    NodeStats stats;
    check_node(g.pos, stats);
    ASSERT_FALSE(HasFatalFailure()) << ref.name;
    EXPECT_EQ(MoveList<GenType::LegalAll>(g.pos).size(), ref.perft[1]) << ref.name;
  }
}

// ---------------------------------------------------------------------------------------------
// Rules on hand-made positions.

std::vector<Move> moves_of(const char* sfen) {
  PositionLine g(sfen);
  return sorted(generated<GenType::LegalAll>(g.pos));
}

std::vector<Move> parse_list(std::initializer_list<const char*> usi) {
  std::vector<Move> v;
  for (const char* t : usi) {
    const std::string s(t);
    if (s[1] == '*') {
      const Piece pc = piece_from_char(s[0]);
      v.push_back(make_move_drop(type_of(pc), square_from_usi(s.substr(2))));
    } else {
      const Move m = make_move(square_from_usi(s.substr(0, 2)), square_from_usi(s.substr(2, 2)));
      v.push_back(s.size() == 5 ? Move(m | MOVE_PROMOTE) : m);
    }
  }
  return sorted(v);
}

bool has(const std::vector<Move>& v, const char* usi) {
  return std::binary_search(v.begin(), v.end(), parse_list({usi})[0]);
}

int count_drops(const std::vector<Move>& v, PieceType pr) {
  return int(std::count_if(v.begin(), v.end(), [&](Move m) { return is_drop(m) && dropped_type(m) == pr; }));
}

TEST(MoveGenRules, Nifu) {
  const auto v = moves_of("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
  for (Move m : v)
    if (is_drop(m)) {
      EXPECT_NE(file_of(to_sq(m)), FILE_5) << to_usi(m);
    }
  EXPECT_EQ(count_drops(v, PAWN), 8 * 8);  // 8 other files, ranks b-i
  EXPECT_EQ(v.size(), 64u + 1 + 5);        // + the pawn step + 5 king steps
  // A tokin is not a pawn: the file stays open.
  const auto t = moves_of("4k4/9/4+P4/9/9/9/9/9/4K4 b P 1");
  EXPECT_TRUE(has(t, "P*5e"));
  EXPECT_TRUE(has(t, "P*5b"));  // check, but the king escapes to 4a/6a: not a mate
  EXPECT_EQ(count_drops(t, PAWN), 9 * 8 - 2);
  // White's pawn does not block Black's drops on its file.
  EXPECT_TRUE(has(moves_of("4k4/9/9/4p4/9/9/9/9/4K4 b P 1"), "P*5f"));
}

TEST(MoveGenRules, PawnDropMateIsNotGenerated) {
  // Reference position of movegen_full/reference.h: the silver guards 1b, the lance on 2h covers the escape 2b.
  const auto v = moves_of("7lk/9/8S/9/9/9/9/7L1/8K b P 1");
  EXPECT_FALSE(has(v, "P*1b"));
  EXPECT_EQ(v.size(), 85u);
  // Without the silver the king takes the pawn: the drop is a plain check.
  EXPECT_TRUE(has(moves_of("7lk/9/9/9/9/9/9/7L1/8K b P 1"), "P*1b"));
  // The same for White, rotated.
  EXPECT_FALSE(has(moves_of("k8/1l7/9/9/9/9/s8/9/KL7 w p 1"), "P*9h"));
  EXPECT_EQ(moves_of("k8/1l7/9/9/9/9/s8/9/KL7 w p 1").size(), 85u);
}

TEST(MoveGenRules, PawnMoveMateIsGenerated) {
  // The same net, but the pawn arrives by moving from 1c, guarded by the silver on 2c.
  PositionLine g("7lk/9/7SP/9/9/9/9/7L1/8K b - 1");
  const auto v = sorted(generated<GenType::LegalAll>(g.pos));
  ASSERT_TRUE(has(v, "1c1b"));
  ASSERT_TRUE(has(v, "1c1b+"));
  g.play(parse_list({"1c1b"})[0]);
  EXPECT_TRUE(g.pos.in_check());
  EXPECT_EQ(MoveList<GenType::LegalAll>(g.pos).size(), 0u);  // and it is mate
}

TEST(MoveGenRules, NoDropOntoDeadSquares) {
  for (const char* sfen : {"4k4/9/9/9/9/9/9/9/4K4 b PLN 1", "4k4/9/9/9/9/9/9/9/4K4 w pln 1"}) {
    PositionLine g(sfen);
    const Color us = g.pos.side_to_move();
    const auto v = sorted(generated<GenType::LegalAll>(g.pos));
    for (Move m : v) {
      if (!is_drop(m)) continue;
      const Rank r = relative_rank(us, rank_of(to_sq(m)));
      if (dropped_type(m) == KNIGHT)
        EXPECT_GE(r, RANK_3) << to_usi(m);
      else
        EXPECT_GE(r, RANK_2) << to_usi(m);
    }
    EXPECT_EQ(count_drops(v, PAWN), 9 * 8 - 1) << sfen;  // minus the own king's square
    EXPECT_EQ(count_drops(v, LANCE), 9 * 8 - 1) << sfen;
    EXPECT_EQ(count_drops(v, KNIGHT), 9 * 7 - 1) << sfen;
    EXPECT_EQ(v.size(), 71u + 71 + 62 + 5) << sfen;
  }
}

TEST(MoveGenRules, ForcedPromotion) {
  // Black pawn to the last rank: promotion only.
  auto v = moves_of("k8/8P/9/9/9/9/9/9/4K4 b - 1");
  EXPECT_TRUE(has(v, "1b1a+"));
  EXPECT_FALSE(has(v, "1b1a"));
  // Lance: forced on rank a, optional on b and c.
  v = moves_of("k8/9/9/8L/9/9/9/9/4K4 b - 1");
  EXPECT_TRUE(has(v, "1d1a+"));
  EXPECT_FALSE(has(v, "1d1a"));
  for (const char* m : {"1d1b", "1d1b+", "1d1c", "1d1c+"}) EXPECT_TRUE(has(v, m)) << m;
  // Knights: forced when landing on ranks a-b, optional on rank c.
  v = moves_of("k8/9/9/6N2/6N2/9/9/9/4K4 b - 1");
  for (const char* m : {"3d2b+", "3d4b+", "3e2c+", "3e4c+", "3e2c", "3e4c"}) EXPECT_TRUE(has(v, m)) << m;
  for (const char* m : {"3d2b", "3d4b"}) EXPECT_FALSE(has(v, m)) << m;
  // White: pawn to rank i, knight to rank h.
  v = moves_of("4k4/9/9/9/9/2n6/9/p8/4K4 w - 1");
  EXPECT_TRUE(has(v, "9h9i+"));
  EXPECT_FALSE(has(v, "9h9i"));
  for (const char* m : {"7f6h+", "7f8h+"}) EXPECT_TRUE(has(v, m)) << m;
  for (const char* m : {"7f6h", "7f8h"}) EXPECT_FALSE(has(v, m)) << m;
}

TEST(MoveGenRules, OptionalPromotionsInLegalAndLegalAll) {
  PositionLine g("4k4/9/9/3S4L/9/9/9/1B5R1/4K4 b - 1");
  const auto legal = sorted(generated<GenType::Legal>(g.pos));
  const auto all = sorted(generated<GenType::LegalAll>(g.pos));
  // Lance and silver non-promotions are real choices, and a bishop move outside the zone has
  // no promotion to compete with: in both lists.
  for (const char* m : {"1d1c", "1d1c+", "6d6c", "6d6c+", "6d5c", "6d7c", "8h4d"}) {
    EXPECT_TRUE(has(legal, m)) << m;
    EXPECT_TRUE(has(all, m)) << m;
  }
  EXPECT_FALSE(has(all, "8h4d+"));
  // The rook and the bishop entering the zone without promoting: LegalAll only.
  for (const char* m : {"2h2c", "8h3c", "8h2b", "8h1a"}) {
    EXPECT_FALSE(has(legal, m)) << m;
    EXPECT_TRUE(has(all, m)) << m;
  }
  EXPECT_TRUE(has(legal, "2h2c+"));
  EXPECT_TRUE(has(legal, "8h3c+"));
}

TEST(MoveGenRules, PinnedPiecesStayOnTheirLine) {
  // Black king 5i; the rook on 5e is pinned by the lance on 5a, the silver on 3g by the bishop
  // on 1e, the knight on 7g by the bishop on 9e, the gold on 3i by the rook on 1i.
  const auto v = moves_of("4l4/9/9/9/b3R3b/9/2N3S2/9/4K1G1r b - 1");
  auto from = [&](const char* s) {
    std::vector<Move> r;
    for (Move m : v)
      if (!is_drop(m) && from_sq(m) == sq(s)) r.push_back(m);
    return r;
  };
  EXPECT_EQ(from("5e"),
            parse_list({"5e5d", "5e5c", "5e5c+", "5e5b", "5e5b+", "5e5a", "5e5a+", "5e5f", "5e5g", "5e5h"}));
  EXPECT_EQ(from("3g"), parse_list({"3g2f", "3g4h"}));
  EXPECT_EQ(from("7g"), parse_list({}));
  EXPECT_EQ(from("3i"), parse_list({"3i2i", "3i4i"}));
  EXPECT_EQ(from("5i"), parse_list({"5i4h", "5i5h", "5i6h", "5i4i", "5i6i"}));
}

TEST(MoveGenRules, KingAvoidsAttackedSquaresAndTheCheckingRay) {
  // The rook on 5e checks along file 5: 5g is attacked, 5i is behind the king on the same ray;
  // the gold on 3f covers 4g.
  PositionLine g("4k4/9/9/9/4r4/6g2/9/4K4/9 b - 1");
  ASSERT_TRUE(g.pos.in_check());
  const auto v = sorted(generated<GenType::LegalAll>(g.pos));
  EXPECT_EQ(v, parse_list({"5h6g", "5h4h", "5h6h", "5h4i", "5h6i"}));
  EXPECT_EQ(sorted(generated<GenType::Evasions>(g.pos)), v);
}

TEST(MoveGenRules, EvasionByInterposingDrops) {
  // Rook check along rank i: a gold can be dropped on each square between.
  PositionLine g("4k4/9/9/9/9/9/9/9/4K3r b G 1");
  EXPECT_EQ(sorted(generated<GenType::Evasions>(g.pos)), parse_list({"G*2i", "G*3i", "G*4i", "5i4h", "5i5h", "5i6h"}));
  EXPECT_EQ(sorted(generated<GenType::Drops>(g.pos)), parse_list({"G*2i", "G*3i", "G*4i"}));
  // Lance check along file 5: pawn drops interpose (no Black pawn on that file yet).
  PositionLine l("4k4/9/9/9/4l4/9/9/9/4K4 b P 1");
  EXPECT_EQ(sorted(generated<GenType::LegalAll>(l.pos)),
            parse_list({"P*5f", "P*5g", "P*5h", "5i4h", "5i6h", "5i4i", "5i6i"}));
  // With a pawn already on file 5 the pawn cannot interpose (nifu).
  PositionLine n("4k4/9/4P4/9/4l4/9/9/9/4K4 b P 1");
  EXPECT_EQ(sorted(generated<GenType::LegalAll>(n.pos)), parse_list({"5i4h", "5i6h", "5i4i", "5i6i"}));
}

TEST(MoveGenRules, DoubleCheckAllowsOnlyKingMoves) {
  // Rook on 5a and bishop on 1e both check the king on 5i. The rook on 9a could take the rook,
  // the silver on 2d the bishop, and a gold could be dropped in between: none of it helps.
  PositionLine g("R3r4/9/9/7S1/8b/9/9/9/4K4 b G 1");
  ASSERT_TRUE(g.pos.checkers().more_than_one());
  const auto v = sorted(generated<GenType::LegalAll>(g.pos));
  EXPECT_EQ(v, parse_list({"5i6h", "5i4i", "5i6i"}));
  EXPECT_EQ(sorted(generated<GenType::Evasions>(g.pos)), v);
  EXPECT_TRUE(generated<GenType::Drops>(g.pos).empty());
}

TEST(MoveGenRules, NoLegalMoveIsMate) {
  PositionLine g("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
  ASSERT_TRUE(g.pos.in_check());
  EXPECT_EQ(MoveList<GenType::LegalAll>(g.pos).size(), 0u);
  EXPECT_EQ(MoveList<GenType::Legal>(g.pos).size(), 0u);
  EXPECT_EQ(MoveList<GenType::Evasions>(g.pos).size(), 0u);
  // Take away the guarding pawn and the king captures the gold.
  PositionLine h("4k4/4G4/9/9/9/9/9/9/4K4 w - 1");
  EXPECT_EQ(sorted(generated<GenType::LegalAll>(h.pos)), parse_list({"5a5b"}));
}

}  // namespace
}  // namespace sashite
