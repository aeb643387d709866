// tt/<probe|store>/<layout>-<scheme>: cycles per probe and per store on a 64 MB table, keys
// from a fixed splitmix64 sequence (uniform keys: the schemes differ here only in the index and
// check arithmetic; what the additive key's structure does to them: FINDINGS.md F-key-tt-spread).
// The operations are independent, so the rows show memory-level parallelism, not one miss's
// latency. The table holds the sequence before the clock starts: probes mostly hit.
#include "bench/harness.h"
#include "movegen_full/random_walk.h"
#include "search/tt/layouts.h"

namespace sashite::bench {
namespace {

constexpr size_t kTableMb = 64;
constexpr size_t kKeys = size_t(1) << 20;

const std::vector<Key>& keys() {
  static const std::vector<Key> k = [] {
    std::vector<Key> v(kKeys);
    Rng rng(2026);
    for (Key& x : v) x = rng.next();
    return v;
  }();
  return k;
}

// Store arguments from the key's own bits, so a store row writes the same data every time.
template <class T>
void store_all(T& tt, const std::vector<Key>& ks) {
  for (Key k : ks)
    tt.store(k, Move(k & 0x3fff), Value(int(k >> 20 & 0xfff) - 2048), Bound(1 + (k >> 40) % 3), int(k >> 50 & 31),
             Value(int(k >> 8 & 0x3ff) - 512));
}

template <class T>
void probe(benchmark::State& state) {
  const std::vector<Key>& ks = keys();
  T tt(kTableMb);
  store_all(tt, ks);
  uint64_t hits = 0, sum = 0;
  measure(state, kKeys, [&] {
    TTData d;
    for (Key k : ks) {
      hits += tt.probe(k, d);
      sum += uint64_t(d.lower + d.move);
    }
  });
  benchmark::DoNotOptimize(sum);
  state.counters["hit"] = double(hits) / double(state.iterations() * kKeys);
}

template <class T>
void store(benchmark::State& state) {
  const std::vector<Key>& ks = keys();
  T tt(kTableMb);
  store_all(tt, ks);
  measure(state, kKeys, [&] { store_all(tt, ks); });
  benchmark::DoNotOptimize(tt.hashfull());
}

const bool registered = [] {
  compare_variants("tt", 2, tt_name<ClassicTT<XorKeys>>());  // layouts against classic-xor per operation
  for_each_type<RegisteredTTs>([]<class T>() {               // by type: no table is built before its row runs
    add("tt/probe/" + tt_name<T>(), probe<T>);
    add("tt/store/" + tt_name<T>(), store<T>);
  });
  return true;
}();

}  // namespace
}  // namespace sashite::bench
