// The memory a long game costs the USI program: a `position` line of 200,000 legal moves (both
// kings shuffling) must not grow its peak resident set (VmHWM) by more than a few dozen bytes a
// ply with either generator. Keeping every ply's undo state cost 170 bytes a ply with the full
// generator and 1,290 with the differential one (this test's measure, 2026-11-23); the game
// history keeps a key and a check flag per ply (rules/game_history.h): 23 and 26 bytes, most
// of it the input line itself.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "sanitizer.h"
#include "usi_process.h"

namespace sashite {
namespace {

using testing::UsiProcess;

// The process's peak resident set in bytes, from /proc/<pid>/status; -1 if unreadable.
long peak_rss(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.starts_with("VmHWM:")) return std::stol(line.substr(6)) * 1024;
  return -1;
}

class UsiMemory : public ::testing::TestWithParam<const char*> {};

TEST_P(UsiMemory, LongGameCostsFewBytesPerPly) {
  if (kAddressSanitizer) GTEST_SKIP() << "ASan's redzones and quarantine change every allocation's cost";
  constexpr int kPlies = 200'000;
  std::string line = "position startpos moves";
  for (int i = 0; i < kPlies / 4; ++i) line += " 5i4h 5a4b 4h5i 4b5a";
  UsiProcess engine({std::string(SASHITE_BIN_DIR) + "/sashite"});
  auto ready = [&] {
    ASSERT_TRUE(engine.send("isready")) << engine.error();
    const auto reply = engine.read_line(UsiProcess::Ms(60'000));
    ASSERT_EQ(reply, "readyok") << engine.error();
  };
  ASSERT_TRUE(engine.send(std::string("setoption name MoveGen value ") + GetParam())) << engine.error();
  ASSERT_TRUE(engine.send("position startpos moves 5i4h 5a4b")) << engine.error();  // a game before
  ready();
  const long before = peak_rss(engine.pid());
  ASSERT_GT(before, 0);
  ASSERT_TRUE(engine.send(line)) << engine.error();
  ready();
  const long after = peak_rss(engine.pid());
  const double per_ply = double(after - before) / kPlies;
  std::printf("[ memory   ] MoveGen %s: peak RSS %ld -> %ld bytes, %.1f bytes per ply\n", GetParam(), before, after,
              per_ply);
  EXPECT_LT(per_ply, 48.0);
  // And the game was played: the final position has both kings back home, move 200,001.
  ASSERT_TRUE(engine.send("d")) << engine.error();
  const auto board = engine.read_until([](const std::string& l) { return l.starts_with("Sfen: "); });
  ASSERT_TRUE(board) << engine.error();
  EXPECT_EQ(board->back(),
            "Sfen: lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - " + std::to_string(kPlies + 1));
}

INSTANTIATE_TEST_SUITE_P(MoveGen, UsiMemory, ::testing::Values("full", "diff"));

}  // namespace
}  // namespace sashite
