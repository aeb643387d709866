// The slider-method family (engine/sliders/sliders.h): every registered method against a ray
// walk written here, for every square, piece and lance colour, on 100k seeded random
// occupancies, the occupancies of real positions (the oracle's walks and a walk sample),
// every occupancy of each ray (the rest of the board random), and the empty and full boards;
// the tables of Qugiy's method against the rays they stand for; the build's choice by name.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/bitboard.h"
#include "engine/sliders/rays.h"
#include "hand_types.h"
#include "movegen_full/random_walk.h"
#include "oracle_positions.h"
#include "random_occupancy.h"

namespace sashite {
namespace {

struct Step {
  int df, dr;
};  // dr < 0 is towards rank a (Black's forward)

constexpr Step kBlackLance[] = {{0, -1}}, kWhiteLance[] = {{0, 1}}, kFile[] = {{0, 1}, {0, -1}},
               kRank[] = {{1, 0}, {-1, 0}}, kBishop[] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

template <size_t N>
Bitboard walk(Square s, const Bitboard& occ, const Step (&dirs)[N]) {
  Bitboard a;
  for (Step d : dirs)
    for (int f = file_of(s) + d.df, r = rank_of(s) + d.dr; f >= 0 && f < 9 && r >= 0 && r < 9; f += d.df, r += d.dr) {
      const Square t = make_square(File(f), Rank(r));
      a |= square_bb(t);
      if (occ.test(t)) break;
    }
  return a;
}

// The six answers of one square and occupancy.
struct Answers {
  Bitboard black_lance, white_lance, file, rank, bishop;
  Answers(Square s, const Bitboard& occ)
      : black_lance(walk(s, occ, kBlackLance)),
        white_lance(walk(s, occ, kWhiteLance)),
        file(walk(s, occ, kFile)),
        rank(walk(s, occ, kRank)),
        bishop(walk(s, occ, kBishop)) {}
};

// Every function of method M on (s, occ) against the walk; false after the first difference,
// which it reports.
template <class M>
bool agrees(Square s, const Bitboard& occ, const Answers& want) {
  const auto check = [&](const char* what, const Bitboard& got, const Bitboard& expected) {
    if (got == expected) return true;
    ADD_FAILURE() << M::name << "::" << what << " on " << to_usi(s) << ", occupancy\n"
                  << pretty(occ) << "gave\n"
                  << pretty(got) << "instead of\n"
                  << pretty(expected);
    return false;
  };
  return check("lance<BLACK>", M::template lance<BLACK>(s, occ), want.black_lance) &&
         check("lance<WHITE>", M::template lance<WHITE>(s, occ), want.white_lance) &&
         check("rook_file", M::rook_file(s, occ), want.file) && check("rook_rank", M::rook_rank(s, occ), want.rank) &&
         check("rook", M::rook(s, occ), want.file | want.rank) && check("bishop", M::bishop(s, occ), want.bishop);
}

constexpr Bitboard kFull(0x7fffffffffffffffULL, 0x3ffffULL);

// The occupancies of real positions: the oracle's walks and 1000 middlegames.
const std::vector<Bitboard>& real_occupancies() {
  static const std::vector<Bitboard> out = [] {
    std::vector<std::string> sfens = testing::oracle_positions();
    for (std::string& s : walk_sample(1000, 46)) sfens.push_back(std::move(s));
    std::vector<Bitboard> occs;
    for (const std::string& sfen : sfens) occs.push_back(PositionLine(sfen).pos.pieces());
    return occs;
  }();
  return out;
}

template <class M>
struct SliderMethods : ::testing::Test {};
struct SliderMethodName {
  template <class M>
  static std::string GetName(int) {
    return M::name;
  }
};
using GTestSliderMethods = testing::AsGTestTypes<RegisteredSliderMethods>::type;
TYPED_TEST_SUITE(SliderMethods, GTestSliderMethods, SliderMethodName);

TYPED_TEST(SliderMethods, EqualTheRayWalkOnRandomOccupancies) {
  Rng rng(0x511de5);
  for (int i = 0; i < 100'000; ++i) {
    const Bitboard occ = random_occupancy(rng);
    // The piece's own square is occupied or not at random: the methods must not care.
    for (Square s = SQ_ZERO; s < SQ_NB; ++s) ASSERT_TRUE(agrees<TypeParam>(s, occ, Answers(s, occ)));
  }
}

TYPED_TEST(SliderMethods, EqualTheRayWalkOnRealPositions) {
  ASSERT_GT(real_occupancies().size(), 1000u);
  for (const Bitboard& occ : real_occupancies())
    for (Square s = SQ_ZERO; s < SQ_NB; ++s) ASSERT_TRUE(agrees<TypeParam>(s, occ, Answers(s, occ)));
}

// Each ray of each square with every subset of its squares occupied (at most 2^8), the rest
// of the board random: every blocker distance, the edge squares and the word boundary.
TYPED_TEST(SliderMethods, EqualTheRayWalkOnEveryOccupancyOfEachRay) {
  constexpr Step kAll[] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  Rng rng(81);
  for (Square s = SQ_ZERO; s < SQ_NB; ++s)
    for (Step d : kAll) {
      const Bitboard ray = slider_tables::ray(s, d.df, d.dr);
      std::vector<Square> squares;
      for_each_square(ray, [&](Square t) { squares.push_back(t); });
      for (unsigned subset = 0; subset < 1u << squares.size(); ++subset) {
        Bitboard on;
        for (size_t k = 0; k < squares.size(); ++k)
          if (subset >> k & 1) on |= square_bb(squares[k]);
        const Bitboard occ = random_occupancy(rng).andnot(ray) | on;
        ASSERT_TRUE(agrees<TypeParam>(s, occ, Answers(s, occ)));
      }
    }
}

TYPED_TEST(SliderMethods, EqualTheRayWalkOnEmptyAndFullBoards) {
  for (const Bitboard& occ : {Bitboard(), kFull})
    for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
      ASSERT_TRUE(agrees<TypeParam>(s, occ, Answers(s, occ)));
      ASSERT_TRUE(agrees<TypeParam>(s, occ ^ square_bb(s), Answers(s, occ)));
    }
  // On the empty board the attacks are the pseudo-attack tables.
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    EXPECT_EQ(TypeParam::template lance<BLACK>(s, Bitboard()), lance_pseudo_attacks(BLACK, s));
    EXPECT_EQ(TypeParam::template lance<WHITE>(s, Bitboard()), lance_pseudo_attacks(WHITE, s));
    EXPECT_EQ(TypeParam::rook(s, Bitboard()), rook_pseudo_attacks(s));
    EXPECT_EQ(TypeParam::bishop(s, Bitboard()), bishop_pseudo_attacks(s));
  }
}

