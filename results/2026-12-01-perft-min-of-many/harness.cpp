// Perft of the full generator's library, timed in-process: the minimum over REPS repetitions.
// Short perfts (start d4 about 2.5 ms, matsuri d3 about 5 ms on a Zen 3) repeated a few hundred
// times give a minimum that holds within about 1 % from process to process on a host whose
// whole-perft rounds spread by 1.4x. Built by mk.sh against the object files of one build.
//   harness start|matsuri DEPTH REPS
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "movegen_full/perft.h"

using namespace sashite;

int main(int argc, char** argv) {
  const bool start = argc < 2 || std::strcmp(argv[1], "start") == 0;
  const int depth = argc > 2 ? std::atoi(argv[2]) : 4;
  const int reps = argc > 3 ? std::atoi(argv[3]) : 1;
  const char* sfen = start ? "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
                           : "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
  Position pos;
  StateInfo si;
  if (auto error = pos.set(sfen, &si)) {
    std::fprintf(stderr, "%s\n", error->c_str());
    return 1;
  }
  double best = 1e18;
  uint64_t nodes = 0;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    nodes = perft(pos, depth);
    best = std::min(best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::printf("%s d%d %llu %.3f ms\n", start ? "start" : "matsuri", depth, (unsigned long long)nodes, best);
}
