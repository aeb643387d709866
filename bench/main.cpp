// The `bench` binary: Google Benchmark with sashite's defaults and a closing summary that gives
// each benchmark's median cycles/op, its spread and its ratio to the area's baseline, all from
// this one run. Every Google Benchmark flag works (--benchmark_format, --benchmark_color, ...).
#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "bench/harness.h"
#include "engine/bitboard.h"

namespace sashite::bench {
namespace {

struct Row {
  int64_t family = 0;  // registration order: areas together, baselines first
  double median = 0, min = 0, max = 0, cv = -1;
  double rejected = 0;  // mean of cal_rejected over the repetitions
  double paired = 0;    // median of paired_ratio: the ratio to the baseline timed alongside (search area)
  bool cycles = false;
};

// Forwards everything to Google Benchmark's own display reporter (the one its flags chose)
// and adds the summary at the end: on the output stream after a console display, on the
// error stream after JSON or CSV so that those stay parseable.
class SummaryReporter : public benchmark::BenchmarkReporter {
 public:
  SummaryReporter(benchmark::BenchmarkReporter* display, bool summary_to_error)
      : display_(display), summary_to_error_(summary_to_error) {}

  bool ReportContext(const Context& context) override {
    display_->SetOutputStream(&GetOutputStream());
    display_->SetErrorStream(&GetErrorStream());
    return display_->ReportContext(context);
  }

  void ReportRuns(const std::vector<Run>& runs) override {
    display_->ReportRuns(runs);
    for (const Run& r : runs) collect(r);
  }

  void Finalize() override {
    display_->Finalize();
    if (!rows_.empty()) print_summary(summary_to_error_ ? GetErrorStream() : GetOutputStream());
  }

 private:
  void collect(const Run& r) {
    if (r.error_occurred) return;
    const bool single = r.run_type == Run::RT_Iteration && r.repetitions <= 1;
    if (!single && r.run_type != Run::RT_Aggregate) return;
    Row& row = rows_[r.run_name.function_name];
    row.family = r.family_index;
    auto it = r.counters.find("cycles/op");
    if (it == r.counters.end()) it = r.counters.find("cycles_per_tick");  // the calibration itself
    row.cycles = it != r.counters.end();
    const double v = row.cycles ? double(it->second) : r.GetAdjustedRealTime();
    const std::string& agg = r.aggregate_name;
    if (single || agg == "median") row.median = v;
    if (single || agg == "min") row.min = v;
    if (single || agg == "max") row.max = v;
    if (agg == "cv") row.cv = v;
    if (const auto p = r.counters.find("paired_ratio"); p != r.counters.end() && (single || agg == "median"))
      row.paired = p->second;
    if (const auto rej = r.counters.find("cal_rejected"); rej != r.counters.end() && (single || agg == "mean"))
      row.rejected = rej->second;
    if (const auto cal = r.counters.find("cal"); cal != r.counters.end() && (single || agg == "min" || agg == "max")) {
      cal_min_ = std::min(cal_min_, double(cal->second));
      cal_max_ = std::max(cal_max_, double(cal->second));
    }
  }

  void print_summary(std::ostream& out) const {
    char line[256];
    out << "\nSummary: medians of this run; cycles = each run's TSC ticks x that run's calibration (a\n"
           "dependent chain of 1-cycle adds before and after its timed loop, their mean)";
    if (cal_min_ <= cal_max_) {
      std::snprintf(line, sizeof line, ", %.4f-%.4f core cycles per tick over the run", cal_min_, cal_max_);
      out << line;
    }
    std::snprintf(line, sizeof line, "; TSC %.3f GHz.\n", tsc_ghz());
    out << line;
    std::snprintf(line, sizeof line, "%-48s %12s %-4s %10s   %-10s %7s %9s\n", "benchmark", "median", "", "min", "max",
                  "cv", "vs base");
    out << line;
    std::vector<std::string> order;
    for (const auto& [name, row] : rows_) order.push_back(name);
    std::stable_sort(order.begin(), order.end(), [&](const std::string& a, const std::string& b) {
      return rows_.at(a).family < rows_.at(b).family;
    });
    for (const std::string& name : order) {
      const Row& s = rows_.at(name);
      char ratio[32] = "-", cv[16] = "-";
      const std::string base = baseline_name(name);
      if (s.paired > 0)
        std::snprintf(ratio, sizeof ratio, "%.3f p", s.paired);
      else if (const auto b = rows_.find(base); b != rows_.end() && b->second.median > 0)
        std::snprintf(ratio, sizeof ratio, "%.3f", s.median / b->second.median);
      if (s.cv >= 0)
        std::snprintf(cv, sizeof cv, "%.1f%%%s%s", 100 * s.cv, s.cv > 0.05 ? "!" : "", s.rejected > 0 ? "?" : "");
      std::snprintf(line, sizeof line, "%-48s %12.2f %-4s %10.2f - %-10.2f %7s %9s\n", name.c_str(), s.median,
                    s.cycles ? "cyc" : "ns", s.min, s.max, cv, ratio);
      out << line;
    }
    char note[400];
    std::snprintf(note, sizeof note,
                  "(! = cv over 5 %%: too noisy to trust the ratio; ? = a repetition's calibrations before and after "
                  "its loop differ by over %.0f %%:\n report.py leaves such repetitions out; rows %s are the baseline "
                  "again: A/A, the noise floor;\n p = the median of the ratios to the baseline timed alongside it)\n",
                  100 * kCalibrationGap, ("area/" + std::string(kAaVariant) + "/...").c_str());
    out << note;
  }

