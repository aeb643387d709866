#include "usi/loop.h"

#include <poll.h>

#include <chrono>
#include <iostream>

#include "engine/usi_text.h"

namespace sashite::usi {

bool Loop::handle(std::string_view line) {
  const std::string_view word = first_word(line);
  if (word.empty()) return true;
  if (word == "stop") {
    stop_ = true;  // a running job ends soon; with none, nothing happens
    return true;
  }
  if (word == "ponderhit" && ponderhit_) {
    ponderhit_();
    return true;
  }
  if (word == "quit") {
    finish();
    return false;
  }
  if (search_running()) {
    // `isready` is answered beside a search, as the protocol asks. Any other command means the
    // GUI has moved on without `stop` (a `gameover` or `position` during pondering): the search
    // stops first, instead of the input waiting behind a search that only `stop` ends.
    if (word == "isready") {
      execute_(trim(line));
      return true;
    }
    stop_ = true;
  }
  wait();
  Job job = execute_(trim(line));
  std::cout.flush();
  if (job) {
    stop_ = false;
    kind_ = job.kind;
    running_ = true;  // no worker runs: no lock needed
    worker_ = std::thread([this, run = std::move(job.run)] {
      run(stop_);
      std::cout.flush();
      const std::lock_guard lock(mutex_);
      running_ = false;
      job_done_.notify_all();
    });
  }
  return true;
}

void Loop::run(std::istream& in) {
  for (std::string line; std::getline(in, line);)
    if (!handle(line)) return;
  finish();
}

void Loop::run(const std::vector<std::string>& commands) {
  for (const std::string& c : commands)
    if (!handle(c)) return;
  finish();
}

void Loop::finish() {
  if (!worker_.joinable()) return;
  if (kind_ == JobKind::Search) stop_ = true;
  // The job's own stop check stays one relaxed load: the watching is done here, a few times
  // a second, which is soon enough for a job nobody reads.
  std::unique_lock lock(mutex_);
  while (!job_done_.wait_for(lock, std::chrono::milliseconds(100), [this] { return !running_; }))
    if (output_gone()) stop_ = true;
  lock.unlock();
  wait();
}

bool Loop::search_running() {
  const std::lock_guard lock(mutex_);
  return running_ && kind_ == JobKind::Search;
}

void Loop::wait() {
  if (worker_.joinable()) worker_.join();
}

// A pipe whose reader closed reports POLLERR to its writer, a terminal hung up POLLHUP; a
// regular file never reports either. No events are asked for: only these come back.
bool Loop::output_gone() const {
  pollfd fd{output_fd_, 0, 0};
  return poll(&fd, 1, 0) == 1 && (fd.revents & (POLLERR | POLLHUP | POLLNVAL));
}

}  // namespace sashite::usi
