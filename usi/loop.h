// The USI input loop: reads commands and runs long ones on a worker thread so that `stop` and
// `quit` are read while they run. The `sashite` program (usi/main.cpp) gives it the commands
// (usi/usi_engine.h).
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <iosfwd>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace sashite::usi {

// What a job is decides what `quit` and the end of input do to it.
enum class JobKind {
  Batch,   // runs to its end (perft, bench), so that a piped "go perft 5" + "quit" prints its result
  Search,  // stopped at once: a GUI that quits or goes away wants no best move
};

// A long command's work. `run` runs on the worker thread and must return soon after `stop`
// turns true.
struct Job {
  JobKind kind = JobKind::Batch;
  std::function<void(const std::atomic<bool>& stop)> run;
  explicit operator bool() const { return bool(run); }
};
// Executes one command line (trimmed, not blank, neither `quit` nor `stop`): answers on the
// output stream at once, and returns a Job (empty: none) for work that must not block the input.
using Execute = std::function<Job(std::string_view line)>;

// Reads commands and runs them in order. While a job runs, `stop` stops it and `ponderhit`
// reaches it at once. Behind a Batch job any other command waits for it to finish (so
// `isready` answers `readyok` once the batch is done, and output never interleaves). Beside
// a Search job `isready` is executed at once (the engine answers `readyok` while it searches,
// and must keep its lines whole: usi/usi_engine.cpp), and any other command stops the
// search first: a GUI that sends `gameover` or `position` without `stop` has moved on.
//
// `quit` and the end of input end the loop, after the running job: a Search job is stopped at
// once; a Batch job runs to its end and prints its result, as Stockfish's does, unless nobody
// can read that result any more: from then on the loop polls the output descriptor (every
// 100 ms, beside the job: its stop check stays one relaxed load), and when it reports an
// error or hang-up (the reading end of a pipe closed, a terminal gone) it stops the job, so a
// GUI that died leaves no orphan perft running for days. A file, a terminal or
// a pipe that is still read keeps the perft running to completion; `stop` still ends it early.
// (The program ignores SIGPIPE, so the stopped job's last line fails instead of killing it.)
class Loop {
 public:
  // `output_fd`: where the jobs' output goes (std::cout's descriptor), watched as above.
  // `ponderhit`: handled at once, beside a running job (a pondering search must learn that
  // its clock now runs), instead of waiting for the job like other commands.
  explicit Loop(Execute execute, int output_fd = 1, std::function<void()> ponderhit = {})
      : execute_(std::move(execute)), output_fd_(output_fd), ponderhit_(std::move(ponderhit)) {}
  ~Loop() { finish(); }
  Loop(const Loop&) = delete;
  Loop& operator=(const Loop&) = delete;

  // One input line; false once `quit` has been handled.
  bool handle(std::string_view line);
  // Every line of `in`, until `quit` or the end of input.
  void run(std::istream& in);
  // Each argument as a command line, then as at the end of input.
  void run(const std::vector<std::string>& commands);

 private:
  // Waits for the running job, as `quit` and the end of input do (see above).
  void finish();
  void wait();
  bool search_running();
  bool output_gone() const;

  Execute execute_;
  int output_fd_;
  std::function<void()> ponderhit_;
  std::atomic<bool> stop_{false};
  JobKind kind_ = JobKind::Batch;
  std::mutex mutex_;
  std::condition_variable job_done_;
  bool running_ = false;  // guarded by mutex_
  std::thread worker_;
};

}  // namespace sashite::usi
