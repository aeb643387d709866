// The benchmark harness: TSC timing converted to core cycles by a calibration measured in the
// same run, and registration by "area/variant/case" names.
//
// The TSC is NOT a core-cycle counter here: it ticks at a constant rate (2.096 or 2.596 GHz
// on the machines seen so far, measured at start-up) while the core runs ~3.5-3.85 GHz, and
// there is no PMU (SPEC.md §5).
// Core cycles are therefore TSC ticks times a factor measured with a dependent chain of
// 1-cycle `add` instructions: (adds executed) / (TSC ticks taken).
#pragma once

#include <benchmark/benchmark.h>
#include <x86intrin.h>

#include <cstdint>
#include <functional>
#include <string>

namespace sashite::bench {

struct Calibration {
  double tsc_ghz;              // TSC ticks per nanosecond, against the steady clock
  double cycles_per_tsc_tick;  // core cycles per TSC tick, from the add chain
};

// Measured once per process, on first use (median of repeated short trials).
const Calibration& calibration();
// Core cycles per TSC tick from one trial of `adds` dependent adds (used by the calibration
// benchmark so that its drift over the run is visible).
double add_chain_cycles_per_tick(uint64_t adds);

inline uint64_t tsc_begin() {
  _mm_lfence();  // earlier instructions retire before the read
  return __rdtsc();
}
inline uint64_t tsc_end() {
  unsigned aux;
  const uint64_t t = __rdtscp(&aux);  // waits for the timed code to finish
  _mm_lfence();
  return t;
}

// Sets ns/op, tsc/op, cycles/op and the calibration factor; `ops` operations per iteration.
void set_counters(benchmark::State& state, uint64_t tsc_ticks, uint64_t ops_per_iteration);

// Times `body` once per benchmark iteration; `body` performs `ops` operations.
template <class F>
void measure(benchmark::State& state, uint64_t ops, F&& body) {
  uint64_t ticks = 0;
  for (auto _ : state) {
    const uint64_t t0 = tsc_begin();
    body();
    ticks += tsc_end() - t0;
  }
  set_counters(state, ticks, ops);
}

// Registers "area/variant/case". The first variant registered in an area is its baseline
// for the ratio column, unless another one says baseline = true.
benchmark::internal::Benchmark* add(const std::string& name, std::function<void(benchmark::State&)> fn,
                                    bool baseline = false);

}  // namespace sashite::bench
