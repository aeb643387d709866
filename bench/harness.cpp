#include "bench/harness.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <vector>

namespace sashite::bench {
namespace {

// `adds` dependent adds, unrolled by 100 so the loop's own counter and branch run in the
// shadow of the chain (they are independent of it).
uint64_t time_add_chain(uint64_t adds) {
  uint64_t x = 0, one = 1;
  const uint64_t loops = adds / 100;
  const uint64_t t0 = tsc_begin();
  for (uint64_t i = 0; i < loops; ++i) asm volatile(".rept 100\n\taddq %1, %0\n\t.endr" : "+r"(x) : "r"(one));
  const uint64_t t1 = tsc_end();
  benchmark::DoNotOptimize(x);
  return t1 - t0;
}

template <class T>
T median(std::vector<T> v) {
  std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
  return v[v.size() / 2];
}

}  // namespace

double add_chain_cycles_per_tick(uint64_t adds) { return double(adds) / double(time_add_chain(adds)); }

// Five trials of 200k adds (~55 us each at 3.7 GHz), 0.5 ms apart: the median drops a trial that
// an interrupt or a preemption stretched, and the spacing keeps one slow stretch of the core
// (unrelated to preemptions; see set_counters) from covering three of them, as it could cover
// five back-to-back trials.
double cycles_per_tick_now() {
  const uint64_t spacing = uint64_t(tsc_ghz() * 500'000);
  std::vector<double> trials;
  for (int i = 0; i < 5; ++i) {
    if (i > 0)
      for (const uint64_t t0 = tsc_begin(); tsc_begin() - t0 < spacing;) _mm_pause();
    trials.push_back(add_chain_cycles_per_tick(200'000));
  }
  return median(trials);
}

double tsc_ghz() {
  static const double ghz = [] {
    const auto c0 = std::chrono::steady_clock::now();
    const uint64_t t0 = tsc_begin();
    while (std::chrono::steady_clock::now() - c0 < std::chrono::milliseconds(20)) {}
    const uint64_t t1 = tsc_end();
    const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - c0).count();
    return double(t1 - t0) / ns;
  }();
  return ghz;
}

uint64_t empty_region_ticks() {
  static const uint64_t ticks = [] {
    std::vector<uint64_t> v;
    for (int i = 0; i < 1001; ++i) {
      const uint64_t t0 = tsc_begin();
      v.push_back(tsc_end() - t0);
    }
    return median(v);
  }();
  return ticks;
}

namespace {
// Measured by add()'s wrapper just before the benchmark function runs; benchmarks run one at a
// time on the main thread.
double cal_before_run = 0;
}  // namespace

// The threshold, kCalibrationGap = 5 %: above the clock's own drift over a loop and below the
// collapses, where a disturbance slowed the add chain, not the loop (FINDINGS.md F-calibration).
// The cause: stretches where the core runs slower for up to ~1 ms, not after preemptions (the
// trials right after one run at full speed). Back-to-back trials could sit inside one stretch,
// which the timed loop, hundreds of times longer, averages away. Hence the spaced trials, and the
// second calibration to catch what still gets through.
namespace {
void fill_counters(benchmark::State& state, uint64_t ticks, uint64_t ops, double before, double after) {
  const double gap = std::abs(after / before - 1);
  const bool rejected = gap > kCalibrationGap;
  // Agreeing: the mean brackets the clock's drift over the loop. Disagreeing: a disturbance only
  // ever slows an add chain, so the higher factor is the less disturbed one (and the row is flagged).
  const double cal = rejected ? std::max(before, after) : (before + after) / 2;
  state.counters["cal_before"] = before;
  state.counters["cal_after"] = after;
  state.counters["cal_gap"] = gap;
  state.counters["cal_rejected"] = rejected;
  const double n = double(state.iterations()) * double(ops);
  if (n == 0 || ticks == 0) return;
  const double tsc_per_op = double(ticks) / n;
  state.counters["tsc/op"] = tsc_per_op;
  state.counters["cycles/op"] = tsc_per_op * cal;
  state.counters["ns/op"] = tsc_per_op / tsc_ghz();
  state.counters["ops/s"] = n * tsc_ghz() * 1e9 / double(ticks);
  state.counters["cal"] = cal;
}
}  // namespace

void set_counters(benchmark::State& state, uint64_t ticks, uint64_t ops) {
  const double after = cycles_per_tick_now();
  fill_counters(state, ticks, ops, cal_before_run > 0 ? cal_before_run : after, after);
}

void set_counters(benchmark::State& state, uint64_t ticks, uint64_t ops, double before, double after) {
  // The ticks were timed apart from this run's own loop: its wall and CPU times say nothing of them.
  state.counters["timed_apart"] = 1;
  fill_counters(state, ticks, ops, before, after);
}

namespace {

struct Comparison {
  int component = 1;
  std::string baseline;
  std::string row;  // compare_with_row: every row divides by this one
};

struct Registered {
  std::string name;
  std::function<void(benchmark::State&)> fn;
  bool once;
};

std::vector<Registered>& registered() {
  static std::vector<Registered> v;
  return v;
}

std::map<std::string, std::function<void(benchmark::State&)>>& aa_function_of() {  // by baseline name
  static std::map<std::string, std::function<void(benchmark::State&)>> m;
  return m;
}

std::map<std::string, Comparison>& comparison_of() {  // by area
  static std::map<std::string, Comparison> m;
  return m;
}

std::vector<std::string> split(const std::string& name) {
  std::vector<std::string> parts;
  for (size_t b = 0, e;; b = e + 1) {
    e = name.find('/', b);
    parts.push_back(name.substr(b, e - b));
    if (e == std::string::npos) return parts;
  }
}

std::string join(const std::vector<std::string>& parts) {
  std::string s;
  for (const std::string& p : parts) s += (s.empty() ? "" : "/") + p;
  return s;
}

double min_of(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }
double max_of(const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); }

}  // namespace

namespace {

benchmark::internal::Benchmark* register_row(const std::string& name, std::function<void(benchmark::State&)> fn) {
  return benchmark::RegisterBenchmark(name.c_str(),
                                      [fn](benchmark::State& s) {
                                        cal_before_run = cycles_per_tick_now();
                                        fn(s);
                                      })
      ->ComputeStatistics("min", min_of)
      ->ComputeStatistics("max", max_of);
}

benchmark::internal::Benchmark* once(benchmark::internal::Benchmark* b) {
  return b->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();
}

benchmark::internal::Benchmark* add_row(const std::string& name, std::function<void(benchmark::State&)> fn,
                                        bool baseline, bool is_once) {
  const std::vector<std::string> parts = split(name);
  const auto [it, first] = comparison_of().try_emplace(parts[0]);
  Comparison& c = it->second;
  if ((first || baseline) && c.component < int(parts.size())) c.baseline = parts[size_t(c.component)];
  registered().push_back({name, fn, is_once});
  benchmark::internal::Benchmark* b = register_row(name, std::move(fn));
  return is_once ? once(b) : b;
}

}  // namespace

benchmark::internal::Benchmark* add(const std::string& name, std::function<void(benchmark::State&)> fn, bool baseline) {
  return add_row(name, std::move(fn), baseline, false);
}

benchmark::internal::Benchmark* add_once(const std::string& name, std::function<void(benchmark::State&)> fn,
                                         bool baseline) {
  return add_row(name, std::move(fn), baseline, true);
}

void add_aa_rows() {
  std::map<std::string, int> variants_per_case;  // baseline name -> rows comparing with it
  for (const Registered& r : registered())
    if (const std::string base = baseline_name(r.name); !base.empty()) ++variants_per_case[base];
  for (const Registered& r : registered()) {
    if (baseline_name(r.name) != r.name || variants_per_case[r.name] < 2) continue;
    std::vector<std::string> parts = split(r.name);
    parts[size_t(comparison_of()[parts[0]].component)] = kAaVariant;
    const auto own = aa_function_of().find(r.name);
    // Not recorded: not a contender.
    benchmark::internal::Benchmark* b = register_row(join(parts), own != aa_function_of().end() ? own->second : r.fn);
    if (r.once) once(b);
  }
}

void set_aa_function(const std::string& name, std::function<void(benchmark::State&)> fn) {
  aa_function_of()[name] = std::move(fn);
}

void compare_variants(const std::string& area, int component, const std::string& baseline) {
  comparison_of()[area] = {component, baseline, ""};
}

std::string baseline_name(const std::string& name) {
  std::vector<std::string> parts = split(name);
  const auto it = comparison_of().find(parts[0]);
  if (it != comparison_of().end() && !it->second.row.empty()) return it->second.row;
  if (it == comparison_of().end() || it->second.component >= int(parts.size())) return "";
  parts[size_t(it->second.component)] = it->second.baseline;
  return join(parts);
}

void compare_with_row(const std::string& area, const std::string& row) {
  const std::vector<std::string> parts = split(row);
  comparison_of()[area] = {1, parts.size() > 1 ? parts[1] : "", row};
}

std::string comparison_rows() {
  std::string out;
  for (const auto& [area, c] : comparison_of())
    if (!c.row.empty()) out += (out.empty() ? "" : ";") + area + "=" + c.row;
  return out;
}

std::map<std::string, std::string>& alias_of() {  // by area
  static std::map<std::string, std::string> m;
  return m;
}

void same_as_baseline(const std::string& area, const std::string& variant) { alias_of()[area] = variant; }

std::string aliases_of_baselines() {
  std::string out;
  for (const auto& [area, variant] : alias_of()) out += (out.empty() ? "" : ";") + area + "=" + variant;
  return out;
}

std::string comparisons() {
  std::string out;
  for (const auto& [area, c] : comparison_of())
    out += (out.empty() ? "" : ";") + area + "=" + c.baseline + "@" + std::to_string(c.component);
  return out;
}

}  // namespace sashite::bench
