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

struct Options {
  std::string kernel;  // a registered kernel's name, or "none"
  uint64_t calls = 0;
  int pieces = kPieces;
};

[[noreturn]] void usage_error() {
  std::cerr << "usage: dirty_count <kernel|none> <calls> [22|40]\nkernels:";
  for (const DirtyKernelEntry& e : dirty_kernel_table()) std::cerr << " " << e.name;
  std::cerr << "\n";
  std::exit(2);
}

Options parse_options(int argc, char** argv) {
  if (argc < 3 || argc > 4) usage_error();
  Options o;
  o.kernel = argv[1];
  char* end = nullptr;
  o.calls = std::strtoull(argv[2], &end, 10);
  if (argc == 4) o.pieces = std::atoi(argv[3]);
  if (*end || (o.pieces != kWordPieces && o.pieces != kPieces)) {
    std::cerr << "dirty_count: bad call count or piece count (22 or 40)\n";
    std::exit(2);
  }
  if (o.kernel != "none" && !find_dirty_kernel(o.kernel)) {
    std::cerr << "dirty_count: no kernel " << o.kernel << "\n";
    std::exit(2);
  }
  return o;
}

int run(const Options& o) {
  DirtyBatch batch;
  for (const std::string& sfen : walk_sample(64, 2026)) batch.add(PositionLine(sfen).pos);

  uint64_t sum = 0;
  bool ran = o.kernel == "none", unavailable = false;
  if (ran) sum = run_loop(batch, o.calls, [](const PieceAttacks&, Square f, Square t) { return uint64_t(f ^ t); });
  for_each_dirty_kernel([&]<class K>() {
    if (o.kernel != K::kName) return;
    if (!K::available()) {
      unavailable = true;
      return;
    }
    ran = true;
    // One loop per piece count, so the kernel inlines as in the benchmark.
    sum =
        o.pieces == kWordPieces
            ? run_loop(batch, o.calls, [](const PieceAttacks& pa, Square f, Square t) { return K::dirty22(pa, f, t); })
            : run_loop(batch, o.calls, [](const PieceAttacks& pa, Square f, Square t) { return dirty40<K>(pa, f, t); });
  });
  if (unavailable) {
    std::cerr << "dirty_count: this CPU cannot run " << o.kernel << "\n";
    return 3;
  }
  std::cout << o.kernel << " calls " << o.calls << " pieces " << o.pieces << " cases " << batch.cases.size()
            << " checksum " << std::hex << sum << "\n";
  return ran ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) { return run(parse_options(argc, argv)); }
