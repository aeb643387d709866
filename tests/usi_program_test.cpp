// The USI program build/bin/sashite, driven over pipes as a GUI would drive it: the handshake,
// positions, `go perft` (checked against fairy-stockfish), and every kind of bad input, after
// which the program must answer an error line and keep serving.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "fairy_stockfish.h"
#include "movegen_full/movegen.h"
#include "movegen_full/random_walk.h"
#include "timing.h"
#include "usi_process.h"

namespace sashite {
namespace {

using testing::UsiProcess;

const std::string kSashite = std::string(SASHITE_BIN_DIR) + "/sashite";
constexpr std::string_view kErrorPrefix = "info string error: ";
// The start position after 7g7f 3c3d.
constexpr std::string_view kOpeningSfen = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3";

class Usi : public ::testing::Test {
 protected:
  void SetUp() override { engine_ = std::make_unique<UsiProcess>(std::vector<std::string>{kSashite}); }

  // What the engine prints for `command`: the lines before the readyok that answers an isready
  // sent right after it, which also proves the engine still serves. Throws (failing the test
  // with the reason) if the engine dies or stalls.
  std::vector<std::string> reply(std::string_view command) {
    if (!engine_->send(command) || !engine_->send("isready")) throw std::runtime_error(engine_->error());
    auto lines = engine_->read_until([](const std::string& l) { return l == "readyok"; });
    if (!lines)
      throw std::runtime_error("no readyok after '" + std::string(command.substr(0, 80)) + "': " + engine_->error());
    lines->pop_back();
    return *lines;
  }

  // The SFEN line of `d`.
  std::string shown_sfen() {
    for (const std::string& l : reply("d"))
      if (l.starts_with("Sfen: ")) return l.substr(6);
    return "(no Sfen line)";
  }

  // The program exits by itself within `timeout`, with status 0.
  void expect_clean_exit(UsiProcess::Ms timeout = UsiProcess::kDefaultTimeout) {
    const auto status = engine_->wait_exit(timeout);
    ASSERT_TRUE(status) << engine_->error();
    EXPECT_EQ(UsiProcess::describe(*status), "exited with status 0");
  }

  // Reads up to the "Nodes searched: " line and expects `nodes` there.
  void expect_nodes_searched(uint64_t nodes) {
    const auto lines = engine_->read_until([](const std::string& l) { return l.starts_with("Nodes searched: "); });
    ASSERT_TRUE(lines) << engine_->error();
    EXPECT_EQ(lines->back(), "Nodes searched: " + std::to_string(nodes));
  }