// Qugiy's tables hold each ray's squares, the ones towards file 1 byte-reversed, and those are
// the rays the byte reversal reverses exactly (no two squares in one byte).
TEST(QugiyTables, HoldTheRaysTheSubtractionRunsOn) {
  using slider_tables::byte_reversed;
  using slider_tables::ray;
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    const QugiyTables::Orthogonal& o = kQugiyTables.orthogonal[s];
    const QugiyTables::Diagonal& d = kQugiyTables.diagonal[s];
    EXPECT_EQ(o.file[0], walk(s, Bitboard(), kWhiteLance)) << to_usi(s);
    EXPECT_EQ(o.file[1], walk(s, Bitboard(), kBlackLance)) << to_usi(s);
    EXPECT_EQ(o.rank[0], ray(s, 1, 0)) << to_usi(s);
    EXPECT_EQ(byte_reversed(o.rank[1]), ray(s, -1, 0)) << to_usi(s);
    EXPECT_EQ(d.rising[0] | d.rising[1] | byte_reversed(d.falling_reversed[0]) | byte_reversed(d.falling_reversed[1]),
              walk(s, Bitboard(), kBishop))
        << to_usi(s);
    for (const Bitboard& reversed : {o.rank[1], d.falling_reversed[0], d.falling_reversed[1]}) {
      // Its squares, in reversed bit order, are the ray's squares from the piece outwards.
      std::vector<int> bits;
      for (int b = 0; b < 128; ++b)
        if ((b < 64 ? reversed.p[0] >> b : reversed.p[1] >> (b - 64)) & 1) bits.push_back(b);
      for (size_t k = 1; k < bits.size(); ++k) EXPECT_NE(bits[k] / 8, bits[k - 1] / 8) << to_usi(s);
    }
  }
  for (const Bitboard& b : {Bitboard(1, 0), Bitboard(0x0123456789abcdefULL, 0x3ffffULL)})
    EXPECT_EQ(byte_reversed(byte_reversed(b)), b);
  EXPECT_EQ(byte_reversed(Bitboard(1, 0)), Bitboard(0, 1ULL << 56));
}

TEST(SliderMethods, BuildChoiceIsRegisteredByName) {
  EXPECT_EQ(std::string_view(Sliders::name), std::string_view(SASHITE_SLIDERS));
  EXPECT_EQ(type_index<RegisteredSliderMethods>("library"), 0u);
  EXPECT_EQ(type_index<RegisteredSliderMethods>("qugiy"), 4u);
  EXPECT_EQ(type_index<RegisteredSliderMethods>("no such method"), RegisteredSliderMethods::size);
  std::vector<std::string_view> names;
  for (std::string_view n : type_names<RegisteredSliderMethods>()) names.push_back(n);
  std::vector<std::string_view> expected{"library", "ray_walk", "bit_scan", "magic", "qugiy", "qugiy_pext"};
#ifdef SASHITE_HAS_QUGIY512
  expected.push_back("qugiy512");
#endif
  EXPECT_EQ(names, expected);
}

}  // namespace
}  // namespace sashite
