// libFuzzer target: any bytes as lines of USI commands, run in-process through the engine of
// the `sashite` program (usi/usi_engine.h) as its loop (usi/loop.h) would run them:
// `stop` and `quit` by their first word, `go` jobs on a thread stopped after a few
// milliseconds. Besides crashes and undefined behaviour, the output must stay printable text
// (only '\n' among the control bytes: no input byte echoed raw) and each bad command must
// answer exactly one error line.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>

#include "usi/loop.h"
#include "engine/usi_text.h"
#include "fuzz_check.h"
#include "usi/usi_engine.h"

namespace {

// Runs a job the way the loop's worker does, then stops it if it has not ended within 20 ms
// (a fuzzed "go perft 20" would run for days).
void run_briefly(const sashite::usi::Job& job) {
  std::atomic<bool> stop{false};
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  std::thread worker([&] {
    job.run(stop);
    const std::lock_guard lock(m);
    done = true;
    cv.notify_one();
  });
  {
    std::unique_lock lock(m);
    if (!cv.wait_for(lock, std::chrono::milliseconds(20), [&] { return done; })) stop = true;
  }
  worker.join();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace sashite;
  std::ostringstream out;
  UsiEngine engine(out);
  std::istringstream in{std::string(reinterpret_cast<const char*>(data), size)};
  for (std::string line; std::getline(in, line);) {
    const std::string_view word = usi::first_word(line);
    if (word.empty() || word == "stop") continue;
    if (word == "quit") break;
    out.str({});
    const usi::Job job = engine.execute(usi::trim(line));
    if (job) run_briefly(job);
    const std::string answer = out.str();
    for (const char ch : answer)
      fuzz::require(ch == '\n' || (uint8_t(ch) >= 0x20 && uint8_t(ch) != 0x7f), "raw control byte in output", answer);
    // Lines that start as error lines (a quoted input may hold the same words further in).
    size_t errors = answer.starts_with("info string error: ");
    for (size_t at = 0; (at = answer.find("\ninfo string error: ", at)) != std::string::npos; ++at) ++errors;
    fuzz::require(errors <= 1, "more than one error line for one command", answer);
    // The game history ends in the position in force.
    fuzz::require(engine.history().keys.size() == engine.history().gave_check.size(), "history lengths");
  }
  return 0;
}