  std::unique_ptr<UsiProcess> engine_;
};

// `go perft` output without its first line, the timing line, which names the generator that
// ran (checked).
std::vector<std::string> perft_lines(const std::vector<std::string>& lines, std::string_view movegen) {
  if (lines.empty()) {
    ADD_FAILURE() << "no perft output";
    return {};
  }
  EXPECT_TRUE(lines[0].starts_with("info string perft ")) << lines[0];
  EXPECT_TRUE(lines[0].ends_with(", MoveGen " + std::string(movegen))) << lines[0];
  return {lines.begin() + 1, lines.end()};
}

TEST_F(Usi, HandshakeAnswersUsiokThenReadyok) {
  ASSERT_TRUE(engine_->send("usi")) << engine_->error();
  const auto lines = engine_->read_until([](const std::string& l) { return l == "usiok"; });
  ASSERT_TRUE(lines) << engine_->error();
  EXPECT_EQ(lines->front(), "id name sashite");
  ASSERT_TRUE(engine_->send("isready")) << engine_->error();
  EXPECT_EQ(engine_->read_line(), "readyok") << engine_->error();
  EXPECT_EQ(reply("usinewgame"), std::vector<std::string>{});
  EXPECT_EQ(reply("setoption name USI_Hash value 256"), std::vector<std::string>{});
  EXPECT_EQ(reply("setoption name USI_Ponder value false"), std::vector<std::string>{});
}

TEST_F(Usi, PositionWithMovesIsShownByD) {
  EXPECT_EQ(reply("position startpos moves 7g7f 3c3d"), std::vector<std::string>{});
  EXPECT_EQ(shown_sfen(), kOpeningSfen);
  EXPECT_EQ(reply("position sfen " + std::string(kOpeningSfen) + " moves 2g2f"), std::vector<std::string>{});
  EXPECT_EQ(shown_sfen(), "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4");
}

TEST_F(Usi, PerftDivideMatchesFairyStockfish) {
  EXPECT_EQ(reply("position startpos moves 7g7f 3c3d"), std::vector<std::string>{});
  testing::Divide divide;
  std::optional<uint64_t> nodes;
  for (const std::string& l : reply("go perft 3")) {
    if (auto entry = testing::parse_divide_line(l)) {
      EXPECT_TRUE(divide.insert(*entry).second) << "printed twice: " << l;
    } else if (auto n = testing::parse_nodes_line(l)) {
      EXPECT_FALSE(nodes) << "second Nodes line: " << l;
      nodes = n;
    } else {
      EXPECT_TRUE(l.empty() || l.starts_with("info string perft 3 ")) << "unexpected line '" << l << "'";
    }
  }
  PositionLine game(kOpeningSfen);
  std::set<std::string> root_moves;
  for (const ExtMove& m : MoveList<GenType::LegalAll>(game.pos)) root_moves.insert(to_usi(m));
  std::set<std::string> printed_moves;
  uint64_t sum = 0;
  for (const auto& [m, n] : divide) printed_moves.insert(m), sum += n;
  EXPECT_EQ(printed_moves, root_moves);
  ASSERT_TRUE(nodes);
  EXPECT_EQ(*nodes, sum);
  EXPECT_EQ(*nodes, 54375u);  // as fairy-stockfish counts it (no pawn-drop mate within 3 plies here)

  std::string why;
  const auto fairy = testing::FairyStockfish::start(&why);
  ASSERT_TRUE(fairy) << why;
  const auto theirs = fairy->perft(kOpeningSfen, 3);
  ASSERT_TRUE(theirs) << fairy->error();
  EXPECT_EQ(divide, theirs->divide);
  EXPECT_EQ(*nodes, theirs->nodes);
}

// Our `go perft` output, its first (info) line dropped, and fairy-stockfish's are the same lines
// up to the order of the root moves: `sort | diff` of the two is empty.
TEST_F(Usi, PerftOutputDiffsCleanlyAgainstFairyStockfish) {
  const auto path = testing::find_program("fairy-stockfish", "/usr/games/fairy-stockfish");
  ASSERT_TRUE(path) << "fairy-stockfish is not installed";
  UsiProcess fairy({*path});
  ASSERT_TRUE(fairy.send("usi") && fairy.send("setoption name UCI_Variant value shogi") &&
              fairy.send("position startpos moves 7g7f 3c3d") && fairy.send("go perft 2"))
      << fairy.error();
  auto theirs = fairy.read_until([](const std::string& l) { return l.starts_with("Nodes searched"); });
  ASSERT_TRUE(theirs) << fairy.error();
  const auto after = fairy.read_line();  // the blank line that ends its output
  ASSERT_TRUE(after) << fairy.error();
  theirs->push_back(*after);
  // Drop the banner and the usi handshake: everything before the first divide line.
  const auto first = std::find_if(theirs->begin(), theirs->end(),
                                  [](const std::string& l) { return bool(testing::parse_divide_line(l)); });
  std::vector<std::string> fairy_lines(first, theirs->end());

  ASSERT_EQ(reply("position startpos moves 7g7f 3c3d"), std::vector<std::string>{});
  std::vector<std::string> ours = perft_lines(reply("go perft 2"), "full");
  ASSERT_GE(ours.size(), 3u);
  EXPECT_EQ(ours[ours.size() - 3], "");
  EXPECT_EQ(ours.back(), "");
  std::sort(ours.begin(), ours.end());
  std::sort(fairy_lines.begin(), fairy_lines.end());
  EXPECT_EQ(ours, fairy_lines);
}

// A GUI on Windows ends its lines with CRLF, which getline keeps as a trailing '\r'; white space
// at the end of a line is not part of the last value either.
TEST_F(Usi, CrlfAndTrailingWhiteSpaceAreIgnored) {
  EXPECT_EQ(reply("usinewgame\r"), std::vector<std::string>{});
  EXPECT_EQ(reply("setoption name USI_Hash value 16  "), std::vector<std::string>{});
  EXPECT_EQ(reply("setoption name USI_Ponder value true \r"), std::vector<std::string>{});
  EXPECT_EQ(reply("setoption name MoveGen value diff\r"), std::vector<std::string>{});
  EXPECT_EQ(reply("position startpos moves 7g7f 3c3d\r"), std::vector<std::string>{});
  EXPECT_EQ(shown_sfen(), kOpeningSfen);
  const std::vector<std::string> perft = perft_lines(reply("go perft 1\r"), "diff");  // MoveGen diff took effect
  PositionLine game(kOpeningSfen);
  const std::string nodes = "Nodes searched: " + std::to_string(MoveList<GenType::LegalAll>(game.pos).size());
  EXPECT_NE(std::find(perft.begin(), perft.end(), nodes), perft.end()) << nodes;
  ASSERT_TRUE(engine_->send("isready\r")) << engine_->error();
  EXPECT_EQ(engine_->read_line(), "readyok") << engine_->error();
  ASSERT_TRUE(engine_->send("quit\r")) << engine_->error();
  expect_clean_exit();
}

// `go perft` runs beside the input: `stop` ends it early with an info line (and no total), and
// the engine serves again at once. Depth 12 from the start would take days.
TEST_F(Usi, StopInterruptsADeepPerft) {
  ASSERT_TRUE(engine_->send("go perft 12")) << engine_->error();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto sent = std::chrono::steady_clock::now();
  ASSERT_TRUE(engine_->send("stop")) << engine_->error();
  const auto line = engine_->read_line(UsiProcess::Ms(2000));
  ASSERT_TRUE(line) << engine_->error();
  EXPECT_TRUE(line->starts_with("info string perft 12 stopped after ")) << *line;
  testing::expect_within_budget(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - sent).count(), 200,
      "stop -> perft's last line");
  ASSERT_TRUE(engine_->send("isready")) << engine_->error();
  EXPECT_EQ(engine_->read_line(), "readyok") << engine_->error();  // nothing else was printed
  const std::vector<std::string> perft = perft_lines(reply("go perft 2"), "full");
  EXPECT_NE(std::find(perft.begin(), perft.end(), "Nodes searched: 900"), perft.end());
}

// A piped "go perft" then "quit" prints the whole result before exiting, as Stockfish does.
TEST_F(Usi, QuitLetsARunningPerftFinish) {
  ASSERT_TRUE(engine_->send("go perft 3") && engine_->send("quit")) << engine_->error();
  expect_nodes_searched(25470);
  expect_clean_exit();
}

// `stop` (with any white space after it) still ends a deep perft, and quit then exits at once.
TEST_F(Usi, StopThenQuitEndADeepPerft) {
  ASSERT_TRUE(engine_->send("go perft 20")) << engine_->error();
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ASSERT_TRUE(engine_->send("stop\vnow") && engine_->send("quit")) << engine_->error();
  const auto line = engine_->read_line(UsiProcess::Ms(2000));
  ASSERT_TRUE(line) << engine_->error();
  EXPECT_TRUE(line->starts_with("info string perft 20 stopped after ")) << *line;
  expect_clean_exit(UsiProcess::Ms(2000));
}

// The GUI died: end of input, and nobody reads the output any more. The perft that would run
// for days is stopped and the program exits.
TEST_F(Usi, DeepPerftEndsWhenInputAndOutputAreGone) {
  ASSERT_TRUE(engine_->send("go perft 20")) << engine_->error();
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  engine_->close_stdin();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  engine_->close_output();
  expect_clean_exit(UsiProcess::Ms(5000));
}

// The same after quit: a perft is finished only for someone who reads it.
TEST_F(Usi, DeepPerftEndsAfterQuitWhenTheOutputIsGone) {
  ASSERT_TRUE(engine_->send("go perft 20") && engine_->send("quit")) << engine_->error();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  engine_->close_output();
  expect_clean_exit(UsiProcess::Ms(5000));
}

// Any other command waits for the running perft: `isready` answers after the total.
TEST_F(Usi, CommandsDuringPerftWaitForIt) {
  ASSERT_TRUE(engine_->send("go perft 5") && engine_->send("isready") && engine_->send("d")) << engine_->error();
  const auto lines = engine_->read_until([](const std::string& l) { return l.starts_with("Sfen: "); });
  ASSERT_TRUE(lines) << engine_->error();
  const auto nodes = std::find(lines->begin(), lines->end(), "Nodes searched: 19861490");
  const auto ready = std::find(lines->begin(), lines->end(), "readyok");
  ASSERT_NE(nodes, lines->end());
  ASSERT_NE(ready, lines->end());
  EXPECT_LT(nodes, ready);
}

// A piped script ends with end of input right after `go perft`: the whole output still comes.
TEST_F(Usi, EndOfInputAfterPerft3PrintsItsResult) {
  ASSERT_TRUE(engine_->send("go perft 3")) << engine_->error();
  engine_->close_stdin();
  expect_nodes_searched(25470);
  expect_clean_exit();
}

// Longer than the loop's output check interval: the perft is not stopped while its output is read.
TEST_F(Usi, EndOfInputLetsARunningPerftFinish) {
  ASSERT_TRUE(engine_->send("position startpos") && engine_->send("go perft 5")) << engine_->error();
  engine_->close_stdin();
  expect_nodes_searched(19861490);
  expect_clean_exit();
}

// Every rejected command answers exactly one error line naming the problem, and the engine
// answers the isready that follows.
TEST_F(Usi, BadInputAnswersAnErrorAndKeepsServing) {
  struct Case {
    std::string command, error_contains;
  };
  const std::string long_garbage(200'000, 'x');
  const std::vector<Case> cases = {
      {"foo", "unknown command 'foo'"},
      {"foo bar baz", "unknown command 'foo'"},
      {"Usi", "unknown command 'Usi'"},
      {long_garbage, "unknown command"},
      {"\x01\x02\x7f garbage", "unknown command"},
      {"setoption name Foo value 1", "unknown option 'Foo'"},
      {"setoption", "expected 'setoption name <id>"},
      {"setoption USI_Hash 16", "expected 'setoption name <id>"},
      {"setoption name", "missing option name"},
      {"setoption name value 3", "missing option name"},
      {"setoption name USI_Hash value abc", "USI_Hash must be an integer"},
      {"setoption name USI_Hash value 0", "USI_Hash must be an integer"},
      {"setoption name USI_Hash", "USI_Hash must be an integer"},
      {"setoption name USI_Ponder value maybe", "USI_Ponder must be 'true' or 'false'"},
      {"setoption name MoveGen value fast", "MoveGen must be one of full, diff, got 'fast'"},
      {"setoption name MoveGen value Diff", "MoveGen must be one of full, diff, got 'Diff'"},
      {"setoption name MoveGen", "MoveGen must be one of full, diff, got ''"},
      {"setoption name TTLayout value big", "TTLayout must be one of classic, two-bounds, got 'big'"},
      {"setoption name HandLayout value hand128", "HandLayout must be one of padded32, bonanza21, padded24, hand64"},
      {"setoption name KeyScheme value plus", "KeyScheme must be one of xor, additive, got 'plus'"},
      {"setoption name MoveOverhead value -1", "MoveOverhead must be an integer from 0 to 5000"},
      {"position", "expected 'startpos' or 'sfen'"},
      {"position startpos foo", "expected 'moves' after 'startpos'"},
      {"position sfen startpos", "'startpos' is not an SFEN"},
      {"position sfen startpos moves 7g7f", "'startpos' is not an SFEN"},
      {"position sfen", "sfen"},
      {"position sfen moves 7g7f", "sfen"},
      {"position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1", "sfen"},
      {"position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1", "sfen"},
      {"position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 3R 1", "sfen"},
      {"position sfen " + long_garbage, "sfen"},
      {"position startpos moves 7g7f 7g7f", "move 2: illegal move '7g7f'"},
      {"position startpos moves 7g7f 3c3d 8h1a", "move 3: illegal move '8h1a'"},  // through the bishop on 2b
      {"position startpos moves P*5e", "move 1: illegal move 'P*5e'"},
      {"position startpos moves 7g7x", "move 1: malformed move '7g7x'"},
      {"position startpos moves 7g7f+ ", "move 1: illegal move '7g7f+'"},
      {"position startpos moves " + long_garbage, "move 1: malformed move"},
      {"go depth x", "go: depth needs an integer"},
      {"go mate", "go mate: needs a time (ms) or 'infinite'"},
      {"go foo", "go: unknown word 'foo'"},
      {"go btime -5", "btime needs a non-negative integer"},
      {"go perft 3 4", "got '3 4'"},
      {"go perft", "depth must be an integer from 1 to 20, got ''"},
      {"go perft 0", "got '0'"},
      {"go perft -1", "got '-1'"},
      {"go perft 21", "got '21'"},
      {"go perft 3abc", "got '3abc'"},
      {"go perft 99999999999999999999", "got '99999999999999999999'"},
  };
  for (const Case& c : cases) {
    const std::vector<std::string> lines = reply(c.command);
    const std::string shown = c.command.substr(0, 60);
    ASSERT_EQ(lines.size(), 1u) << "after '" << shown << "'";
    // Bad input is quoted, not echoed whole: a 200 KB line does not come back.
    EXPECT_LT(lines[0].size(), 400u) << "after '" << shown << "': " << lines[0].substr(0, 200);
    EXPECT_TRUE(lines[0].starts_with(kErrorPrefix)) << lines[0].substr(0, 200);
    EXPECT_NE(lines[0].find(c.error_contains), std::string::npos)
        << "after '" << shown << "' expected '" << c.error_contains << "' in '" << lines[0].substr(0, 200) << "'";
  }
}

// Error lines quote input with its control bytes escaped: one printable line each, so that no
// GUI (splitting on CR, or a terminal) reads anything but the error.
TEST_F(Usi, ErrorLinesEscapeControlBytes) {
  using namespace std::string_literals;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"setoption name USI_Hash value 1\rreadyok", R"(got '1\rreadyok')"},
      {"foo\x1b[2Jbar", R"(unknown command 'foo\x1b[2Jbar')"},
      {"position startpos moves 7g7f\0"s, R"(malformed move '7g7f\0')"},
      {"go perft 3\x7f", R"(got '3\x7f')"},
      {"position sfen 4k4/9/9/9/9/9/9/9/4K4 b P\x01 1", R"(unknown piece letter '\x01' in hand)"},
      {"position sfen 4k4/9/9/9/9/9/9/9/4K\x1b"
       "4 b - 1",
       R"(unknown piece letter '\x1b' in rank i)"},
  };
  for (const auto& [command, quoted] : cases) {
    const std::vector<std::string> lines = reply(command);
    ASSERT_EQ(lines.size(), 1u) << quoted;
    EXPECT_TRUE(lines[0].starts_with(kErrorPrefix)) << lines[0];
    EXPECT_NE(lines[0].find(quoted), std::string::npos) << "wanted " << quoted << " in " << lines[0];
    for (char ch : lines[0])
      EXPECT_TRUE(uint8_t(ch) >= 0x20 && uint8_t(ch) != 0x7f) << "raw byte " << int(ch) << " in " << quoted;
  }
}