  benchmark::BenchmarkReporter* display_;
  bool summary_to_error_;
  std::map<std::string, Row> rows_;
  double cal_min_ = 1e300, cal_max_ = 0;
};

const char* flag_value(const std::vector<std::string>& args, const std::string& flag) {
  const char* value = nullptr;  // the last occurrence wins, as in Google Benchmark
  for (const std::string& a : args)
    if (a.rfind(flag + "=", 0) == 0) value = a.c_str() + flag.size() + 1;
  return value;
}

std::string compiler() {
#if defined(__clang__)
  return "clang " __clang_version__;
#elif defined(__GNUC__)
  return "GCC " __VERSION__;
#else
  return "unknown compiler";
#endif
}

}  // namespace
}  // namespace sashite::bench

int main(int argc, char** argv) {
  using namespace sashite::bench;
  // --filter=X is an alias of --benchmark_filter=X; every Google Benchmark flag still works.
  std::vector<std::string> args(argv, argv + argc);
  add_aa_rows();
  for (std::string& a : args)
    if (a.rfind("--filter=", 0) == 0) a = "--benchmark_filter=" + a.substr(9);
  // Trustworthy by default: repetitions, variants interleaved at random, medians reported, and
  // short runs so that each repetition sees one clock (and the main job keeps within its time on
  // the slowest CPU; the search and deep perft rows run fixed iterations). A flag the user gives
  // wins.
  auto by_default = [&](const char* flag, const char* value) {
    if (!flag_value(args, flag)) args.push_back(std::string(flag) + "=" + value);
  };
  by_default("--benchmark_repetitions", "5");
  by_default("--benchmark_min_time", "0.1");
  by_default("--benchmark_enable_random_interleaving", "true");
  if (!flag_value(args, "--benchmark_report_aggregates_only"))
    by_default("--benchmark_display_aggregates_only", "true");
  const char* format = flag_value(args, "--benchmark_format");
  const bool summary_to_error = format && std::string(format) != "console";

  std::vector<char*> cargv;
  for (std::string& a : args) cargv.push_back(a.data());
  int cargc = int(cargv.size());
  benchmark::Initialize(&cargc, cargv.data());
  if (benchmark::ReportUnrecognizedArguments(cargc, cargv.data())) return 1;

  benchmark::AddCustomContext("tsc_ghz", std::to_string(tsc_ghz()));
  benchmark::AddCustomContext("compiler", compiler());
  benchmark::AddCustomContext("sliders", sashite::Sliders::name);  // the engine's slider method (SASHITE_SLIDERS)
#ifdef SASHITE_CXX_FLAGS
  benchmark::AddCustomContext("cxx_flags", SASHITE_CXX_FLAGS);
#endif
  benchmark::AddCustomContext("ratio_baselines", comparisons());            // area=variant@component, for report.py
  benchmark::AddCustomContext("ratio_rows", comparison_rows());             // area=row: one row for all
  benchmark::AddCustomContext("baseline_aliases", aliases_of_baselines());  // area=variant: A/A under another name
  benchmark::AddCustomContext("aa_variant", kAaVariant);
  benchmark::AddCustomContext("cycle_note",
                              "TSC is not a core-cycle counter here; cycles = TSC ticks x calibration from a "
                              "dependent chain of 1-cycle adds, the mean of the factors measured before and after each "
                              "run's timed loop");
  SummaryReporter reporter(benchmark::CreateDefaultDisplayReporter(), summary_to_error);
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
