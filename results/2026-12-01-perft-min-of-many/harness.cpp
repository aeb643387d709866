// Perft of the full generator's library, timed in-process: the minimum over REPS repetitions.
// Short perfts (start d4 about 2.5 ms, matsuri d3 about 5 ms on a Zen 3) repeated a few hundred
// times give a minimum that holds within about 1 % from process to process on a host whose
// whole-perft rounds spread by 1.4x. Built by mk.sh against the object files of one build.
//   harness NAME DEPTH REPS     (NAME: a position of movegen_full/reference.h)
// Exits non-zero when the count differs from the published one.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "movegen_full/perft.h"
#include "movegen_full/reference.h"

using namespace sashite;

int main(int argc, char** argv) {
  const std::string name = argc > 1 ? argv[1] : "start";
  const int depth = std::clamp(argc > 2 ? std::atoi(argv[2]) : 4, 1, 7);
  const int reps = std::max(argc > 3 ? std::atoi(argv[3]) : 1, 1);
  const auto* ref = std::find_if(std::begin(kReferencePositions), std::end(kReferencePositions),
                                 [&](const ReferencePosition& r) { return r.name == name; });
  if (ref == std::end(kReferencePositions)) return std::fprintf(stderr, "no reference position %s\n", name.c_str()), 2;
  Position pos;
  StateInfo si;
  if (auto error = pos.set(ref->sfen, &si)) return std::fprintf(stderr, "%s\n", error->c_str()), 2;
  double best = 1e18;
  uint64_t nodes = 0;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    nodes = perft(pos, depth);
    best = std::min(best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::printf("%s d%d %llu %.3f ms\n", name.c_str(), depth, (unsigned long long)nodes, best);
  if (ref->perft[depth] && nodes != ref->perft[depth]) return std::fprintf(stderr, "wrong count\n"), 1;
}