TEST_F(Usi, MoveGenOptionIsListed) {
  ASSERT_TRUE(engine_->send("usi")) << engine_->error();
  const auto lines = engine_->read_until([](const std::string& l) { return l == "usiok"; });
  ASSERT_TRUE(lines) << engine_->error();
  EXPECT_NE(std::find(lines->begin(), lines->end(), "option name MoveGen type combo default full var full var diff"),
            lines->end());
}

// Through the differential generator, `position`, `d` and `go perft` answer exactly what they
// answer through the full one: the position in force carries over a switch, and positions set
// afterwards (with moves: captures, drops, promotions) are built for the generator chosen.
TEST_F(Usi, MoveGenDiffAnswersTheSameAsFull) {
  ASSERT_EQ(reply("position startpos moves 7g7f 3c3d"), std::vector<std::string>{});
  const std::vector<std::string> full_board = reply("d"), full = perft_lines(reply("go perft 3"), "full");
  ASSERT_EQ(reply("setoption name MoveGen value diff"), std::vector<std::string>{});
  EXPECT_EQ(reply("d"), full_board);
  EXPECT_EQ(perft_lines(reply("go perft 3"), "diff"), full);
  EXPECT_NE(std::find(full.begin(), full.end(), "Nodes searched: 54375"), full.end());

  static_assert(kReferencePositions[1].name == "matsuri" && kReferencePositions[6].name == "drops");
  const std::vector<std::string> positions = {
      "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e 2b3c 4e3d",  // bishop trade, drop, capture
      "position sfen " + std::string(kReferencePositions[1].sfen),
      "position sfen " + std::string(kReferencePositions[6].sfen) + " moves R*6e",  // White in check
  };
  for (const std::string& position : positions) {
    SCOPED_TRACE(position);
    ASSERT_EQ(reply("setoption name MoveGen value diff"), std::vector<std::string>{});
    ASSERT_EQ(reply(position), std::vector<std::string>{});
    const std::vector<std::string> diff_board = reply("d"), diff = perft_lines(reply("go perft 2"), "diff");
    ASSERT_EQ(reply("setoption name MoveGen value full"), std::vector<std::string>{});
    EXPECT_EQ(reply("d"), diff_board);
    EXPECT_EQ(perft_lines(reply("go perft 2"), "full"), diff);
  }
}

