// The benchmark harness: TSC timing converted to core cycles by a calibration measured around
// each benchmark run, and registration by "area/variant/case" names.
//
// The TSC is NOT a core-cycle counter here: it ticks at a constant rate (2.096 or 2.596 GHz
// on the machines seen so far, measured at start-up) while the core runs ~3.5-3.85 GHz, and
// there is no PMU (README Measurement conditions). Core cycles are therefore TSC ticks times a factor measured
// with a dependent chain of 1-cycle `add` instructions, (adds executed) / (TSC ticks taken).
// The core clock drifts over a run of minutes, so every run measures its own factor right
// before and right after its timed loop and converts its own ticks with their mean. A
// repetition whose two factors disagree by more than kCalibrationGap is flagged (counter
// cal_rejected) and left out of report.py's medians: see harness.cpp for the data behind it.
#pragma once

#include <benchmark/benchmark.h>
#include <x86intrin.h>

#include <cstdint>
#include <functional>
#include <string>

// A function whose loops stay scalar on purpose (one call at a time, as the engine makes them):
// GCC's optimize attribute, and for Clang, which has no such attribute (-Wunknown-attributes),
// SASHITE_SCALAR_LOOP before each loop.
#if defined(__clang__)
#define SASHITE_NO_VECTORIZE
#define SASHITE_SCALAR_LOOP _Pragma("clang loop vectorize(disable) interleave(disable)")
#else
#define SASHITE_NO_VECTORIZE optimize("no-tree-vectorize")
#define SASHITE_SCALAR_LOOP
#endif

namespace sashite::bench {

// TSC ticks per nanosecond against the steady clock, measured once per process.
double tsc_ghz();
// Core cycles per TSC tick now: the median of a few short add-chain trials.
double cycles_per_tick_now();
// Largest relative difference between a run's calibrations before and after its timed loop
// that still counts as the clock's own drift.
inline constexpr double kCalibrationGap = 0.05;
// Core cycles per TSC tick from one trial of `adds` dependent adds.
double add_chain_cycles_per_tick(uint64_t adds);
// Ticks of an empty tsc_begin/tsc_end pair (median), measured once per process.
uint64_t empty_region_ticks();

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

// Ticks of one fenced region around f(), less the empty region's own ticks: for timing loops
// that open many regions (e.g. do_move paths whose undo must stay outside the clock).
template <class F>
uint64_t time_region(F&& f) {
  const uint64_t t0 = tsc_begin();
  f();
  const uint64_t t = tsc_end() - t0, empty = empty_region_ticks();
  return t > empty ? t - empty : 0;
}

// Call right after the timed loop: measures the calibration after it, pairs it with the one
// add() measured before the benchmark function started, and sets the run's counters tsc/op,
// cycles/op = tsc/op x cal, ns/op, ops/s, cal, cal_before, cal_after, cal_gap, cal_rejected.
void set_counters(benchmark::State& state, uint64_t tsc_ticks, uint64_t ops_per_iteration);
// The same for ticks timed outside this benchmark run (an area that times its rows together),
// with the calibrations measured around that timing; sets the counter timed_apart, so that
// report.py does not read the run's own wall and CPU times as the ticks' conditions.
void set_counters(benchmark::State& state, uint64_t tsc_ticks, uint64_t ops_per_iteration, double cal_before,
                  double cal_after);

// Runs the benchmark loop with `timed()` as one iteration: it performs `ops` operations and
// returns the TSC ticks it chose to time.
template <class F>
void measure_ticks(benchmark::State& state, uint64_t ops, F&& timed) {
  uint64_t ticks = 0;
  for (auto _ : state) ticks += timed();
  set_counters(state, ticks, ops);
}

// Times `body` once per benchmark iteration; `body` performs `ops` operations.
template <class F>
void measure(benchmark::State& state, uint64_t ops, F&& body) {
  measure_ticks(state, ops, [&] {
    const uint64_t t0 = tsc_begin();
    body();
    return tsc_end() - t0;
  });
}

// Registers "area/variant/case" (the case may have several components: dirty_flags/cpp/walk/22).
// Every benchmark also reports min and max over its repetitions. `baseline` makes this name's
// variant its area's baseline (by default the first variant registered in the area).
benchmark::internal::Benchmark* add(const std::string& name, std::function<void(benchmark::State&)> fn,
                                    bool baseline = false);
// add() for a benchmark whose one iteration is long (a whole perft): one iteration per
// repetition, milliseconds of real time.
benchmark::internal::Benchmark* add_once(const std::string& name, std::function<void(benchmark::State&)> fn,
                                         bool baseline = false);

// The variant name of A/A rows: the baseline registered a second time, so that its ratio to
// the baseline shows the noise floor of the area's ratios.
inline constexpr const char* kAaVariant = "aa";
// Registers an A/A row for every baseline row whose case has a contender (another variant in
// the same case). Call once, after every area has registered, before running: baselines are
// only final then (an area's baseline may be declared after its first rows).
void add_aa_rows();
// The A/A row of baseline row `name` runs `fn` instead of the baseline's own function: for an
// area whose rows share their timing, where the A/A must be a second instance, not the first read twice.
void set_aa_function(const std::string& name, std::function<void(benchmark::State&)> fn);

// The ratio column divides each row by its baseline row: the same name with the area's
// baseline variant in the area's variant component. That component is 1 (area/VARIANT/case)
// unless an area lays its names out otherwise and says so here, e.g.
// compare_variants("hand_superior", 2, "by_field") for hand_superior/<layout>/<METHOD>.
void compare_variants(const std::string& area, int component, const std::string& baseline);
// Every row of `area` divides by the one row `row` instead (whatever its other components): for
// an area whose rows each change one of several axes of a default configuration. The A/A row
// is still `row` with its variant component (1) set to kAaVariant.
void compare_with_row(const std::string& area, const std::string& row);
// The baseline row of `name` (itself for a baseline row), or "" when its area has none.
std::string baseline_name(const std::string& name);
// Every area's comparison, "area=baseline@component;...", for the run context (report.py), and
// the areas compared with one row, "area=row;...".
std::string comparisons();
std::string comparison_rows();
// Declares that `variant` runs the very configuration of `area`'s baseline under another name
// (perft/padded32-xor is perft/full: the default hand, xor keys), so report.py shows its ratios
// as the A/A comparisons they are. aliases_of_baselines(): "area=variant;..." for the context.
void same_as_baseline(const std::string& area, const std::string& variant);
std::string aliases_of_baselines();

}  // namespace sashite::bench
