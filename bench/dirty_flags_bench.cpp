// dirty_flags/<kernel>/<set>/<pieces>: cycles per dirty-mask call (dbb/kernels.h; LS3600, differential generation
// (2009)), over every legal move of a position set, as a stream of independent calls. Sets: `walk` (64 positions from
// seeded random walks, bench/positions.h), `start` and `matsuri` (movegen_full/reference.h). Pieces: 22 = the
// attack-word pieces only, 40 = plus the pawn table. The cost of a whole do_move, for the kernel's share of it, is
// do_move/... (do_move_bench.cpp).
#include "bench/harness.h"
#include "bench/positions.h"
#include "tools/study/dirty_batch.h"
#include "dbb/kernels.h"

namespace sashite::bench {
namespace {

using namespace dbb;

constexpr size_t kMinCalls = 4096;

struct PositionSet {
  const char* name;
  std::vector<std::string> sfens;
};

const std::vector<PositionSet>& position_sets() {
  static const std::vector<PositionSet> sets = {
      {"walk", walk_sample(64, 2026)},
      {"start", {std::string(reference_sfen("start"))}},
      {"matsuri", {std::string(reference_sfen("matsuri"))}},
  };
  return sets;
}

struct Case {
  const PositionSet* set;
  int pieces;
};

template <DirtyKernel K, int Pieces>
void dirty_flags(benchmark::State& state, const PositionSet* set) {
  DirtyBatch batch;
  for (const auto& p : load(set->sfens)) batch.add(p->pos);
  batch.repeat_to(kMinCalls);
  const DirtyCase& first = batch.cases.front();  // untimed first call: a JIT kernel is generated here
  benchmark::DoNotOptimize(dirty40<K>(*first.attacks, first.from, first.to));
  measure(state, batch.cases.size(), [&] {
    uint64_t acc = 0;
    for (const DirtyCase& c : batch.cases) {
      if constexpr (Pieces == kWordPieces)
        acc ^= K::dirty22(*c.attacks, c.from, c.to);
      else
        acc ^= dirty40<K>(*c.attacks, c.from, c.to);
    }
    benchmark::DoNotOptimize(acc);
  });
}

const bool registered = [] {
  const std::vector<Case> cases = {{&position_sets()[0], kWordPieces},
                                   {&position_sets()[0], kPieces},
                                   {&position_sets()[1], kPieces},
                                   {&position_sets()[2], kPieces}};
  for_each_dirty_kernel([&]<class K>() {  // naive first: the area's baseline
    if (!K::available()) return;
    for (const Case& c : cases)
      add(std::string("dirty_flags/") + K::kName + "/" + c.set->name + "/" + std::to_string(c.pieces),
          [c](benchmark::State& s) {
            c.pieces == kWordPieces ? dirty_flags<K, kWordPieces>(s, c.set) : dirty_flags<K, kPieces>(s, c.set);
          });
  });
  return true;
}();

}  // namespace
}  // namespace sashite::bench