// A table larger than the machine could hold is refused with an error, not allocated (an
// overcommitted table would be killed by its first clear), and the engine keeps searching.
TEST_F(Usi, OversizedHashIsRefusedAndTheEngineServes) {
  const uint64_t physical_mb = uint64_t(sysconf(_SC_PHYS_PAGES)) * uint64_t(sysconf(_SC_PAGE_SIZE)) >> 20;
  if (physical_mb >= 2 * 65536) GTEST_SKIP() << "this machine could hold the largest table";
  const std::vector<std::string> lines = reply("setoption name USI_Hash value 65536");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_TRUE(lines[0].starts_with("info string error: setoption: USI_Hash: 65536 MB is more than half")) << lines[0];
  EXPECT_NE(lines[0].find("the table keeps 16 MB"), std::string::npos) << lines[0];
  const std::vector<std::string> perft = perft_lines(reply("go perft 1"), "full");
  EXPECT_NE(std::find(perft.begin(), perft.end(), "Nodes searched: 30"), perft.end());
}

// The search's table and the mate solver's share the budget: each fits alone, together they
// are refused. No `isready` while MateHash is large: it would allocate that table.
TEST_F(Usi, HashAndMateHashTogetherAreRefused) {
  const uint64_t physical_mb = uint64_t(sysconf(_SC_PHYS_PAGES)) * uint64_t(sysconf(_SC_PAGE_SIZE)) >> 20;
  if (physical_mb / 2 > 65536 || physical_mb < 256) GTEST_SKIP() << "MateHash's range does not reach half this machine";
  const std::string mate = std::to_string(physical_mb / 2 - 16);  // with USI_Hash's 16: half
  ASSERT_TRUE(engine_->send("setoption name MateHash value " + mate)) << engine_->error();
  ASSERT_TRUE(engine_->send("setoption name USI_Hash value 32")) << engine_->error();
  const auto lines = engine_->read_until([](const std::string& l) { return l.starts_with("info string"); });
  ASSERT_TRUE(lines) << engine_->error();
  const std::string& error = lines->back();
  EXPECT_TRUE(error.starts_with("info string error: setoption: USI_Hash: 32 MB and MateHash's " + mate + " MB are"))
      << error;
  EXPECT_NE(error.find("the table keeps 16 MB"), std::string::npos) << error;
  EXPECT_EQ(reply("setoption name MateHash value 64"), std::vector<std::string>{});
  EXPECT_EQ(reply("setoption name USI_Hash value 32"), std::vector<std::string>{});
}

