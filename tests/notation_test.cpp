// Move text: USI both ways ("7g7f", "2h2c+", "G*5b"), parse_usi_move against real positions,
// and Japanese notation ("7六歩", "2三飛成", "同　歩", "5五金左上"), which needs the position.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/notation.h"
#include "movegen_full/reference.h"
#include "movegen_full/random_walk.h"
#include "movegen_full/usi_move.h"

namespace sashite {
namespace {

Square sq(const char* usi) { return square_from_usi(usi); }

// Error lines quote user input: control bytes and DEL come back escaped, never raw, so that an
// error line stays one printable line (a raw CR would start a new line for a GUI splitting on CR).
// sashite::quoted: for a std::string argument, std::quoted would win the overload.
TEST(UsiText, QuotedEscapesControlBytes) {
  using namespace std::string_literals;
  EXPECT_EQ(sashite::quoted("7g7f"), "'7g7f'");
  EXPECT_EQ(sashite::quoted(""), "''");
  EXPECT_EQ(sashite::quoted("a\0b"s), R"('a\0b')");
  EXPECT_EQ(sashite::quoted("x\ryreadyok"), R"('x\ryreadyok')");
  EXPECT_EQ(sashite::quoted("a\nb"), R"('a\nb')");
  EXPECT_EQ(sashite::quoted("a\tb"), R"('a\tb')");
  EXPECT_EQ(sashite::quoted("\x1b[2J"), R"('\x1b[2J')");
  EXPECT_EQ(sashite::quoted("\x7f"), R"('\x7f')");
  EXPECT_EQ(sashite::quoted("\x01\x1f"), R"('\x01\x1f')");
  EXPECT_EQ(sashite::quoted(R"(a\b)"), R"('a\\b')");  // so that "\r" typed in the input reads apart from a CR
  EXPECT_EQ(sashite::quoted("\xe7\x8e\x89"), "'\xe7\x8e\x89'");  // UTF-8 (玉) passes unchanged
  for (int byte = 0; byte < 256; ++byte) {
    const std::string q = sashite::quoted(std::string(1, char(byte)));
    for (char ch : q) EXPECT_TRUE(uint8_t(ch) >= 0x20 && uint8_t(ch) != 0x7f) << "byte " << byte << " came back raw";
  }
}

// The cut counts input bytes: 80 of them, escaped, then "...".
TEST(UsiText, QuotedCutsAfterEightyInputBytes) {
  EXPECT_EQ(sashite::quoted(std::string(80, 'x')), "'" + std::string(80, 'x') + "'");
  EXPECT_EQ(sashite::quoted(std::string(81, 'x')), "'" + std::string(80, 'x') + "...'");
  std::string escaped;
  for (int i = 0; i < 80; ++i) escaped += "\\x1b";
  EXPECT_EQ(sashite::quoted(std::string(200, '\x1b')), "'" + escaped + "...'");
}

TEST(UsiText, SquareNamesBothWays) {
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    const std::string name = to_usi(s);
    ASSERT_EQ(name.size(), 2u);
    EXPECT_EQ(name[0], char('1' + file_of(s)));
    EXPECT_EQ(name[1], char('a' + rank_of(s)));
    EXPECT_EQ(square_from_usi(name), s);
  }
  EXPECT_EQ(to_usi(Square(0)), "1a");
  EXPECT_EQ(to_usi(Square(72)), "9a");
  EXPECT_EQ(to_usi(Square(40)), "5e");
  EXPECT_EQ(to_usi(Square(80)), "9i");
  for (const char* bad : {"", "1", "0a", "1j", "a1", "10a", "1a ", "1A", "9z"})
    EXPECT_EQ(square_from_usi(bad), SQ_NONE) << bad;
}

TEST(UsiText, MovesToText) {
  EXPECT_EQ(to_usi(make_move(sq("7g"), sq("7f"))), "7g7f");
  EXPECT_EQ(to_usi(make_move_promote(sq("2h"), sq("2c"))), "2h2c+");
  EXPECT_EQ(to_usi(make_move_drop(GOLD, sq("5b"))), "G*5b");
  const char* letters = " PLNSBRG";
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
    EXPECT_EQ(to_usi(make_move_drop(pr, sq("1a"))), std::string(1, letters[pr]) + "*1a");
  EXPECT_EQ(to_usi(MOVE_NONE), "none");
  EXPECT_EQ(to_usi(MOVE_NULL), "null");
}

TEST(UsiText, SyntaxCheck) {
  for (const char* ok : {"7g7f", "2h2c+", "G*5b", "P*1a", "9i1a+"}) EXPECT_TRUE(is_usi_move_syntax(ok)) << ok;
  for (const char* bad : {"", "7g", "7g7", "7g7f++", "7g7f=", "K*5e", "g*5b", "G*5", "G*5j", "+7g7f", "0g7f", "7g7f "})
    EXPECT_FALSE(is_usi_move_syntax(bad)) << bad;
}

TEST(ParseUsiMove, LegalMovesOfTheStartPosition) {
  PositionLine g(Position::kStartSfen);
  std::string err;
  EXPECT_EQ(parse_usi_move(g.pos, "7g7f", &err), make_move(sq("7g"), sq("7f")));
  EXPECT_EQ(parse_usi_move(g.pos, "2h3h", &err), make_move(sq("2h"), sq("3h")));
  EXPECT_EQ(parse_usi_move(g.pos, "5i4h", &err), make_move(sq("5i"), sq("4h")));
  EXPECT_TRUE(err.empty()) << err;
}

TEST(ParseUsiMove, IllegalMoveGivesMoveNoneAndSaysWhy) {
  PositionLine g(Position::kStartSfen);
  for (const char* text : {"7g7e", "2h2c+", "7f7e", "P*5e", "5a5b", "7g7f+", "8h2b"}) {
    std::string err;
    EXPECT_EQ(parse_usi_move(g.pos, text, &err), MOVE_NONE) << text;
    EXPECT_NE(err.find("illegal move '" + std::string(text) + "'"), std::string::npos) << err;
  }
}

TEST(ParseUsiMove, MalformedTextGivesMoveNoneAndSaysWhy) {
  PositionLine g(Position::kStartSfen);
  for (const char* text : {"", "7g", "7g7f7e", "K*5e", "7g7f#", "hello"}) {
    std::string err;
    EXPECT_EQ(parse_usi_move(g.pos, text, &err), MOVE_NONE) << text;
    EXPECT_NE(err.find("malformed move"), std::string::npos) << err;
  }
  EXPECT_EQ(parse_usi_move(g.pos, "7g7", nullptr), MOVE_NONE);  // no message wanted: no crash
}

TEST(ParseUsiMove, PromotionAndDropAndOptionalNonPromotion) {
  // Black's 2-file pawn is gone (White holds it), so the rook sees 2c.
  PositionLine g("lnsgkgsnl/1r5b1/ppppppp1p/9/9/9/PPPPPPP1P/1B5R1/LNSGKGSNL b Pp 1");
  std::string err;
  EXPECT_EQ(parse_usi_move(g.pos, "2h2c+", &err), make_move_promote(sq("2h"), sq("2c")));
  EXPECT_EQ(parse_usi_move(g.pos, "2h2c", &err), make_move(sq("2h"), sq("2c")));  // perft counts it
  EXPECT_EQ(parse_usi_move(g.pos, "P*2e", &err), make_move_drop(PAWN, sq("2e")));
  EXPECT_EQ(parse_usi_move(g.pos, "G*5e", &err), MOVE_NONE);  // no gold in hand
  EXPECT_NE(err.find("illegal"), std::string::npos);
}

// Text and move agree on every legal move of every reference position.
TEST(ParseUsiMove, RoundTripsEveryLegalMove) {
  for (const ReferencePosition& ref : kReferencePositions) {
    PositionLine g(ref.sfen);
    size_t n = 0;
    for (const ExtMove& m : MoveList<GenType::LegalAll>(g.pos)) {
      std::string err;
      ASSERT_EQ(parse_usi_move(g.pos, to_usi(m.move), &err), m.move) << ref.name << ' ' << to_usi(m.move) << ' ' << err;
      ++n;
    }
    EXPECT_EQ(n, ref.perft[1]) << ref.name;
  }
}

// An SFEN from words "<piece><usi square>", uppercase Black: board("K9i k1a G6f +R4d", 'b', "G").
std::string board(std::string_view words, char side = 'b', std::string_view hand = "-") {
  std::string cell[RANK_NB][FILE_NB];
  for (size_t i = 0; i < words.size();) {
    const size_t end = std::min(words.find(' ', i), words.size());
    const std::string_view w = words.substr(i, end - i);
    const Square s = square_from_usi(w.substr(w.size() - 2));
    cell[rank_of(s)][file_of(s)] = std::string(w.substr(0, w.size() - 2));
    i = end + 1;
  }
  std::string sfen;
  for (Rank r = RANK_1; r < RANK_NB; ++r) {
    int empty = 0;
    for (File f = FILE_9; f >= FILE_1; --f) {
      if (cell[r][f].empty()) {
        ++empty;
        continue;
      }
      if (empty) sfen += char('0' + empty);
      sfen += cell[r][f];
      empty = 0;
    }
    if (empty) sfen += char('0' + empty);
    if (r != RANK_9) sfen += '/';
  }
  return sfen + ' ' + side + ' ' + std::string(hand) + " 1";
}

std::string japanese(std::string_view sfen, const char* usi, Move previous = MOVE_NONE) {
  PositionLine g(sfen);
  std::string err;
  const Move m = parse_usi_move(g.pos, usi, &err);
  if (m == MOVE_NONE) return "parse error: " + err;
  return to_japanese(g.pos, m, previous);
}

TEST(Japanese, PlainMoves) {
  EXPECT_EQ(japanese(Position::kStartSfen, "7g7f"), "7六歩");
  EXPECT_EQ(japanese(Position::kStartSfen, "2h7h"), "7八飛");
  EXPECT_EQ(japanese(Position::kStartSfen, "5i5h"), "5八玉");
  EXPECT_EQ(japanese(Position::kStartSfen, "3i3h"), "3八銀");
  // White's moves read the same way: the square first, from Black's side.
  EXPECT_EQ(japanese("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", "3c3d"), "3四歩");
}

TEST(Japanese, PromotionAndDeclinedPromotion) {
  const char* sfen = "lnsgkgsnl/1r5b1/ppppppp1p/9/9/9/PPPPPPP1P/1B5R1/LNSGKGSNL b Pp 1";
  EXPECT_EQ(japanese(sfen, "2h2c+"), "2三飛成");
  EXPECT_EQ(japanese(sfen, "2h2c"), "2三飛不成");
  // A silver leaving the zone may promote too: 不成 when it does not.
  EXPECT_EQ(japanese("4k4/9/4S4/9/9/9/9/9/4K4 b - 1", "5c4d"), "4四銀不成");
  EXPECT_EQ(japanese("4k4/9/4S4/9/9/9/9/9/4K4 b - 1", "5c4d+"), "4四銀成");
  // Outside the zone a silver has no choice, so neither suffix.
  EXPECT_EQ(japanese("4k4/9/9/9/4S4/9/9/9/4K4 b - 1", "5e5d"), "5四銀");
  // White's zone is ranks g-i.
  EXPECT_EQ(japanese("4k4/9/9/9/9/9/4n4/9/9 w - 1", "5g4i+"), "4九桂成");
}

// 打 only when a board piece of the same kind could move to the square instead.
TEST(Japanese, DropSaysDropOnlyWhenABoardPieceCouldGoThere) {
  EXPECT_EQ(japanese("4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5b"), "5二金");
  EXPECT_EQ(japanese("4k4/9/9/9/9/9/9/9/4K4 w p 1", "P*1h"), "1八歩");
  EXPECT_EQ(japanese(board("K9i k1a G6c", 'b', "G"), "G*5b"), "5二金打");
  EXPECT_EQ(japanese(board("K9i k1a G6c", 'b', "G"), "6c5b"), "5二金");
  // A tokin moves like a gold but is another kind: no 打.
  EXPECT_EQ(japanese(board("K9i k1a +P6c", 'b', "G"), "G*5b"), "5二金");
  EXPECT_EQ(japanese(board("k1a K9i g4g", 'w', "g"), "G*5h"), "5八金打");
}

TEST(Japanese, SameSquareAsThePreviousMove) {
  PositionLine g(Position::kStartSfen);
  for (const char* usi : {"7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "2e2d"}) {
    std::string err;
    const Move m = parse_usi_move(g.pos, usi, &err);
    ASSERT_NE(m, MOVE_NONE) << err;
    g.play(m);
  }
  const Move recapture = parse_usi_move(g.pos, "2c2d", nullptr);
  ASSERT_NE(recapture, MOVE_NONE);
  EXPECT_EQ(to_japanese(g.pos, recapture, g.moves.back()), "同　歩");
  EXPECT_EQ(to_japanese(g.pos, recapture), "2四歩");  // no previous move: the square is spelt out
}

TEST(Japanese, PromotedPieceNames) {
  // Each promoted piece moves one step (none of them can promote again: no 成/不成 suffix).
  const char* sfen = "4k4/9/9/1+P1+L1+N1+S1/9/+B7+R/9/9/4K4 b - 1";
  EXPECT_EQ(japanese(sfen, "8d8c"), "8三と");
  EXPECT_EQ(japanese(sfen, "6d6c"), "6三成香");
  EXPECT_EQ(japanese(sfen, "4d4c"), "4三成桂");
  EXPECT_EQ(japanese(sfen, "2d2c"), "2三成銀");
  EXPECT_EQ(japanese(sfen, "9f5b"), "5二馬");
  EXPECT_EQ(japanese(sfen, "1f1b"), "1二龍");
}

// Relative words (Japan Shogi Association rules, README Sources): only when another piece of
// the same kind can reach the square; the motion (上 引 寄) first, then 直 or 右/左, then both.
TEST(JapaneseRelative, MotionAloneWhenItDiffers) {
  const std::string up_or_sideways = board("K9i k1a G5f G4e");
  EXPECT_EQ(japanese(up_or_sideways, "5f5e"), "5五金上");  // not 直: 上 already tells
  EXPECT_EQ(japanese(up_or_sideways, "4e5e"), "5五金寄");
  const std::string back_or_sideways = board("K9i k1a G5d G6e");
  EXPECT_EQ(japanese(back_or_sideways, "5d5e"), "5五金引");
  EXPECT_EQ(japanese(back_or_sideways, "6e5e"), "5五金寄");
  EXPECT_EQ(japanese(board("K9i k1a G5f"), "5f5e"), "5五金");  // alone: no word
}

TEST(JapaneseRelative, BlackGoldsSideBySide) {
  const std::string sfen = board("K9i k1a G6f G5f G4f");
  EXPECT_EQ(japanese(sfen, "6f5e"), "5五金左");  // 左 alone tells: no 上
  EXPECT_EQ(japanese(sfen, "5f5e"), "5五金直");
  EXPECT_EQ(japanese(sfen, "4f5e"), "5五金右");
}

// White's right is Black's left, and White's 上 is towards rank 9.
TEST(JapaneseRelative, WhiteGoldsSideBySide) {
  const std::string sfen = board("K9i k1a g6d g5d g4d", 'w');
  EXPECT_EQ(japanese(sfen, "6d5e"), "5五金右");
  EXPECT_EQ(japanese(sfen, "5d5e"), "5五金直");
  EXPECT_EQ(japanese(sfen, "4d5e"), "5五金左");
  const std::string back = board("K9i k1a g5f g4e", 'w');
  EXPECT_EQ(japanese(back, "5f5e"), "5五金引");
  EXPECT_EQ(japanese(back, "4e5e"), "5五金寄");
}

TEST(JapaneseRelative, PositionThenMotionWhenNeitherAloneTells) {
  const std::string golds = board("K9i k1a G6e G6f G5f");
  EXPECT_EQ(japanese(golds, "6f5e"), "5五金左上");  // 6e is on the left too, 5f goes up too
  EXPECT_EQ(japanese(golds, "6e5e"), "5五金寄");
  EXPECT_EQ(japanese(golds, "5f5e"), "5五金直");
  const std::string silvers = board("K9i k1a S4d S6d S4f");
  EXPECT_EQ(japanese(silvers, "4d5e"), "5五銀右引");
  EXPECT_EQ(japanese(silvers, "6d5e"), "5五銀左");
  EXPECT_EQ(japanese(silvers, "4f5e"), "5五銀上");
}

TEST(JapaneseRelative, PromotedPiecesAndKnights) {
  const std::string tokins = board("K9i k1a +P6f +P5f");
  EXPECT_EQ(japanese(tokins, "5f5e"), "5五と直");
  EXPECT_EQ(japanese(tokins, "6f5e"), "5五と左");
  // A tokin and a gold are different kinds: no word.
  EXPECT_EQ(japanese(board("K9i k1a +P6f G5f"), "5f5e"), "5五金");
  const std::string knights = board("K9i k1a N6g N4g");
  EXPECT_EQ(japanese(knights, "6g5e"), "5五桂左");
  EXPECT_EQ(japanese(knights, "4g5e"), "5五桂右");
}

// Dragon and horse: never 直, 右/左 even for the one moving straight.
TEST(JapaneseRelative, DragonsAndHorses) {
  const std::string dragons = board("K9i k1a +R4d +R3e");
  EXPECT_EQ(japanese(dragons, "4d4f"), "4六龍左");  // both 引
  EXPECT_EQ(japanese(dragons, "3e4f"), "4六龍右");
  const std::string horses = board("K9i k9a +B5d +B4d");  // k1a would be in check
  EXPECT_EQ(japanese(horses, "5d5c"), "5三馬左");         // both 上
  EXPECT_EQ(japanese(horses, "4d5c"), "5三馬右");
  EXPECT_EQ(japanese(board("K9i k9a +R5g +R1e"), "5g5e"), "5五龍上");
}

TEST(JapaneseRelative, PromotionSuffixComesLast) {
  const std::string sfen = board("K9i k1a S4d S6d");
  EXPECT_EQ(japanese(sfen, "4d5c+"), "5三銀右成");
  EXPECT_EQ(japanese(sfen, "6d5c"), "5三銀左不成");
}

// A pinned piece that cannot reach the square legally is no candidate.
TEST(JapaneseRelative, PinnedPieceIsNoCandidate) {
  EXPECT_EQ(japanese(board("K4i k1a G6f G4f l4a"), "6f5e"), "5五金");
  EXPECT_EQ(japanese(board("K4i k1a G6f G4f"), "6f5e"), "5五金左");
  // Along its pin line it still is one.
  EXPECT_EQ(japanese(board("K4i k1a G4f G3e l4a"), "3e4e"), "4五金寄");
}

TEST(JapaneseRelative, SameSquareKeepsTheWords) {
  PositionLine g(board("K9i k1a G6f G4f p5d", 'w'));
  const Move push = parse_usi_move(g.pos, "5d5e", nullptr);
  ASSERT_NE(push, MOVE_NONE);
  g.play(push);
  const Move take = parse_usi_move(g.pos, "4f5e", nullptr);
  ASSERT_NE(take, MOVE_NONE);
  EXPECT_EQ(to_japanese(g.pos, take, push), "同　金右");
}

// The words suffice: no two legal moves of a position read the same, on the reference
// positions (593 moves in one) and on walks to middlegames, where pieces of a kind crowd.
TEST(JapaneseRelative, EveryLegalMoveReadsDifferently) {
  std::vector<std::string> sfens;
  for (const ReferencePosition& ref : kReferencePositions) sfens.emplace_back(ref.sfen);
  for (const std::string& s : walk_sample(300, 9)) sfens.push_back(s);
  std::map<std::string, int> met{{"右", 0}, {"左", 0}, {"上", 0}, {"引", 0}, {"寄", 0}, {"直", 0}, {"打", 0}};
  for (const std::string& sfen : sfens) {
    PositionLine g(sfen);
    std::set<std::string> seen;
    for (const ExtMove& m : MoveList<GenType::LegalAll>(g.pos)) {
      const std::string text = to_japanese(g.pos, m.move);
      EXPECT_TRUE(seen.insert(text).second) << sfen << ' ' << to_usi(m.move) << ' ' << text;
      for (auto& [word, n] : met)
        if (text.find(word) != std::string::npos) ++n;
    }
  }
  for (const auto& [word, n] : met) EXPECT_GT(n, 0) << word;  // every word met, not just lone pieces
}

TEST(Japanese, SentinelsFallBackToUsi) {
  PositionLine g(Position::kStartSfen);
  EXPECT_EQ(to_japanese(g.pos, MOVE_NONE), "none");
  EXPECT_EQ(to_japanese(g.pos, MOVE_NULL), "null");
}

}  // namespace
}  // namespace sashite
