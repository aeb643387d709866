// usi/loop.h's loop in-process, with jobs that only wait: which words it takes for `stop`
// and `quit`, and what `quit` and the end of input do to a running job of each kind, with the
// output descriptor a file, a pipe still read, or a pipe whose reader left.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <sstream>
#include <string>
#include <thread>

#include "engine/usi_text.h"
#include "usi/loop.h"

namespace sashite::usi {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

TEST(UsiText, FirstWordEndsAtAnyWhiteSpace) {
  EXPECT_EQ(first_word("stop"), "stop");
  EXPECT_EQ(first_word("  quit \r"), "quit");
  for (char space : {' ', '\t', '\v', '\f', '\r', '\n'})
    EXPECT_EQ(first_word(std::string("stop") + space + "now"), "stop") << int(space);
  EXPECT_EQ(first_word("stopnow"), "stopnow");
  EXPECT_EQ(first_word(" \v\f"), "");
}

// What a test job saw: whether it was stopped, and whether it ran out its time.
struct Outcome {
  std::atomic<bool> started{false}, stopped{false}, finished{false};
};

// A job that waits up to `length` for its stop flag.
Job waiting_job(JobKind kind, Outcome& o, std::chrono::milliseconds length) {
  return {kind, [&o, length](const std::atomic<bool>& stop) {
            o.started = true;
            for (const auto end = Clock::now() + length; Clock::now() < end;) {
              if (stop.load(std::memory_order_relaxed)) {
                o.stopped = true;
                return;
              }
              std::this_thread::sleep_for(1ms);
            }
            o.finished = true;
          }};
}

// A loop whose only command, "job", starts waiting_job(kind).
struct TestLoop {
  TestLoop(JobKind kind, std::chrono::milliseconds length, int output_fd)
      : loop(
            [this, kind, length](std::string_view line) {
              ++executed;
              return line == "job" ? waiting_job(kind, outcome, length) : Job{};
            },
            output_fd) {}
  Outcome outcome;
  int executed = 0;
  Loop loop;
};

// A descriptor the loop may watch and never writes to.
struct Pipe {
  Pipe() { EXPECT_EQ(pipe2(fd, O_CLOEXEC), 0); }
  ~Pipe() {
    for (int f : fd)
      if (f >= 0) close(f);
  }
  void close_reader() { close(std::exchange(fd[0], -1)); }
  int fd[2] = {-1, -1};
};

TEST(UsiLoop, StopWithAnyWhiteSpaceStopsTheJob) {
  for (const char* stop : {"stop", "stop\vnow", "stop\fnow", " stop\t", "stop\rx"}) {
    Pipe out;
    TestLoop t(JobKind::Batch, 60s, out.fd[1]);
    ASSERT_TRUE(t.loop.handle("job"));
    EXPECT_TRUE(t.loop.handle(stop));
    std::istringstream end("");
    t.loop.run(end);
    EXPECT_TRUE(t.outcome.stopped) << stop;
    EXPECT_EQ(t.executed, 1) << "'" << stop << "' went to the command parser";
  }
}

TEST(UsiLoop, QuitWithAnyWhiteSpaceEndsTheLoop) {
  for (const char* quit : {"quit", "quit\vnow", "quit\fnow", "\tquit\r"}) {
    TestLoop t(JobKind::Batch, 0ms, STDOUT_FILENO);
    std::istringstream in(std::string(quit) + "\nafter\n");
    t.loop.run(in);
    EXPECT_EQ(t.executed, 0) << "'" << quit << "' did not end the loop";
  }
}

// quit and the end of input stop a search job at once.
TEST(UsiLoop, QuitAndEndOfInputStopASearch) {
  for (const char* input : {"job\nquit\n", "job\n"}) {
    Pipe out;
    TestLoop t(JobKind::Search, 60s, out.fd[1]);
    std::istringstream in(input);
    const auto t0 = Clock::now();
    t.loop.run(in);
    EXPECT_TRUE(t.outcome.stopped) << input;
    EXPECT_LT(Clock::now() - t0, 5s) << input;
  }
}

// quit and the end of input let a perft job finish while its output can be read: a pipe still
// read, or a file.
TEST(UsiLoop, QuitAndEndOfInputLetAReadPerftFinish) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  Pipe pipe;
  for (int fd : {pipe.fd[1], fileno(file)})
    for (const char* input : {"job\nquit\n", "job\n"}) {
      TestLoop t(JobKind::Batch, 400ms, fd);
      std::istringstream in(input);
      t.loop.run(in);
      EXPECT_TRUE(t.outcome.finished) << input << " fd " << fd;
      EXPECT_FALSE(t.outcome.stopped) << input << " fd " << fd;
    }
  std::fclose(file);
}

// After quit or the end of input, a perft whose reader left is stopped: nobody can read it.
TEST(UsiLoop, PerftNobodyCanReadIsStoppedAfterTheInputEnds) {
  for (const char* input : {"job\nquit\n", "job\n"}) {
    Pipe out;
    out.close_reader();
    TestLoop t(JobKind::Batch, 60s, out.fd[1]);
    std::istringstream in(input);
    const auto t0 = Clock::now();
    t.loop.run(in);
    EXPECT_TRUE(t.outcome.stopped) << input;
    EXPECT_LT(Clock::now() - t0, 5s) << input;
  }
}

// While input still comes, a perft runs on even when its reader left (the GUI may still be
// there): only `stop`, quit or the end of input end it.
TEST(UsiLoop, PerftRunsOnWhileInputIsOpen) {
  Pipe out;
  out.close_reader();
  TestLoop t(JobKind::Batch, 300ms, out.fd[1]);
  ASSERT_TRUE(t.loop.handle("job"));
  ASSERT_TRUE(t.loop.handle("other"));  // waits for the job, then runs
  EXPECT_TRUE(t.outcome.finished);
  EXPECT_EQ(t.executed, 2);
}

}  // namespace
}  // namespace sashite::usi
