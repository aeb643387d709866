// dirty_count <kernel|none> <calls> [22|40]: runs `calls` dirty-flag kernel calls over the
// benchmark's walk inputs (movegen_full/random_walk.h walk_sample(64, 2026), every legal move), so
// that valgrind --tool=callgrind counts instructions per call: the difference between two
// runs with N and 2N calls, over N, cancels the set-up. "none" runs the same loop without a
// kernel (loop overhead). Prints a checksum of the masks (equal for every correct kernel).
// Run it on a -DSASHITE_PORTABLE=ON build: valgrind cannot decode AVX-512.
#include <cstdlib>
#include <iostream>
#include <string>

#include "tools/study/dirty_batch.h"
#include "dbb/kernels.h"
#include "movegen_full/random_walk.h"

using namespace sashite;
using namespace sashite::dbb;

namespace {

template <class Fn>
uint64_t run_loop(const DirtyBatch& batch, uint64_t calls, Fn&& fn) {
  uint64_t acc = 0;
  const size_t n = batch.cases.size();
  size_t i = 0;
  for (uint64_t c = 0; c < calls; ++c) {
    const DirtyCase& k = batch.cases[i];
    acc ^= fn(*k.attacks, k.from, k.to);
    if (++i == n) i = 0;
  }
  return acc;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 4) {
    std::cerr << "usage: dirty_count <kernel|none> <calls> [22|40]\nkernels:";
    for (const DirtyKernelEntry& e : dirty_kernel_table()) std::cerr << " " << e.name;
    std::cerr << "\n";
    return 2;
  }
  const std::string kernel = argv[1];
  char* end = nullptr;
  const uint64_t calls = std::strtoull(argv[2], &end, 10);
  const int pieces = argc == 4 ? std::atoi(argv[3]) : kPieces;
  if (*end || (pieces != kWordPieces && pieces != kPieces)) {
    std::cerr << "dirty_count: bad call count or piece count (22 or 40)\n";
    return 2;
  }
  if (kernel != "none" && !find_dirty_kernel(kernel)) {
    std::cerr << "dirty_count: no kernel " << kernel << "\n";
    return 2;
  }
  DirtyBatch batch;
  for (const std::string& sfen : walk_sample(64, 2026)) batch.add(Game(sfen).pos);

  uint64_t sum = 0;
  bool ran = kernel == "none";
  if (ran) sum = run_loop(batch, calls, [](const PieceAttacks&, Square f, Square t) { return uint64_t(f ^ t); });
  for_each_dirty_kernel([&]<class K>() {
    if (kernel != K::kName) return;
    if (!K::available()) {
      std::cerr << "dirty_count: this CPU cannot run " << kernel << "\n";
      std::exit(3);
    }
    ran = true;
    // One loop per piece count, so the kernel inlines as in the benchmark.
    sum = pieces == kWordPieces
              ? run_loop(batch, calls, [](const PieceAttacks& pa, Square f, Square t) { return K::dirty22(pa, f, t); })
              : run_loop(batch, calls, [](const PieceAttacks& pa, Square f, Square t) { return dirty40<K>(pa, f, t); });
  });
  std::cout << kernel << " calls " << calls << " pieces " << pieces << " cases " << batch.cases.size()
            << " checksum " << std::hex << sum << "\n";
  return ran ? 0 : 1;
}