TEST_F(Usi, BadMoveGenValueKeepsTheGeneratorAndServes) {
  ASSERT_EQ(reply("setoption name MoveGen value diff"), std::vector<std::string>{});
  const std::vector<std::string> lines = reply("setoption name MoveGen value turbo");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], "info string error: setoption: MoveGen must be one of full, diff, got 'turbo'");
  const std::vector<std::string> perft = perft_lines(reply("go perft 1"), "diff");
  EXPECT_NE(std::find(perft.begin(), perft.end(), "Nodes searched: 30"), perft.end());
}

TEST_F(Usi, FailedPositionLeavesThePreviousOne) {
  ASSERT_EQ(reply("position startpos moves 7g7f 3c3d"), std::vector<std::string>{});
  for (const char* bad :
       {"position startpos moves 2g2f 8c8d 2f2e 9z9y", "position startpos moves 2g2f 2g2f", "position sfen 9/9/9 b - 1",
        "position sfen 9/9/9/9/9/9/9/9/9 b - 1 moves 5e5d", "position", "position sfen", "position startpos junk"}) {
    const std::vector<std::string> lines = reply(bad);
    ASSERT_EQ(lines.size(), 1u) << bad;
    EXPECT_TRUE(lines[0].starts_with(kErrorPrefix)) << bad;
    EXPECT_EQ(shown_sfen(), kOpeningSfen) << "after '" << bad << "'";
  }
  // And perft runs from it.
  PositionLine game(kOpeningSfen);
  const std::string expected = "Nodes searched: " + std::to_string(MoveList<GenType::LegalAll>(game.pos).size());
  const std::vector<std::string> lines = reply("go perft 1");
  EXPECT_NE(std::find(lines.begin(), lines.end(), expected), lines.end()) << expected;
}

