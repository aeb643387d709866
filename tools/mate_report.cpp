// Mate-solver report: per problem of a set (tests/data/tsume.txt format: "SFEN | expected |
// source", or bare SFEN lines), every registered solver over every registered table layout
// (mate/solvers.h), gpsusi's `go mate` (Debian gpsshogi, df-pn) and any other USI engine's
// (--engine: KomoringHeights, built from its public source, as README says), interleaved problem
// by problem and run by run: answer, length, nodes, time, nodes/s, the median of `runs` runs
// (a cleared table each). Then the totals against 謎電 (2005)'s published 1,359,825 nodes/s,
// whether every solver gave the same answer and every mate line (gpsusi's too) replays as a mate
// (check_mate_line; a rejected line does not count as solved), and for the problem chosen with --detail N
// (1-based) 謎電's per-iteration table and the table statistics of each combination. Markdown.
// --post-search sets the unbounded df-pn's MatePostSearch (default shortest, the others' question);
// --solver keeps one solver, --table one table layout; --threads runs the unbounded df-pn on that
// many threads (default 1), --double-count on with its double-count elimination, --tca on with its
// threshold-controlling algorithm.
//   mate_report [--mb M] [--runs R] [--ms T] [--detail N] [--gpsusi PATH|none]
//               [--engine NAME=PATH[,OPTION=VALUE...]]... [--post-search none|upper-bound|shortest]
//               [--solver NAME] [--table NAME] [--threads N] [--double-count on|off] [--tca on|off] FILE
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "match/child_process.h"
#include "mate/mate_session.h"
#include "engine/position_line.h"
#include "engine/usi_text.h"
#include "mate/problem_set.h"
#include "movegen_full/usi_move.h"
#include "tools/study/command_line.h"

using namespace sashite;
using namespace sashite::mate;

