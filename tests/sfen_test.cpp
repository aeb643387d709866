// SFEN in and out: round trips, the canonical hand order, every class of malformed input
// rejected with a message that names the problem, and a mutation fuzz that must never crash.
#include <gtest/gtest.h>

#include <cctype>
#include <iterator>
#include <string>
#include <vector>

#include "movegen_full/random_walk.h"
#include "movegen_full/reference.h"

namespace sashite {
namespace {

constexpr std::string_view kStart = Position::kStartSfen;

TEST(Sfen, StartPosition) {
  Position pos;
  StateInfo st;
  ASSERT_FALSE(pos.set(kStart, &st));
  EXPECT_EQ(pos.sfen(), kStart);
  EXPECT_EQ(pos.side_to_move(), BLACK);
  EXPECT_EQ(pos.piece_on(square_from_usi("5i")), make_piece(BLACK, KING));
  EXPECT_EQ(pos.piece_on(square_from_usi("2b")), make_piece(WHITE, BISHOP));
  EXPECT_EQ(pos.piece_on(square_from_usi("8h")), make_piece(BLACK, BISHOP));
}

// "startpos" is a USI keyword (the USI layer turns it into kStartSfen), not an SFEN.
TEST(Sfen, StartposKeywordIsNotAnSfen) {
  Position pos;
  StateInfo st;
  const auto err = pos.set("startpos", &st);
  ASSERT_TRUE(err);
  EXPECT_NE(err->find("expected '<board> <side> <hand>"), std::string::npos) << *err;
}

// The hand field rewritten in the canonical order sfen() writes (R B G S N L P, Black first),
// independently of the engine: some published SFENs list their hands in another order.
std::string canonical_hand_sfen(std::string_view sfen) {
  std::string s(sfen);
  const size_t a = s.find(' ', s.find(' ') + 1) + 1, b = s.find(' ', a);
  const std::string hand = s.substr(a, b - a);
  if (hand == "-") return s;
  int count[128] = {};
  for (size_t i = 0; i < hand.size();) {
    int n = 0;
    while (std::isdigit(static_cast<unsigned char>(hand[i]))) n = n * 10 + (hand[i++] - '0');
    count[int(hand[i++])] += n ? n : 1;
  }
  std::string out;
  for (char c : std::string("RBGSNLPrbgsnlp"))
    if (count[int(c)]) out += (count[int(c)] > 1 ? std::to_string(count[int(c)]) : "") + c;
  return s.substr(0, a) + out + s.substr(b);
}

TEST(Sfen, RoundTripsReferencePositions) {
  int already_canonical = 0;
  for (const ReferencePosition& ref : kReferencePositions) {
    Position pos;
    StateInfo st;
    ASSERT_FALSE(pos.set(ref.sfen, &st)) << ref.name;
    EXPECT_EQ(pos.sfen(), canonical_hand_sfen(ref.sfen)) << ref.name;
    already_canonical += pos.sfen() == ref.sfen;
    EXPECT_EQ(pos.consistency_error(), "") << ref.name;
    // The canonical text names the same position.
    Position again;
    StateInfo st2;
    ASSERT_FALSE(again.set(pos.sfen(), &st2));
    EXPECT_EQ(again.key(), pos.key()) << ref.name;
  }
  EXPECT_GE(already_canonical, int(std::size(kReferencePositions)) - 1);  // only middlegame_b91 is not
}

TEST(Sfen, RoundTripsRandomWalkPositions) {
  Rng rng(20261122);
  size_t checked = 0;
  for (const ReferencePosition& ref : kReferencePositions)
    for (int walk = 0; walk < 2; ++walk)
      for (const std::string& s : random_walk_sfens(ref.sfen, 120, rng)) {
        Position pos;
        StateInfo st;
        const auto err = pos.set(s, &st);
        ASSERT_FALSE(err) << s << ": " << *err;
        ASSERT_EQ(pos.sfen(), s);
        ++checked;
      }
  EXPECT_GE(checked, 1000u);
}

TEST(Sfen, HandIsNormalisedToCanonicalOrder) {
  struct Case {
    const char* hand;
    const char* canonical;
  };
  const Case cases[] = {
      {"pPgGrR", "RGPrgp"}, {"p10P", "10Pp"},       {"10p", "10p"},       {"1P", "P"},
      {"PP", "2P"},         {"NLSBGRP", "RBGSNLP"}, {"2l3P2L", "2L3P2l"}, {"18p", "18p"},
  };
  for (const Case& c : cases) {
    Position pos;
    StateInfo st;
    const std::string sfen = std::string("4k4/9/9/9/9/9/9/9/4K4 b ") + c.hand + " 1";
    const auto err = pos.set(sfen, &st);
    ASSERT_FALSE(err) << sfen << ": " << *err;
    EXPECT_EQ(pos.sfen(), std::string("4k4/9/9/9/9/9/9/9/4K4 b ") + c.canonical + " 1") << c.hand;
  }
}

TEST(Sfen, MoveNumberIsOptionalAndKept) {
  Position pos;
  StateInfo st;
  ASSERT_FALSE(pos.set("4k4/9/9/9/9/9/9/9/4K4 w -", &st));
  EXPECT_EQ(pos.sfen(), "4k4/9/9/9/9/9/9/9/4K4 w - 1");
  ASSERT_FALSE(pos.set("4k4/9/9/9/9/9/9/9/4K4 w - 123456789", &st));
  EXPECT_EQ(pos.sfen(), "4k4/9/9/9/9/9/9/9/4K4 w - 123456789");
}

// Each malformed SFEN with a substring its message must contain.
struct Malformed {
  const char* what;
  const char* sfen;
  const char* message;
};

const Malformed kMalformed[] = {
    {"empty string", "", "expected '<board> <side> <hand>"},
    {"board only", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL", "expected '<board>"},
    {"unknown letter on board", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1",
     "unknown piece letter 'X'"},
    {"digit zero on board", "lnsgkgsnl/1r5b1/ppppppppp/09/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
     "unknown piece letter '0'"},
    {"eight ranks", "lnsgkgsnl/1r5b1/ppppppppp/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "board has 8 ranks"},
    {"ten ranks", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "more than 9 ranks"},
    {"ten files by pieces", "lnsgkgsnll/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
     "rank a has more than 9 squares"},
    {"ten files by digits", "lnsgkgsnl/1r5b1/ppppppppp/9/91/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
     "rank e has more than 9 squares"},
    {"eight files", "lnsgkgsnl/1r5b1/ppppppppp/9/8/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
     "rank e has 8 squares, expected 9"},
    {"eight files on the last rank", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1",
     "rank i has 8 squares, expected 9"},
    {"promoted gold", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS+GKGSNL b - 1",
     "piece 'G' cannot be promoted"},
    {"promoted king", "lnsg+kgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
     "piece 'k' cannot be promoted"},
    {"promoted digit", "lnsgkgsnl/1r5b1/ppppppppp/9/+9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "'+' followed by a digit"},
    {"double plus", "lnsgkgsnl/1r5b1/ppppppppp/9/++P8/9/PPPPPPPP1/1B5R1/LNSGKGSNL b - 1", "'++'"},
    {"plus at end of rank", "lnsgkgsnl/1r5b1/ppppppppp/8+/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
     "'+' not followed by a piece"},
    {"plus at end of board", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL+ b - 1", "board ends with '+'"},
    {"third rook in hand", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1",
     "more R than the real set has (3 > 2)"},
    {"third rook on board", "lnsgkgsnl/1r5b1/ppppppppp/9/4R4/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
     "more R than the real set has"},
    {"nineteenth pawn", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b p 1",
     "more P than the real set has (19 > 18)"},
    {"fifth gold", "4k4/9/9/9/9/9/9/9/4K4 b 3G2g 1", "more G than the real set has (5 > 4)"},
    {"third bishop in one hand", "4k4/9/9/9/9/9/9/9/4K4 b 3B 1", "more B in hand than the real set has"},
    {"two Black kings", "4k4/9/9/9/9/9/9/9/3KK4 b - 1", "two Black kings"},
    {"two White kings", "3kk4/9/9/9/9/9/9/9/4K4 b - 1", "two White kings"},
    {"Black pawn on rank a", "P3k4/9/9/9/9/9/9/9/4K4 b - 1", "P on 9a could never move"},
    {"White pawn on rank i", "4k4/9/9/9/9/9/9/9/4K3p b - 1", "p on 1i could never move"},
    {"Black lance on rank a", "4k3L/9/9/9/9/9/9/9/4K4 b - 1", "L on 1a could never move"},
    {"White lance on rank i", "4k4/9/9/9/9/9/9/9/l3K4 b - 1", "l on 9i could never move"},
    {"Black knight on rank a", "4kN3/9/9/9/9/9/9/9/4K4 b - 1", "N on 4a could never move"},
    {"Black knight on rank b", "4k4/4N4/9/9/9/9/9/9/4K4 b - 1", "N on 5b could never move"},
    {"White knight on rank h", "4k4/9/9/9/9/9/9/n8/4K4 b - 1", "n on 9h could never move"},
    {"White knight on rank i", "4k4/9/9/9/9/9/9/9/4K2n1 b - 1", "n on 2i could never move"},
    {"side letter", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
     "side to move must be 'b' or 'w', got 'x'"},
    {"side word", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL black - 1", "side to move must be"},
    {"upper-case side", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL B - 1", "side to move must be"},
    {"king in hand", "4k4/9/9/9/9/9/9/9/4K4 b K 1", "a king cannot be in hand"},
    {"white king in hand", "4k4/9/9/9/9/9/9/9/4K4 b k 1", "a king cannot be in hand"},
    {"zero count", "4k4/9/9/9/9/9/9/9/4K4 b 0P 1", "bad count in hand '0P'"},
    {"count too big", "4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "bad count in hand"},
    {"three-digit count", "4k4/9/9/9/9/9/9/9/4K4 b 100P 1", "bad count in hand"},
    // Past int's range: the count must be rejected without overflowing (UBSan build fails on it).
    {"ten-digit count alone", "9/9/9/9/9/9/9/9/9 b 9999999999 1", "bad count in hand '9999999999'"},
    {"twenty-digit count", "4k4/9/9/9/9/9/9/9/4K4 b 99999999999999999999P 1",
     "bad count in hand '99999999999999999999P'"},
    {"leading zeros", "4k4/9/9/9/9/9/9/9/4K4 b 002P 1", "bad count in hand '002P'"},
    {"trailing count", "4k4/9/9/9/9/9/9/9/4K4 b P2 1", "hand 'P2' ends with a count"},
    {"unknown hand letter", "4k4/9/9/9/9/9/9/9/4K4 b PX 1", "unknown piece letter 'X' in hand"},
    {"dash inside hand", "4k4/9/9/9/9/9/9/9/4K4 b P- 1", "unknown piece letter '-' in hand"},
    {"Black nifu", "4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1", "two unpromoted pawns of one side on file 5"},
    {"White nifu", "4k4/p8/9/9/9/9/p8/9/4K4 b - 1", "two unpromoted pawns of one side on file 9"},
    {"White in check, Black to move", "4k4/4R4/9/9/9/9/9/9/4K4 b - 1", "side not to move (White) is in check"},
    {"Black in check, White to move", "4k4/9/9/9/9/9/9/9/r3K4 w - 1", "side not to move (Black) is in check"},
    {"move number zero", "4k4/9/9/9/9/9/9/9/4K4 b - 0", "move number must be a positive integer, got '0'"},
    {"negative move number", "4k4/9/9/9/9/9/9/9/4K4 b - -3", "move number must be a positive integer"},
    {"word as move number", "4k4/9/9/9/9/9/9/9/4K4 b - one", "move number must be a positive integer"},
    {"move number with suffix", "4k4/9/9/9/9/9/9/9/4K4 b - 12x", "move number must be a positive integer"},
    {"huge move number", "4k4/9/9/9/9/9/9/9/4K4 b - 99999999999", "move number must be a positive integer"},
    {"trailing garbage", "4k4/9/9/9/9/9/9/9/4K4 b - 1 moves", "unexpected text after the move number: 'moves'"},
};

TEST(Sfen, EveryMalformedClassIsRejectedWithItsReason) {
  for (const Malformed& c : kMalformed) {
    Position pos;
    StateInfo st;
    const auto err = pos.set(c.sfen, &st);
    ASSERT_TRUE(err) << c.what << ": accepted '" << c.sfen << "'";
    EXPECT_NE(err->find(c.message), std::string::npos)
        << c.what << ": got \"" << *err << "\", wanted \"" << c.message << '"';
  }
}

// The same SFENs with the faults removed are accepted: the tests above do not pass by accident.
TEST(Sfen, NearMissesAreAccepted) {
  for (const char* s : {
           "4k4/9/9/9/9/9/9/9/4K4 b 2B 1",      // two bishops in one hand
           "4k4/9/9/9/9/9/9/9/4K4 b 2G2g 1",    // four golds
           "4k4/9/9/9/4P4/9/4+P4/9/4K4 b - 1",  // a tokin does not count for nifu
           "4k4/9/9/9/4P4/9/4p4/9/4K4 b - 1",   // pawns of both sides on a file
           "4k4/P8/9/9/9/9/9/9/4K4 b - 1",      // Black pawn on rank b can move
           "+P3k4/9/9/9/9/9/9/9/+n3K4 b - 1",   // promoted pawn and knight on the last rank
           "4k4/9/9/9/9/9/9/9/4K4 w - 1",       // White to move
           "4k4/4R4/9/9/9/9/9/9/4K4 w - 1",     // the side to move may be in check
           "4k4/9/9/9/9/9/9/9/4K4 b 18p 1",
       }) {
    Position pos;
    StateInfo st;
    const auto err = pos.set(s, &st);
    EXPECT_FALSE(err) << s << ": " << *err;
  }
}

TEST(Sfen, FailedSetLeavesThePositionUntouched) {
  PositionLine g(kStart);
  for (const char* usi : {"7g7f", "3c3d", "8h2b+"}) {
    MoveList<GenType::LegalAll> list(g.pos);
    for (const ExtMove& m : list)
      if (to_usi(m.move) == usi) g.play(m);
  }
  ASSERT_EQ(g.moves.size(), 3u);
  const std::string before = g.pos.sfen();
  const Key key = g.pos.key();
  const StateInfo* state = g.pos.state();
  const StateInfo saved = *state;
  for (const Malformed& c : kMalformed) {
    StateInfo fresh{};
    ASSERT_TRUE(g.pos.set(c.sfen, &fresh)) << c.what;
    ASSERT_EQ(g.pos.sfen(), before) << c.what;
    ASSERT_EQ(g.pos.key(), key) << c.what;
    ASSERT_EQ(g.pos.state(), state) << c.what;
    ASSERT_EQ(state->board_key, saved.board_key) << c.what;
    ASSERT_EQ(state->checkers, saved.checkers) << c.what;
    ASSERT_EQ(g.pos.consistency_error(), "") << c.what;
  }
  // The game goes on: the undo chain still works.
  while (!g.moves.empty()) g.undo();
  EXPECT_EQ(g.pos.sfen(), kStart);
}

TEST(Sfen, SideWithoutKingIsAcceptedAndMoves) {
  {
    // Black has no king: the rook on 1i has 8 file + 8 rank squares, 3 of them in the zone
    // (each both promoting and not).
    PositionLine g("4k4/9/9/9/9/9/9/9/8R b - 1");
    EXPECT_EQ(g.pos.king_square(BLACK), SQ_NONE);
    EXPECT_FALSE(g.pos.in_check());
    EXPECT_EQ(MoveList<GenType::LegalAll>(g.pos).size(), 19u);
    EXPECT_EQ(g.pos.consistency_error(), "");
  }
  {
    // White has no king and a gold to drop on any empty square.
    PositionLine g("9/9/9/9/9/9/9/9/4K4 w g 1");
    EXPECT_EQ(MoveList<GenType::LegalAll>(g.pos).size(), 80u);
  }
  {
    // No king at all: both sides still move.
    PositionLine g("9/9/9/9/4p4/9/4P4/9/9 b - 1");
    EXPECT_EQ(MoveList<GenType::LegalAll>(g.pos).size(), 1u);
    g.play(MoveList<GenType::LegalAll>(g.pos).begin()->move);
    EXPECT_EQ(MoveList<GenType::LegalAll>(g.pos).size(), 1u);
  }
}

// Random byte edits of valid SFENs: set() either accepts, and the result round-trips and is
// consistent, or rejects with a message and leaves the previous position alone. Never crashes.
TEST(Sfen, MutationFuzzNeverCrashes) {
  std::vector<std::string> seeds;
  for (const ReferencePosition& ref : kReferencePositions) seeds.emplace_back(ref.sfen);
  Rng walk_rng(7);
  for (const std::string& s : random_walk_sfens(kStart, 150, walk_rng)) seeds.push_back(s);
  for (const std::string& s : random_walk_sfens(kReferencePositions[6].sfen, 60, walk_rng)) seeds.push_back(s);

  // Bytes that SFEN uses are the likely ones to produce near-valid text; any byte may appear.
  const std::string alphabet = "0123456789+/-* bwPLNSGBRKplnsgbrk";
  Rng rng(0xF0221);
  PositionLine anchor(kStart);  // the position every rejected set() must leave untouched
  const std::string anchor_sfen = anchor.pos.sfen();
  int accepted = 0, rejected = 0;
  constexpr int kMutations = 120'000;
  for (int i = 0; i < kMutations; ++i) {
    std::string s = seeds[rng.below(seeds.size())];
    const int edits = rng.below(2) ? 1 : 2 + int(rng.below(2));
    for (int e = 0; e < edits; ++e) {
      const size_t at = s.empty() ? 0 : rng.below(s.size());
      const char ch = rng.below(4) ? alphabet[rng.below(alphabet.size())] : char(rng.below(256));
      switch (rng.below(4)) {
        case 0:
          if (!s.empty()) s[at] = ch;
          break;
        case 1: s.insert(s.begin() + at, ch); break;
        case 2:
          if (!s.empty()) s.erase(at, 1);
          break;
        case 3:
          if (!s.empty()) s.resize(at);
          break;  // truncation
      }
    }
    StateInfo st{};
    if (const auto err = anchor.pos.set(s, &st)) {
      ASSERT_FALSE(err->empty()) << s;
      ASSERT_EQ(err->rfind("sfen: ", 0), 0u) << *err;
      ASSERT_EQ(anchor.pos.sfen(), anchor_sfen) << "rejected '" << s << "' but changed the position";
      ++rejected;
      continue;
    }
    ++accepted;
    Position pos;
    StateInfo st1, st2;
    ASSERT_FALSE(pos.set(s, &st1));
    const std::string canonical = pos.sfen();
    ASSERT_EQ(pos.consistency_error(), "") << s;
    ASSERT_FALSE(pos.set(canonical, &st2)) << s << " -> " << canonical;
    ASSERT_EQ(pos.sfen(), canonical) << s;
    MoveList<GenType::LegalAll> list(pos);  // generating must not crash either
    ASSERT_LE(list.size(), size_t(MAX_MOVES));
    // Put the anchor back for the next round.
    ASSERT_FALSE(anchor.pos.set(anchor_sfen, &anchor.states.back()));
  }
  EXPECT_GT(accepted, 1000);
  EXPECT_GT(rejected, 1000);
  std::printf("[ fuzz     ] %d mutations: %d accepted, %d rejected\n", kMutations, accepted, rejected);
}

}  // namespace
}  // namespace sashite