TEST_F(Usi, BlankLinesAreIgnored) {
  // Not errors: GUIs may send them and USI has nothing to say about them.
  for (const char* blank : {"", " ", "\t \t", "\r"})
    EXPECT_EQ(reply(blank), std::vector<std::string>{}) << '"' << blank << '"';
}

TEST_F(Usi, QuitExitsWithStatusZero) {
  ASSERT_TRUE(engine_->send("quit")) << engine_->error();
  expect_clean_exit();
  EXPECT_FALSE(engine_->read_line());  // and printed nothing
}

TEST_F(Usi, EndOfInputExitsWithStatusZero) {
  ASSERT_EQ(reply("position startpos"), std::vector<std::string>{});
  engine_->close_stdin();
  expect_clean_exit();
}

// `sashite "cmd" "cmd" ...` runs its arguments as commands, then exits.
TEST(UsiArguments, RunsEachArgumentAsACommand) {
  UsiProcess engine({kSashite, "position startpos moves 7g7f 3c3d", "go perft 3", "bogus"});
  const auto lines = engine.read_until([](const std::string& l) { return l.starts_with(kErrorPrefix); });
  ASSERT_TRUE(lines) << engine.error();
  EXPECT_NE(std::find(lines->begin(), lines->end(), "Nodes searched: 54375"), lines->end());
  EXPECT_EQ(lines->back(), "info string error: unknown command 'bogus'");
  const auto status = engine.wait_exit();
  ASSERT_TRUE(status) << engine.error();
  EXPECT_EQ(UsiProcess::describe(*status), "exited with status 0");
}