namespace {

// 謎電 (2005): nodes per second over its ten championship problems on an Athlon XP 3000+.
constexpr double kNazodenNodesPerSecond = 1'359'825;

struct Run {
  std::string answer;  // "mate 9", "nomate", "nomate 253", "timeout"
  std::string first = "-";
  uint64_t nodes = 0, solution_nodes = 0;
  double seconds = 0;
  MateResult result;
  MateTableStats stats;
  std::vector<std::string> line;  // a mate answer's moves, in USI
  std::string line_error;         // why that line is no mate (check_mate_line); empty when it is one
};

// A mate answer's line replayed from the problem's position: every move legal, the attacker's
// each a check, the last position mated (check_mate_line); the reason when it is not.
std::string replay(const std::string& sfen, const std::vector<std::string>& usi_line) {
  PositionLine g(sfen);  // the SFEN was checked by solve() or the problem file's reader before
  std::string error;
  for (const std::string& text : usi_line) {
    const Move m = parse_usi_move(g.pos, text, &error);
    if (m == MOVE_NONE) return "move " + std::to_string(g.moves.size() + 1) + ": " + error;
    g.play(m);
  }
  const std::vector<Move> line = g.moves;
  while (!g.moves.empty()) g.undo();
  return check_mate_line(g.pos, line);
}

// max_depth: a "nomate N" problem is solved to N plies, as the tests do.
Run solve(MateSession& session, const std::string& sfen, int64_t ms, int max_depth, MatePostSearch post, int threads,
          bool double_count, bool tca) {
  Position pos;
  StateInfo si;
  if (auto err = pos.set(sfen, &si)) {
    std::fprintf(stderr, "bad SFEN %s: %s\n", sfen.c_str(), err->c_str());
    std::exit(2);
  }
  MateLimits limits;
  limits.ms = ms;
  limits.max_depth = max_depth;
  limits.post_search = post;
  limits.threads = threads;
  limits.double_count = double_count;
  limits.tca = tca;
  Run run;
  run.result = session.solve(pos, limits);
  run.answer = mate_answer(run.result);
  if (!run.result.moves.empty()) run.first = to_usi(run.result.moves[0]);
  for (Move m : run.result.moves) run.line.push_back(to_usi(m));
  run.nodes = run.result.nodes;
  run.solution_nodes = run.result.solution_nodes;
  run.seconds = run.result.seconds;
  run.stats = session.stats();
  return run;
}

// An outside engine over USI (gpsusi, KomoringHeights): the time from `go mate` to its
// `checkmate` line. Its line is one mating line, not always the shortest, so its length is
// reported but not compared. `options`: setoption name/value pairs sent before isready.
class UsiMateEngine {
 public:
  UsiMateEngine(std::string name, const std::string& path,
                const std::vector<std::pair<std::string, std::string>>& options)
      : name_(std::move(name)), p_({"/bin/sh", "-c", "exec \"$0\" 2>/dev/null", path}) {
    p_.send("usi");
    if (!p_.read_until([](const std::string& l) { return l == "usiok"; }, std::chrono::seconds(30))) fail("usi");
    for (const auto& [option, value] : options) p_.send("setoption name " + option + " value " + value);
    p_.send("isready");
    if (!p_.read_until([](const std::string& l) { return l == "readyok"; }, std::chrono::seconds(60))) fail("isready");
  }
  const std::string& name() const { return name_; }
  Run solve(const std::string& sfen, int64_t ms) {
    p_.send("usinewgame");  // a fresh table: its line must not lean on the last problem
    p_.send("position sfen " + sfen);
    const auto t0 = std::chrono::steady_clock::now();
    p_.send("go mate " + std::to_string(ms));
    const auto lines = p_.read_until([](const std::string& l) { return l.starts_with("checkmate"); },
                                     std::chrono::milliseconds(ms + 30'000));
    Run run;
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!lines) fail("go mate");
    const std::string& last = lines->back();
    if (last == "checkmate nomate")
      run.answer = "nomate";
    else if (last == "checkmate timeout" || last == "checkmate notimplemented")
      run.answer = "timeout";
    else {
      std::istringstream is(last.substr(10));
      for (std::string w; is >> w;) run.line.push_back(w);
      if (!run.line.empty()) run.first = run.line[0];
      run.answer = "mate " + std::to_string(run.line.size());
    }
    for (const std::string& l : *lines) {  // its own node count, when it prints one
      const size_t at = l.find(" nodes ");
      if (l.starts_with("info") && at != std::string::npos) run.nodes = std::strtoull(l.c_str() + at + 7, nullptr, 10);
    }
    return run;
  }

 private:
  [[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "%s: no answer to %s: %s\n", name_.c_str(), what, p_.error().c_str());
    std::exit(1);
  }
  std::string name_;
  match::ChildProcess p_;
};

Run median(std::vector<Run> runs) {
  std::sort(runs.begin(), runs.end(), [](const Run& a, const Run& b) { return a.seconds < b.seconds; });
  return runs[runs.size() / 2];
}

struct Options {
  size_t mb = 256;
  MatePostSearch post = MatePostSearch::Shortest;  // the unbounded df-pn's
  int runs = 3, detail = 0, threads = 1;
  bool double_count = false;  // the unbounded df-pn's (MateLimits::double_count)
  bool tca = false;           // the unbounded df-pn's (MateLimits::tca)
  int64_t ms = 60000;
  std::string gpsusi = "auto";  // a path, "auto" (find it) or "none"
  struct Engine {
    std::string name, path;
    std::vector<std::pair<std::string, std::string>> options;
  };
  std::vector<Engine> engines;  // --engine NAME=PATH[,OPTION=VALUE...], after gpsusi
  std::string solver;           // only this solver; empty: every one
  std::string table;            // only this table layout; empty: every one
  std::string file;
};

constexpr study::CommandLine kCommandLine{"mate_report",
                                          "mate_report [--mb M] [--runs R] [--ms T] [--detail N] [--gpsusi PATH|none] "
                                          "[--engine NAME=PATH[,OPTION=VALUE...]]... "
                                          "[--post-search none|upper-bound|shortest] "
                                          "[--solver NAME] [--table NAME] [--threads N] [--double-count on|off] "
                                          "[--tca on|off] FILE"};

// "NAME=PATH[,OPTION=VALUE...]": an outside engine and the USI options it is given.
Options::Engine parse_engine(const std::string& text) {
  Options::Engine e;
  std::vector<std::string> parts;
  for (size_t at = 0;;) {
    const size_t comma = text.find(',', at);
    parts.push_back(text.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  for (size_t i = 0; i < parts.size(); ++i) {
    const size_t eq = parts[i].find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == parts[i].size())
      kCommandLine.fail("--engine wants NAME=PATH[,OPTION=VALUE...], not '" + text + "'");
    std::string key = parts[i].substr(0, eq), value = parts[i].substr(eq + 1);
    if (i == 0)
      e.name = std::move(key), e.path = std::move(value);
    else
      e.options.emplace_back(std::move(key), std::move(value));
  }
  return e;
}

// A switch's value: "on" or "off", anything else an error naming the flag.
bool on_off(const char* flag, const std::string& value) {
  if (value != "on" && value != "off") kCommandLine.fail(std::string(flag) + " must be on or off");
  return value == "on";
}

Options parse_options(int argc, char** argv) {
  Options o;
  kCommandLine.parse(argc, argv,
                     {{"--mb", [&](const char* v) { o.mb = size_t(std::atol(v)); }},
                      {"--runs", [&](const char* v) { o.runs = std::max(1, std::atoi(v)); }},
                      {"--ms", [&](const char* v) { o.ms = std::atoll(v); }},
                      {"--detail", [&](const char* v) { o.detail = std::atoi(v); }},
                      {"--gpsusi", [&](const char* v) { o.gpsusi = v; }},
                      {"--engine", [&](const char* v) { o.engines.push_back(parse_engine(v)); }},
                      {"--solver", [&](const char* v) { o.solver = v; }},
                      {"--table", [&](const char* v) { o.table = v; }},
                      {"--threads",
                       [&](const char* v) {
                         const std::optional<int> n = usi::parse_int(v, 1, 64);
                         if (!n)
                           kCommandLine.fail("--threads takes a number from 1 to 64, not '" + std::string(v) + "'");
                         o.threads = *n;
                       }},
                      {"--double-count", [&](const char* v) { o.double_count = on_off("--double-count", v); }},
                      {"--tca", [&](const char* v) { o.tca = on_off("--tca", v); }},
                      {"--post-search",
                       [&](const char* v) {
                         const std::string p = v;
                         if (p == "none")
                           o.post = MatePostSearch::None;
                         else if (p == "upper-bound")
                           o.post = MatePostSearch::UpperBound;
                         else if (p == "shortest")
                           o.post = MatePostSearch::Shortest;
                         else
                           kCommandLine.fail("--post-search must be none, upper-bound or shortest");
                       }}},
                     [&](const char* file) { o.file = file; });
  if (o.file.empty()) kCommandLine.fail("no FILE");
  return o;
}

// Every registered solver over every registered table layout, then gpsusi when there is one,
// then the --engine ones.
struct Combinations {
  std::vector<MateSession> sessions;
  std::vector<std::unique_ptr<UsiMateEngine>> engines;

  size_t size() const { return sessions.size() + engines.size(); }
  std::string label(size_t c) const {
    return c < sessions.size() ? std::string(sessions[c].solver_name()) + " | " + sessions[c].table_name()
                               : engines[c - sessions.size()]->name() + " | -";
  }
};

Combinations combinations(const Options& o) {
  Combinations k;
  const std::string path =
      o.gpsusi == "auto" ? match::find_program("gpsusi", "/usr/games/gpsusi").value_or("none") : o.gpsusi;
  if (path != "none")
    k.engines.push_back(
        std::make_unique<UsiMateEngine>("gpsusi", path, std::vector<std::pair<std::string, std::string>>{}));
  for (const Options::Engine& e : o.engines)
    k.engines.push_back(std::make_unique<UsiMateEngine>(e.name, e.path, e.options));
  for (const auto& [s, t] : MateSession::combinations())
    if ((o.solver.empty() || o.solver == s) && (o.table.empty() || o.table == t)) k.sessions.emplace_back(s, t, o.mb);
  if (k.sessions.empty())
    kCommandLine.fail("no registered solver and table named " + (o.solver.empty() ? "*" : o.solver) + " / " +
                      (o.table.empty() ? "*" : o.table));
  // The tables' pages taken now, as the USI program does at isready: no solve pays them.
  for (MateSession& s : k.sessions) s.prefault(std::max(1u, std::thread::hardware_concurrency()));
  return k;
}

// rows[p][c]: problem p, combination c (the outside engines last), the median of the runs, interleaved.
std::vector<std::vector<Run>> measure(const Options& o, const std::vector<MateProblem>& problems, Combinations& k) {
  std::vector<std::vector<Run>> rows(problems.size(), std::vector<Run>(k.size()));
  for (size_t p = 0; p < problems.size(); ++p) {
    std::vector<std::vector<Run>> all(k.size());
    for (int r = 0; r < o.runs; ++r)
      for (size_t c = 0; c < k.size(); ++c)
        all[c].push_back(c < k.sessions.size() ? solve(k.sessions[c], problems[p].sfen, o.ms, problems[p].max_depth(),
                                                       o.post, o.threads, o.double_count, o.tca)
                                               : k.engines[c - k.sessions.size()]->solve(problems[p].sfen, o.ms));
    for (size_t c = 0; c < k.size(); ++c) {
      rows[p][c] = median(all[c]);
      if (rows[p][c].answer.starts_with("mate ")) rows[p][c].line_error = replay(problems[p].sfen, rows[p][c].line);
    }
  }
  return rows;
}

void print_runs(const Options& o, const std::vector<MateProblem>& problems, const Combinations& k,
                const std::vector<std::vector<Run>>& rows) {
  std::printf(
      "Median of %d runs, interleaved; a cleared %zu MB table per solve; time limit %lld ms. nodes/s counts "
      "search and reconstruction nodes (outside engines: the time from `go mate` to its answer).\n\n",
      o.runs, o.mb, (long long)o.ms);
  std::printf("| # | expected | solver | table | answer | first move | nodes | solution nodes | ms | nodes/s |\n");
  std::printf("|---|---|---|---|---|---|---:|---:|---:|---:|\n");
  for (size_t p = 0; p < problems.size(); ++p)
    for (size_t c = 0; c < k.size(); ++c) {
      const Run& r = rows[p][c];
      const uint64_t n = r.nodes + r.solution_nodes;
      std::printf("| %zu | %s | %s | %s | %s | %s | %s | %.1f | %s |\n", p + 1, problems[p].expected.c_str(),
                  k.label(c).c_str(), r.answer.c_str(), r.first.c_str(), n ? std::to_string(r.nodes).c_str() : "-",
                  c < k.sessions.size() ? std::to_string(r.solution_nodes).c_str() : "-", r.seconds * 1000,
                  n && r.seconds > 0 ? std::to_string(uint64_t(double(n) / r.seconds)).c_str() : "-");
    }
}

void print_totals(const std::vector<MateProblem>& problems, const Combinations& k,
                  const std::vector<std::vector<Run>>& rows) {
  std::printf("\n| solver | table | solved | total ms | total nodes | nodes/s | x 謎電 (1,359,825 nodes/s) |\n");
  std::printf("|---|---|---:|---:|---:|---:|---:|\n");
  for (size_t c = 0; c < k.size(); ++c) {
    double s = 0;
    uint64_t n = 0;
    int ok = 0;
    for (size_t p = 0; p < problems.size(); ++p) {
      s += rows[p][c].seconds;
      n += rows[p][c].nodes + rows[p][c].solution_nodes;
      ok += problems[p].solved_by(rows[p][c].answer) && rows[p][c].line_error.empty();
    }
    const double nps = s > 0 ? double(n) / s : 0;
    char ratio[32] = "-";
    if (n) std::snprintf(ratio, sizeof ratio, "%.1f", nps / kNazodenNodesPerSecond);
    std::printf("| %s | %d/%zu | %.1f | %s | %s | %s |\n", k.label(c).c_str(), ok, problems.size(), s * 1000,
                n ? std::to_string(n).c_str() : "-", n ? std::to_string(uint64_t(nps)).c_str() : "-", ratio);
  }
}

// The solvers must agree with each other and with the expected answer where it is given, and every
// mate line must replay as a mate (the outside engines' too): prints each failure and returns their number.
int print_disagreements(const std::vector<MateProblem>& problems, const Combinations& k,
                        const std::vector<std::vector<Run>>& rows) {
  // "nomate" (none at any length) and "nomate N" (none within N) do not contradict; a mate that
  // need not be the shortest (the unbounded df-pn short of its post-search) agrees with any mate.
  auto agree = [](const Run& a, const Run& b) {
    if (a.answer.starts_with("nomate") || b.answer.starts_with("nomate"))
      return a.answer.starts_with("nomate") && b.answer.starts_with("nomate");
    if (a.answer.starts_with("mate") && b.answer.starts_with("mate") && !(a.result.exact && b.result.exact))
      return true;
    return a.answer == b.answer;
  };
  int disagreements = 0;
  for (size_t p = 0; p < problems.size(); ++p) {
    const std::string& expected = problems[p].expected;
    for (size_t c = 0; c < k.size(); ++c) {
      const Run& r = rows[p][c];
      if (!r.line_error.empty()) {
        std::printf("\nLINE REJECTED on problem %zu: %s answers %s, but %s\n", p + 1, k.label(c).c_str(),
                    r.answer.c_str(), r.line_error.c_str());
        ++disagreements;
      }
      if (c >= k.sessions.size()) continue;  // an outside engine's answers are its own
      const std::string& a = r.answer;
      const bool differs = !agree(r, rows[p][0]);
      if (a != "timeout" &&
          (problems[p].contradicted_by(a, r.result.exact) || (differs && rows[p][0].answer != "timeout"))) {
        std::printf("\nDISAGREEMENT on problem %zu: %s answers %s (expected %s)\n", p + 1, k.label(c).c_str(),
                    a.c_str(), expected.c_str());
        ++disagreements;
      }
    }
  }
  if (!disagreements)
    std::printf(
        "\nEvery solver and table layout gave the same answer on every problem, and every mate line replays as a "
        "mate.\n");
  return disagreements;
}

// 謎電's per-iteration table and the table statistics of each combination on one problem.
void print_detail(size_t p, const std::string& sfen, const Combinations& k, const std::vector<Run>& row) {
  std::printf("\nProblem %zu, `%s`:\n", p + 1, sfen.c_str());
  for (size_t c = 0; c < k.sessions.size(); ++c) {
    const Run& r = row[c];
    std::printf("\n%s, per iteration (depth: cumulative nodes (this iteration+ growth*)):\n```\n", k.label(c).c_str());
    for (const MateIteration& it : r.result.iterations) std::printf("%s\n", it.to_string().c_str());
    std::printf("```\ntable: %s\n", r.stats.to_string().c_str());
  }
}

int run(const Options& o) {
  const auto problems = load_mate_problems(o.file);
  if (!problems) {
    std::fprintf(stderr, "mate_report: cannot read %s\n", o.file.c_str());
    return 2;
  }
  Combinations k = combinations(o);
  const auto rows = measure(o, *problems, k);
  print_runs(o, *problems, k, rows);
  print_totals(*problems, k, rows);
  const int disagreements = print_disagreements(*problems, k, rows);
  if (o.detail >= 1 && size_t(o.detail) <= problems->size())
    print_detail(size_t(o.detail) - 1, (*problems)[size_t(o.detail) - 1].sfen, k, rows[size_t(o.detail) - 1]);
  return disagreements ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) { return run(parse_options(argc, argv)); }
