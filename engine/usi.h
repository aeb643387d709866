// The USI protocol layer, free of any generator: command text (trimming, integers, the
// `position` command), error lines, and the loop that reads commands and runs long ones on a
// worker thread so that `stop` and `quit` are read while they run. The `sashite` program
// (search/usi_main.cpp) gives it the commands that need generators.
#pragma once

#include <atomic>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace sashite::usi {

// `text` without white space at either end: a GUI's CRLF line keeps its '\r' through getline.
std::string_view trim(std::string_view text);

// The whole of `text` as a decimal integer in [lo, hi] ("3abc" is not 3).
std::optional<int> parse_int(std::string_view text, int lo, int hi);

// The arguments of "position startpos|sfen <sfen> [moves m1 m2 ...]". "startpos" is a USI
// keyword, turned into Position::kStartSfen here; "sfen startpos" is an error.
struct PositionCommand {
  std::string sfen;
  std::vector<std::string> moves;
  std::string error;  // set when the command is malformed; the rest is then meaningless
};
PositionCommand parse_position(std::string_view args);

// A long command's work. It runs on the worker thread and must return soon after `stop`
// turns true (`stop` or `quit` arrived).
using Job = std::function<void(const std::atomic<bool>& stop)>;
// Executes one command line (trimmed, not blank, neither `quit` nor `stop`): answers on the
// output stream at once, and returns a Job for work that must not block the input.
using Execute = std::function<Job(std::string_view line)>;

// Reads commands and runs them in order. While a job runs, `stop` stops it, `quit` stops it
// and ends the loop, and any other command waits for it to finish (so `isready` answers
// `readyok` only once the job is done, and output never interleaves).
class Loop {
 public:
  explicit Loop(Execute execute) : execute_(std::move(execute)) {}
  ~Loop() { wait(); }
  Loop(const Loop&) = delete;
  Loop& operator=(const Loop&) = delete;

  // One input line; false once `quit` has been handled.
  bool handle(std::string_view line);
  // Every line of `in`, until `quit` or the end of input; at the end of input a running job
  // finishes first (piped scripts get their whole output).
  void run(std::istream& in);
  // Each argument as a command line, then as at the end of input.
  void run(const std::vector<std::string>& commands);

 private:
  void wait();

  Execute execute_;
  std::atomic<bool> stop_{false};
  std::thread worker_;
};

}  // namespace sashite::usi
