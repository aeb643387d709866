#include "engine/usi.h"

#include <poll.h>

#include <charconv>
#include <chrono>
#include <iostream>
#include <algorithm>

#include "engine/position.h"

namespace sashite::usi {

namespace {
// White space as isspace() has it in the C locale, which `is >> word` splits on.
constexpr std::string_view kWhiteSpace = " \t\r\n\v\f";
}  // namespace

std::string_view trim(std::string_view text) {
  const size_t first = text.find_first_not_of(kWhiteSpace);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(kWhiteSpace) - first + 1);
}

std::string_view first_word(std::string_view text) {
  text = trim(text);
  return text.substr(0, text.find_first_of(kWhiteSpace));
}

std::optional<int> parse_int(std::string_view text, int lo, int hi) {
  int v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v < lo || v > hi) return std::nullopt;
  return v;
}

std::string_view next_word(std::string_view& rest) {
  const size_t first = std::min(rest.find_first_not_of(kWhiteSpace), rest.size());
  const size_t end = std::min(rest.find_first_of(kWhiteSpace, first), rest.size());
  const std::string_view word = rest.substr(first, end - first);
  rest.remove_prefix(end);
  return word;
}

PositionCommand parse_position(std::string_view args) {
  PositionCommand c;
  std::string_view word = next_word(args);
  bool has_moves = false;
  if (word == "startpos") {
    c.sfen = Position::kStartSfen;
    word = next_word(args);
    if (!word.empty() && word != "moves") c.error = "expected 'moves' after 'startpos', got " + quoted(word);
    has_moves = word == "moves";
  } else if (word == "sfen") {
    while (!(word = next_word(args)).empty() && !(has_moves = word == "moves")) {
      if (c.sfen.empty() && word == "startpos") {
        c.error = "'startpos' is not an SFEN: write 'position startpos [moves ...]'";
        return c;
      }
      (c.sfen += word) += ' ';
    }
  } else {
    c.error = "expected 'startpos' or 'sfen', got " + quoted(word);
  }
  if (has_moves) c.moves = args;
  return c;
}

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
