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

template <class T>
T median(std::vector<T> v) {
  std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end());
  return v[v.size() / 2];
}

}  // namespace

double add_chain_cycles_per_tick(uint64_t adds) { return double(adds) / double(time_add_chain(adds)); }

// Five trials of 200k adds (~60 us each at 3.5 GHz): the median drops a trial that an
// interrupt or the other tenant of the core stretched.
double cycles_per_tick_now() {
  std::vector<double> trials;
  for (int i = 0; i < 5; ++i) trials.push_back(add_chain_cycles_per_tick(200'000));
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

void set_counters(benchmark::State& state, uint64_t ticks, uint64_t ops) {
  const double cal = cycles_per_tick_now();
  const double n = double(state.iterations()) * double(ops);
  if (n == 0 || ticks == 0) return;
  const double tsc_per_op = double(ticks) / n;
  state.counters["tsc/op"] = tsc_per_op;
  state.counters["cycles/op"] = tsc_per_op * cal;
  state.counters["ns/op"] = tsc_per_op / tsc_ghz();
  state.counters["ops/s"] = n * tsc_ghz() * 1e9 / double(ticks);
  state.counters["cal"] = cal;
}

namespace {

struct Comparison {
  int component = 1;
  std::string baseline;
};

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

benchmark::internal::Benchmark* add(const std::string& name, std::function<void(benchmark::State&)> fn,
                                    bool baseline) {
  const std::vector<std::string> parts = split(name);
  const auto [it, first] = comparison_of().try_emplace(parts[0]);
  Comparison& c = it->second;
  if ((first || baseline) && c.component < int(parts.size())) c.baseline = parts[size_t(c.component)];
  return benchmark::RegisterBenchmark(name.c_str(), [fn](benchmark::State& s) { fn(s); })
      ->ComputeStatistics("min", min_of)
      ->ComputeStatistics("max", max_of);
}

void compare_variants(const std::string& area, int component, const std::string& baseline) {
  comparison_of()[area] = {component, baseline};
}

std::string baseline_name(const std::string& name) {
  std::vector<std::string> parts = split(name);
  const auto it = comparison_of().find(parts[0]);
  if (it == comparison_of().end() || it->second.component >= int(parts.size())) return "";
  parts[size_t(it->second.component)] = it->second.baseline;
  return join(parts);
}

std::string comparisons() {
  std::string out;
  for (const auto& [area, c] : comparison_of())
    out += (out.empty() ? "" : ";") + area + "=" + c.baseline + "@" + std::to_string(c.component);
  return out;
}

}  // namespace sashite::bench
