// The `bench` binary: Google Benchmark with sashite's defaults and a closing summary that gives
// each variant's median cycles/op and its ratio to the area's baseline, all from this one run.
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "bench/harness.h"

namespace sashite::bench {
std::string baseline_of(const std::string& area);
std::string all_baselines();

namespace {

struct Summary {
  double median = 0, cv = -1;
  bool cycles = false;
};

// The console output as usual, plus a table at the end.
class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      if (r.error_occurred) continue;
      const std::string name = r.run_name.function_name;
      const bool single = r.run_type == Run::RT_Iteration && r.repetitions <= 1;
      if (!single && r.run_type != Run::RT_Aggregate) continue;
      Summary& s = rows_[name];
      auto it = r.counters.find("cycles/op");
      if (it == r.counters.end()) it = r.counters.find("cycles_per_tick");
      const bool has_cycles = it != r.counters.end();
      const double v = has_cycles ? double(it->second) : r.GetAdjustedRealTime();
      if (single || r.aggregate_name == "median") s.median = v, s.cycles = has_cycles;
      if (r.aggregate_name == "cv") s.cv = v;
      order_.push_back(name);
    }
  }

  void Finalize() override {
    ConsoleReporter::Finalize();
    if (rows_.empty()) return;
    const Calibration& c = calibration();
    std::printf("\nSummary (medians of this run; cycles = TSC ticks x %.4f core cycles/tick, "
                "calibrated on a dependent add chain; TSC %.3f GHz)\n",
                c.cycles_per_tsc_tick, c.tsc_ghz);
    std::printf("%-48s %14s %8s %10s\n", "benchmark", "median", "cv", "vs base");
    std::map<std::string, bool> seen;
    for (const std::string& name : order_) {
      if (seen[name]) continue;
      seen[name] = true;
      const Summary& s = rows_[name];
      const auto a = name.find('/'), v = name.find('/', a + 1);
      std::string ratio = "-";
      if (a != std::string::npos && v != std::string::npos) {
        const std::string base = name.substr(0, a + 1) + baseline_of(name.substr(0, a)) + name.substr(v);
        auto b = rows_.find(base);
        if (b != rows_.end() && b->second.median > 0) {
          char buf[32];
          std::snprintf(buf, sizeof buf, "%.3f", s.median / b->second.median);
          ratio = buf;
        }
      }
      char cv[16] = "-";
      if (s.cv >= 0) std::snprintf(cv, sizeof cv, "%.1f%%", 100 * s.cv);
      std::printf("%-48s %10.2f %-3s %8s %10s\n", name.c_str(), s.median, s.cycles ? "cyc" : "ns", cv,
                  ratio.c_str());
    }
  }

 private:
  std::map<std::string, Summary> rows_;
  std::vector<std::string> order_;
};

bool has_flag(const std::vector<std::string>& args, const char* prefix) {
  for (const std::string& a : args)
    if (a.rfind(prefix, 0) == 0) return true;
  return false;
}

}  // namespace
}  // namespace sashite::bench

int main(int argc, char** argv) {
  using namespace sashite::bench;
  // --filter=X is an alias of --benchmark_filter=X; every Google Benchmark flag still works.
  std::vector<std::string> args(argv, argv + argc);
  for (std::string& a : args)
    if (a.rfind("--filter=", 0) == 0) a = "--benchmark_filter=" + a.substr(9);
  // Trustworthy by default: repetitions, variants interleaved at random, medians reported.
  if (!has_flag(args, "--benchmark_repetitions")) args.push_back("--benchmark_repetitions=5");
  if (!has_flag(args, "--benchmark_enable_random_interleaving"))
    args.push_back("--benchmark_enable_random_interleaving=true");
  if (!has_flag(args, "--benchmark_report_aggregates_only") && !has_flag(args, "--benchmark_display_aggregates_only"))
    args.push_back("--benchmark_display_aggregates_only=true");

  std::vector<char*> cargv;
  for (std::string& a : args) cargv.push_back(a.data());
  int cargc = int(cargv.size());
  benchmark::Initialize(&cargc, cargv.data());
  if (benchmark::ReportUnrecognizedArguments(cargc, cargv.data())) return 1;

  const Calibration& c = calibration();
  benchmark::AddCustomContext("tsc_ghz", std::to_string(c.tsc_ghz));
  benchmark::AddCustomContext("core_cycles_per_tsc_tick", std::to_string(c.cycles_per_tsc_tick));
  benchmark::AddCustomContext("compiler", __VERSION__);
  benchmark::AddCustomContext("baselines", all_baselines());  // area=variant pairs for the report
  benchmark::AddCustomContext("cycle_note",
                              "TSC is not a core-cycle counter here; cycles = TSC ticks x calibration "
                              "from a dependent chain of 1-cycle adds measured in this run");
#ifdef SASHITE_ARCH
  benchmark::AddCustomContext("arch_flags", SASHITE_ARCH);
#endif
  SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
