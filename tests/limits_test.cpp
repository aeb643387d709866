// parse_go (usi/go_command.h): every USI `go` form, and a one-line error for every bad one.
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "usi/go_command.h"

namespace sashite {
namespace {

SearchLimits ok(std::string_view args) {
  auto r = parse_go(args);
  if (auto* e = std::get_if<std::string>(&r)) ADD_FAILURE() << "'" << args << "': " << *e;
  return std::holds_alternative<SearchLimits>(r) ? std::get<SearchLimits>(r) : SearchLimits{};
}

std::string error(std::string_view args) {
  auto r = parse_go(args);
  if (!std::holds_alternative<std::string>(r)) {
    ADD_FAILURE() << "'" << args << "' was accepted";
    return {};
  }
  return std::get<std::string>(r);
}

TEST(Limits, ByoyomiForm) {
  const SearchLimits l = ok("btime 60000 wtime 50000 byoyomi 10000");
  EXPECT_EQ(l.time[BLACK], 60000);
  EXPECT_EQ(l.time[WHITE], 50000);
  EXPECT_EQ(l.byoyomi, 10000);
  EXPECT_TRUE(l.uses_clock());
  EXPECT_FALSE(l.infinite);
  EXPECT_FALSE(l.ponder);
}

TEST(Limits, FischerForm) {
  const SearchLimits l = ok("btime 1000 wtime 2000 binc 300 winc 400");
  EXPECT_EQ(l.time[BLACK], 1000);
  EXPECT_EQ(l.time[WHITE], 2000);
  EXPECT_EQ(l.inc[BLACK], 300);
  EXPECT_EQ(l.inc[WHITE], 400);
  EXPECT_EQ(l.byoyomi, 0);
  EXPECT_TRUE(l.uses_clock());
}

TEST(Limits, AnyOrderAndByoyomiWithIncrement) {
  const SearchLimits l = ok("winc 5 byoyomi 7 wtime 3 binc 4 btime 2 ponder");
  EXPECT_EQ(l.time[BLACK], 2);
  EXPECT_EQ(l.time[WHITE], 3);
  EXPECT_EQ(l.inc[BLACK], 4);
  EXPECT_EQ(l.inc[WHITE], 5);
  EXPECT_EQ(l.byoyomi, 7);
  EXPECT_TRUE(l.ponder);
  EXPECT_FALSE(l.infinite);
}

TEST(Limits, AnEmptyClockIsStillAClock) {
  const SearchLimits l = ok("btime 0 wtime 0 byoyomi 0");
  EXPECT_TRUE(l.uses_clock());
  EXPECT_FALSE(l.infinite);
}

TEST(Limits, FixedLimits) {
  EXPECT_EQ(ok("depth 7").depth, 7);
  EXPECT_EQ(ok("nodes 18446744073709551615").nodes, 18446744073709551615ull);
  EXPECT_EQ(ok("movetime 250").movetime, 250);
  for (const char* args : {"depth 7", "nodes 1000", "movetime 250"}) {
    EXPECT_FALSE(ok(args).uses_clock()) << args;
    EXPECT_FALSE(ok(args).infinite) << args;
  }
  const SearchLimits l = ok("depth 3 nodes 5 movetime 9 btime 1 wtime 1 byoyomi 1");
  EXPECT_EQ(l.depth, 3);
  EXPECT_EQ(l.nodes, 5u);
  EXPECT_EQ(l.movetime, 9);
  EXPECT_TRUE(l.uses_clock());
}

TEST(Limits, NothingThatEndsTheSearchIsInfinite) {
  for (const char* args : {"", "   ", "infinite", "ponder", "depth 0", "nodes 0 movetime 0", "\t infinite \r"}) {
    const SearchLimits l = ok(args);
    EXPECT_TRUE(l.infinite) << "'" << args << "'";
    EXPECT_FALSE(l.uses_clock()) << "'" << args << "'";
  }
  EXPECT_TRUE(ok("ponder").ponder);
  EXPECT_FALSE(ok("depth 1").infinite);
}

TEST(Limits, RepeatedWordKeepsTheLastValue) {
  EXPECT_EQ(ok("byoyomi 100 byoyomi 200").byoyomi, 200);
  EXPECT_EQ(ok("depth 9 depth 2").depth, 2);
}

TEST(Limits, AnyWhiteSpaceSeparates) { EXPECT_EQ(ok("btime\t5\vwtime\f6\r").time[WHITE], 6); }

TEST(Limits, MateTakesATimeOrInfinite) {
  EXPECT_TRUE(ok("mate 5000").mate);
  EXPECT_EQ(ok("mate 5000").mate_ms, 5000);
  EXPECT_TRUE(ok("mate infinite").mate);
  EXPECT_EQ(ok("mate infinite").mate_ms, 0);
  EXPECT_EQ(ok(" mate 0 ").mate_ms, 0);
  EXPECT_FALSE(ok("infinite").mate);
  EXPECT_EQ(error("mate"), "go mate: needs a time (ms) or 'infinite', got nothing");
  EXPECT_EQ(error("mate -1"), "go mate: needs a time (ms) or 'infinite', got '-1'");
  EXPECT_EQ(error("mate 5000 depth 3"), "go mate: unexpected 'depth 3'");
  EXPECT_EQ(error("depth 3 mate 5000"), "go: mate must come first ('go mate <ms>|infinite')");
}

TEST(Limits, UnknownWordIsNamed) {
  EXPECT_EQ(error("btime 1 wtime 1 byoyomi 1 fast"), "go: unknown word 'fast'");
  EXPECT_EQ(error("movestogo 30"), "go: unknown word 'movestogo'");
  EXPECT_EQ(error("Depth 3"), "go: unknown word 'Depth'");
  EXPECT_EQ(error("searchmoves 7g7f"), "go: unknown word 'searchmoves'");
}

TEST(Limits, BadValuesAreNamed) {
  EXPECT_EQ(error("btime -5 wtime 0"), "go: btime needs a non-negative integer (ms), got '-5'");
  EXPECT_EQ(error("wtime abc"), "go: wtime needs a non-negative integer (ms), got 'abc'");
  EXPECT_EQ(error("byoyomi 10s"), "go: byoyomi needs a non-negative integer (ms), got '10s'");
  EXPECT_EQ(error("binc +5"), "go: binc needs a non-negative integer (ms), got '+5'");
  EXPECT_EQ(error("winc 1.5"), "go: winc needs a non-negative integer (ms), got '1.5'");
  EXPECT_EQ(error("movetime -0"), "go: movetime needs a non-negative integer (ms), got '-0'");
  EXPECT_EQ(error("depth 257"), "go: depth needs an integer from 0 to 256, got '257'");
  EXPECT_EQ(error("depth -1"), "go: depth needs an integer from 0 to 256, got '-1'");
  EXPECT_EQ(error("nodes 18446744073709551616"), "go: nodes needs a non-negative integer, got '18446744073709551616'");
  EXPECT_EQ(error("btime 99999999999999999999"),
            "go: btime needs a non-negative integer (ms), got '99999999999999999999'");
  // A value that is a word: the word is the bad value, not a new word.
  EXPECT_EQ(error("btime wtime 5"), "go: btime needs a non-negative integer (ms), got 'wtime'");
}

TEST(Limits, TruncatedInputNamesTheMissingValue) {
  for (const char* word : {"btime", "wtime", "binc", "winc", "byoyomi", "movetime"})
    EXPECT_EQ(error(std::string("infinite ") + word),
              "go: " + std::string(word) + " needs a non-negative integer (ms), got nothing");
  EXPECT_EQ(error("depth"), "go: depth needs an integer from 0 to 256, got nothing");
  EXPECT_EQ(error("nodes  \r"), "go: nodes needs a non-negative integer, got nothing");
}

TEST(Limits, ControlBytesAreEscapedInErrors) {
  // A raw CR in an error line would let a GUI that splits on CR read "readyok" as a line.
  const std::string e1 = error(std::string("btime 5\x01readyok"));
  EXPECT_EQ(e1, "go: btime needs a non-negative integer (ms), got '5\\x01readyok'");
  const std::string e2 = error(std::string("x\x1b[2J", 5));
  EXPECT_EQ(e2, "go: unknown word 'x\\x1b[2J'");
  const std::string e3 = error(std::string("depth 1\0", 8));
  EXPECT_EQ(e3, "go: depth needs an integer from 0 to 256, got '1\\0'");
  for (const std::string& e : {e1, e2, e3})
    for (char c : e) EXPECT_TRUE(c >= 0x20 && c != 0x7f) << e;
}

TEST(Limits, LongBadInputIsCut) {
  const std::string e = error("btime " + std::string(1000, '9') + "x");
  EXPECT_LT(e.size(), 200u);
  EXPECT_NE(e.find("..."), std::string::npos);
}

}  // namespace
}  // namespace sashite
