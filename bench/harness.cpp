#include "bench/harness.h"

#include <algorithm>
#include <chrono>
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
  for (uint64_t i = 0; i < loops; ++i)
    asm volatile(".rept 100\n\taddq %1, %0\n\t.endr" : "+r"(x) : "r"(one));
  const uint64_t t1 = tsc_end();
  benchmark::DoNotOptimize(x);
  return t1 - t0;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

Calibration measure_calibration() {
  // TSC rate against the steady clock over ~20 ms.
  const auto c0 = std::chrono::steady_clock::now();
  const uint64_t t0 = tsc_begin();
  while (std::chrono::steady_clock::now() - c0 < std::chrono::milliseconds(20)) {}
  const uint64_t t1 = tsc_end();
  const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - c0).count();
  std::vector<double> trials;
  time_add_chain(20'000'000);  // lets the core reach its running clock
  for (int i = 0; i < 15; ++i) trials.push_back(add_chain_cycles_per_tick(2'000'000));
  return {double(t1 - t0) / ns, median(trials)};
}

}  // namespace

double add_chain_cycles_per_tick(uint64_t adds) { return double(adds) / double(time_add_chain(adds)); }

const Calibration& calibration() {
  static const Calibration c = measure_calibration();
  return c;
}

void set_counters(benchmark::State& state, uint64_t ticks, uint64_t ops) {
  const Calibration& c = calibration();
  const double n = double(state.iterations()) * double(ops);
  if (n == 0) return;
  const double tsc_per_op = double(ticks) / n;
  state.counters["tsc/op"] = tsc_per_op;
  state.counters["cycles/op"] = tsc_per_op * c.cycles_per_tsc_tick;
  state.counters["ns/op"] = tsc_per_op / c.tsc_ghz;
  state.counters["ops/s"] = benchmark::Counter(n * c.tsc_ghz * 1e9 / double(ticks));
  state.counters["cal"] = c.cycles_per_tsc_tick;
}

namespace {
std::map<std::string, std::string>& baselines() {  // area -> baseline variant
  static std::map<std::string, std::string> m;
  return m;
}
}  // namespace

benchmark::internal::Benchmark* add(const std::string& name, std::function<void(benchmark::State&)> fn,
                                    bool baseline) {
  const auto a = name.find('/'), v = name.find('/', a + 1);
  const std::string area = name.substr(0, a), variant = name.substr(a + 1, v - a - 1);
  if (baseline || !baselines().count(area)) baselines()[area] = variant;
  return benchmark::RegisterBenchmark(name.c_str(), [fn](benchmark::State& s) { fn(s); });
}

std::string all_baselines() {
  std::string out;
  for (const auto& [area, variant] : baselines()) out += (out.empty() ? "" : ";") + area + "=" + variant;
  return out;
}

std::string baseline_of(const std::string& area) {
  auto it = baselines().find(area);
  return it == baselines().end() ? std::string() : it->second;
}

}  // namespace sashite::bench