// The arguments end right after `go perft`: as at the end of input, the perft finishes first.
TEST(UsiArguments, PerftAsTheLastArgumentPrintsItsWholeOutput) {
  UsiProcess engine({kSashite, "position startpos", "go perft 5"});
  const auto lines = engine.read_until([](const std::string& l) { return l.starts_with("Nodes searched: "); });
  ASSERT_TRUE(lines) << engine.error();
  EXPECT_EQ(lines->back(), "Nodes searched: 19861490");
  const auto status = engine.wait_exit();
  ASSERT_TRUE(status) << engine.error();
  EXPECT_EQ(UsiProcess::describe(*status), "exited with status 0");
}

// The process class itself: a program that cannot start, dies, or hangs fails with a reason.
TEST(UsiProcessTest, ReportsMissingDeadAndSilentPrograms) {
  try {
    UsiProcess missing({"/nonexistent/program"});
    ADD_FAILURE() << "started a program that does not exist";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "cannot start /nonexistent/program: No such file or directory");
  }

  UsiProcess dead({"/bin/true"});
  EXPECT_FALSE(dead.read_line(UsiProcess::Ms(5000)));
  EXPECT_NE(dead.error().find("closed its output (exited with status 0)"), std::string::npos) << dead.error();
  EXPECT_FALSE(dead.send(std::string(1 << 20, 'x')));  // a dead reader: an error, not SIGPIPE
  EXPECT_NE(dead.error().find("stopped reading its input"), std::string::npos) << dead.error();

  UsiProcess silent({"/bin/sleep", "30"});
  EXPECT_FALSE(silent.read_line(UsiProcess::Ms(100)));
  EXPECT_NE(silent.error().find("timed out after 100 ms"), std::string::npos) << silent.error();
  EXPECT_FALSE(silent.send(std::string(1 << 20, 'x'), UsiProcess::Ms(100)));  // never reads its input
  EXPECT_NE(silent.error().find("timed out"), std::string::npos) << silent.error();
}  // the destructor kills and reaps sleep

}  // namespace
}  // namespace sashite
