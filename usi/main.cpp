// The USI program `sashite` (usi/usi_engine.h) on usi/loop.h's loop. Reads commands from
// standard input, or from its arguments (one command per argument, then exits).
#include <signal.h>
#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "usi/usi_engine.h"

int main(int argc, char* argv[]) {
  std::ios::sync_with_stdio(false);
  // std::cin is tied to std::cout: every read would flush std::cout from this thread while a
  // job's thread writes to it, a data race that printed a perft's output twice (the
  // loop flushes after each command itself; jobs flush their own output).
  std::cin.tie(nullptr);
  // Output to a reader that left fails instead of killing the program: the loop notices that
  // reader's absence and stops a perft that nobody can read (usi/loop.h).
  signal(SIGPIPE, SIG_IGN);
  sashite::UsiEngine engine(std::cout);
  // ponderhit goes to the engine at once: a pondering search waits for it (or `stop`), so
  // queueing it behind that search would hang the program.
  sashite::usi::Loop loop([&engine](std::string_view line) { return engine.execute(line); }, STDOUT_FILENO,
                          [&engine] { engine.ponderhit(); });
  if (argc > 1)
    loop.run(std::vector<std::string>(argv + 1, argv + argc));
  else
    loop.run(std::cin);
  return 0;
}
