// A child program driven line by line over pipes: a USI engine of a match, our USI program and
// the fairy-stockfish oracle in the tests.
//
// fork/exec, no shell. Every write and read has a deadline, so a child that hangs or dies makes
// the calling test fail with a message (error()) instead of hanging it; the destructor kills and
// reaps whatever is still running.
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace sashite::match {

// The first executable `name` on PATH, else `fallback` if it is executable (Debian puts games in
// /usr/games, which is often not on PATH).
inline std::optional<std::string> find_program(std::string_view name, std::string_view fallback) {
  const char* path = std::getenv("PATH");
  for (std::string_view rest = path ? path : ""; !rest.empty();) {
    const size_t colon = rest.find(':');
    const std::string_view dir = rest.substr(0, colon);
    rest = colon == std::string_view::npos ? "" : rest.substr(colon + 1);
    if (dir.empty()) continue;
    std::string candidate = std::string(dir) + "/" + std::string(name);
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  if (!fallback.empty() && access(std::string(fallback).c_str(), X_OK) == 0) return std::string(fallback);
  return std::nullopt;
}

class ChildProcess {
 public:
  using Ms = std::chrono::milliseconds;
  static constexpr Ms kDefaultTimeout{10'000};

  // Starts argv[0] (a path; PATH is not searched) with the remaining arguments; its stderr goes
  // to `stderr_path` (appended; empty: ours). Throws std::runtime_error naming the program and
  // the reason when it cannot be started.
  explicit ChildProcess(const std::vector<std::string>& argv, const std::string& stderr_path = {}) : name_(argv.at(0)) {
    int err_fd = -1;
    if (!stderr_path.empty() &&
        (err_fd = open(stderr_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644)) < 0)
      throw std::runtime_error("cannot open " + stderr_path + ": " + std::strerror(errno));
    int in[2], out[2], status[2];  // child's stdin, child's stdout, exec failure report
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(status, O_CLOEXEC))
      throw std::runtime_error("pipe: " + std::string(std::strerror(errno)));
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);

    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork: " + std::string(std::strerror(errno)));
    if (pid_ == 0) {  // child: async-signal-safe calls only
      sigset_t none;
      sigemptyset(&none);
      sigprocmask(SIG_SETMASK, &none, nullptr);
      signal(SIGPIPE, SIG_DFL);
      dup2(in[0], STDIN_FILENO);  // dup2 clears O_CLOEXEC on the copy
      dup2(out[1], STDOUT_FILENO);
      if (err_fd >= 0) dup2(err_fd, STDERR_FILENO);
      execv(args[0], args.data());
      const int err = errno;
      (void)!write(status[1], &err, sizeof err);
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(status[1]);
    if (err_fd >= 0) close(err_fd);
    to_child_ = in[1];
    from_child_ = out[0];
    int exec_errno = 0;
    ssize_t n;
    while ((n = read(status[0], &exec_errno, sizeof exec_errno)) < 0 && errno == EINTR) {}
    close(status[0]);
    if (n > 0) {  // exec failed: the pipe carried errno instead of closing on exec
      reap(std::chrono::milliseconds(1000));
      close_fds();
      throw std::runtime_error("cannot start " + name_ + ": " + std::strerror(exec_errno));
    }
    fcntl(to_child_, F_SETFL, O_NONBLOCK);
    fcntl(from_child_, F_SETFL, O_NONBLOCK);
  }

  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  ~ChildProcess() {
    close_fds();
    if (pid_ > 0 && !exit_status_) {
      kill(pid_, SIGKILL);
      int st;
      while (waitpid(pid_, &st, 0) < 0 && errno == EINTR) {}
    }
  }

  const std::string& name() const { return name_; }
  // Why the last send/read/wait failed, with the child's state.
  const std::string& error() const { return error_; }

  // Writes `line` and a newline. While the child's stdin is full its output is drained into the
  // read buffer, so a child that answers a long line with a long line cannot deadlock us.
  bool send(std::string_view line, Ms timeout = kDefaultTimeout) {
    std::string data(line);
    data += '\n';
    const auto deadline = Clock::now() + timeout;
    SigpipeBlocker blocker;  // a dead child's pipe raises SIGPIPE, which would kill the test binary
    for (size_t done = 0; done < data.size();) {
      if (to_child_ < 0) return fail("cannot write to " + name_ + ": its stdin is closed");
      const ssize_t n = write(to_child_, data.data() + done, data.size() - done);
      if (n > 0) {
        done += size_t(n);
        continue;
      }
      if (n < 0 && errno == EPIPE) return fail(name_ + " stopped reading its input (" + state() + ")");
      if (n < 0 && errno != EAGAIN && errno != EINTR) return fail("write to " + name_ + ": " + std::strerror(errno));
      pollfd fds[2] = {{to_child_, POLLOUT, 0}, {from_child_, POLLIN, 0}};
      const int ready = poll(fds, from_child_ < 0 ? 1 : 2, remaining_ms(deadline));
      if (ready == 0)
        return fail("timed out after " + std::to_string(timeout.count()) + " ms writing to " + name_ + " (" + state() +
                    ")");
      if (ready > 0 && fds[1].revents) fill_buffer();
    }
    return true;
  }

  // The next output line without its line terminator; nullopt on timeout or end of output.
  std::optional<std::string> read_line(Ms timeout = kDefaultTimeout) {
    const auto deadline = Clock::now() + timeout;
    for (;;) {
      if (const size_t nl = buffer_.find('\n'); nl != std::string::npos) {
        std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return line;
      }
      if (from_child_ < 0) {
        if (!buffer_.empty()) return std::exchange(buffer_, {});  // last line had no newline
        fail(name_ + " closed its output (" + state() + ")");
        return std::nullopt;
      }
      pollfd fd{from_child_, POLLIN, 0};
      const int ready = poll(&fd, 1, remaining_ms(deadline));
      if (ready == 0) {
        fail("timed out after " + std::to_string(timeout.count()) + " ms waiting for output from " + name_ + " (" +
             state() + ")");
        return std::nullopt;
      }
      if (ready > 0) fill_buffer();
    }
  }

  // The lines up to and including the first for which done(line) holds; nullopt as read_line.
  template <class Done>
  std::optional<std::vector<std::string>> read_until(Done done, Ms timeout = kDefaultTimeout) {
    const auto deadline = Clock::now() + timeout;
    std::vector<std::string> lines;
    while (auto line =
               read_line(std::chrono::duration_cast<Ms>(std::max(deadline - Clock::now(), Clock::duration::zero())))) {
      lines.push_back(std::move(*line));
      if (done(lines.back())) return lines;
    }
    if (!lines.empty())
      error_ += "; it had written " + std::to_string(lines.size()) + " line(s), the last: '" + lines.back() + "'";
    return std::nullopt;
  }

  // End of input for the child, as when a GUI closes the pipe.
  void close_stdin() {
    if (to_child_ >= 0) close(std::exchange(to_child_, -1));
  }

  // Our end of the child's output closed, as when a GUI dies: the child's writes fail.
  void close_output() {
    if (from_child_ >= 0) close(std::exchange(from_child_, -1));
  }

  pid_t pid() const { return pid_; }

  // The child's wait status once it has exited; nullopt if it still runs after `timeout`.
  std::optional<int> wait_exit(Ms timeout = kDefaultTimeout) {
    if (!reap(timeout)) fail(name_ + " did not exit within " + std::to_string(timeout.count()) + " ms");
    return exit_status_;
  }

  // "exited with status 0", "killed by signal 11 (Segmentation fault)" or "still running".
  static std::string describe(int wait_status) {
    if (WIFEXITED(wait_status)) return "exited with status " + std::to_string(WEXITSTATUS(wait_status));
    if (WIFSIGNALED(wait_status))
      return "killed by signal " + std::to_string(WTERMSIG(wait_status)) + " (" + strsignal(WTERMSIG(wait_status)) +
             ")";
    return "wait status " + std::to_string(wait_status);
  }

 private:
  using Clock = std::chrono::steady_clock;

  // Blocks SIGPIPE in this thread for its lifetime and discards one raised meanwhile.
  class SigpipeBlocker {
   public:
    SigpipeBlocker() {
      sigemptyset(&pipe_);
      sigaddset(&pipe_, SIGPIPE);
      pthread_sigmask(SIG_BLOCK, &pipe_, &old_);
      sigset_t pending;
      sigpending(&pending);
      was_pending_ = sigismember(&pending, SIGPIPE);
    }
    ~SigpipeBlocker() {
      if (!was_pending_) {
        const timespec zero{};
        while (sigtimedwait(&pipe_, nullptr, &zero) == SIGPIPE) {}
      }
      pthread_sigmask(SIG_SETMASK, &old_, nullptr);
    }

   private:
    sigset_t pipe_, old_;
    bool was_pending_;
  };

  static int remaining_ms(Clock::time_point deadline) {
    const auto left = std::chrono::ceil<Ms>(deadline - Clock::now()).count();
    return left > 0 ? int(left) : 0;
  }

  bool fail(std::string why) {
    error_ = std::move(why);
    return false;
  }

  // Reads what is available; closes our end at end of output.
  void fill_buffer() {
    char chunk[65536];
    for (;;) {
      const ssize_t n = read(from_child_, chunk, sizeof chunk);
      if (n > 0) {
        buffer_.append(chunk, size_t(n));
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n == 0 || errno != EAGAIN) close(std::exchange(from_child_, -1));
      return;
    }
  }

  bool reap(Ms timeout) {
    const auto deadline = Clock::now() + timeout;
    while (!exit_status_) {
      int st;
      const pid_t r = waitpid(pid_, &st, WNOHANG);
      if (r == pid_)
        exit_status_ = st;
      else if (r < 0 && errno != EINTR)
        break;
      else if (Clock::now() >= deadline)
        break;
      else
        std::this_thread::sleep_for(Ms(2));
    }
    return bool(exit_status_);
  }

  // The child's state for messages; a child that closed its output usually just exited.
  std::string state() {
    reap(Ms(from_child_ < 0 ? 500 : 0));
    return exit_status_ ? describe(*exit_status_) : "still running";
  }

  void close_fds() {
    if (to_child_ >= 0) close(std::exchange(to_child_, -1));
    if (from_child_ >= 0) close(std::exchange(from_child_, -1));
  }

  std::string name_;
  pid_t pid_ = -1;
  int to_child_ = -1, from_child_ = -1;
  std::string buffer_;
  std::string error_;
  std::optional<int> exit_status_;
};

}  // namespace sashite::match
