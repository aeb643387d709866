// dirty_flags/<kernel>/<case>: cycles per dirty-mask call (seed 003, dbb/kernels.h), over every
// legal move of a position set; <case> = set + piece count (22: the attack-word pieces only,
// 40: plus the pawn table). dirty_flags/do_move/<case>: a whole do_move + undo_move on the same
// moves, the yardstick for a kernel's share of making a move.
#include "bench/harness.h"
#include "bench/positions.h"
#include "dbb/dirty_batch.h"
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
      {"start", {std::string(reference_sfen("start"))}},
      {"midgame", walk_sample(64, 2026)},
      {"matsuri", {std::string(reference_sfen("matsuri"))}},
  };
  return sets;
}

struct Case {
  const PositionSet* set;
  int pieces;
};
std::string case_name(const Case& c) { return c.set->name + std::to_string(c.pieces); }

DirtyBatch make_batch(const PositionSet& set) {
  DirtyBatch b;
  for (const auto& p : load(set.sfens)) b.add(p->pos);
  b.repeat_to(kMinCalls);
  return b;
}

template <DirtyKernel K, int Pieces>
void dirty_flags(benchmark::State& state, const PositionSet* set) {
  const DirtyBatch batch = make_batch(*set);
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

void do_undo(benchmark::State& state, const PositionSet* set) {
  auto positions = load(set->sfens);
  DirtyBatch batch;
  for (const auto& p : positions) batch.add(p->pos);
  batch.repeat_to(kMinCalls);
  StateInfo st;
  measure(state, batch.cases.size(), [&] {
    for (const DirtyCase& c : batch.cases) {
      Position& pos = positions[c.position]->pos;
      pos.do_move(c.move, st);
      pos.undo_move(c.move);
    }
    benchmark::ClobberMemory();
  });
}

const std::vector<Case> kCases = {{&position_sets()[0], 40},
                                  {&position_sets()[1], 22},
                                  {&position_sets()[1], 40},
                                  {&position_sets()[2], 40}};

const bool registered = [] {
  for_each_dirty_kernel([]<class K>() {  // naive first: the area's baseline
    if (!K::available()) return;
    for (const Case& c : kCases)
      add(std::string("dirty_flags/") + K::kName + "/" + case_name(c),
          [c](benchmark::State& s) {
            c.pieces == kWordPieces ? dirty_flags<K, kWordPieces>(s, c.set) : dirty_flags<K, kPieces>(s, c.set);
          })
          ->MinTime(0.1);
  });
  for (const Case& c : kCases)
    add("dirty_flags/do_move/" + case_name(c), [c](benchmark::State& s) { do_undo(s, c.set); })->MinTime(0.1);
  return true;
}();

}  // namespace
}  // namespace sashite::bench
