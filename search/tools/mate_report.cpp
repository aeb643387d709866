// Mate-solver report: per problem of a set (tests/data/tsume.txt format: "SFEN | expected |
// source", or bare SFEN lines), for every registered table layout, interleaved problem by
// problem: result, length, nodes, time, nodes/s; the best of `runs` runs (fresh table each).
// Then, for the problem chosen with --detail N (1-based), 謎電 (2005)'s per-iteration table and
// the table statistics of each layout. Prints Markdown.
//   mate_report [--mb M] [--runs R] [--ms T] [--detail N] FILE
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "search/mate/mate_tables.h"
#include "search/mate/solver.h"

using namespace sashite;
using namespace sashite::mate;

namespace {

struct Row {
  MateResult r;
  MateTableStats stats;
};

template <class T>
Row run(const std::string& sfen, size_t mb, int64_t ms, int runs) {
  Row best;
  T table;
  table.resize(mb);
  for (int i = 0; i < runs; ++i) {
    table.clear();
    Position pos;
    StateInfo si;
    if (auto err = pos.set(sfen, &si)) {
      std::fprintf(stderr, "bad SFEN %s: %s\n", sfen.c_str(), err->c_str());
      std::exit(2);
    }
    AndOrSolver<T> solver(table);
    MateLimits limits;
    limits.ms = ms;
    MateResult r = solver.solve(pos, limits);
    if (i == 0 || r.seconds < best.r.seconds) best = {r, table.stats()};
  }
  return best;
}

std::string answer(const MateResult& r) {
  if (r.status == MateStatus::Mate) return "mate " + std::to_string(r.moves.size());
  if (r.status == MateStatus::NoMate) return r.depth == kNoLimit ? "nomate" : "nomate " + std::to_string(r.depth);
  return "timeout";
}

}  // namespace

int main(int argc, char** argv) {
  size_t mb = 256;
  int runs = 3, detail = 0;
  int64_t ms = 60000;
  const char* file = nullptr;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--mb" && i + 1 < argc) mb = size_t(std::atol(argv[++i]));
    else if (a == "--runs" && i + 1 < argc) runs = std::atoi(argv[++i]);
    else if (a == "--ms" && i + 1 < argc) ms = std::atoll(argv[++i]);
    else if (a == "--detail" && i + 1 < argc) detail = std::atoi(argv[++i]);
    else file = argv[i];
  }
  if (!file) {
    std::fprintf(stderr, "usage: mate_report [--mb M] [--runs R] [--ms T] [--detail N] FILE\n");
    return 2;
  }
  std::vector<std::string> sfens;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    sfens.push_back(line.substr(0, line.find(" |")));
  }
  std::printf("| # | solver | table | answer | first move | nodes | solution nodes | ms | nodes/s |\n");
  std::printf("|---|---|---|---|---|---:|---:|---:|---:|\n");
  std::vector<std::vector<Row>> rows(sfens.size());
  double total_s[std::tuple_size_v<RegisteredMateTables>] = {};
  uint64_t total_nodes[std::tuple_size_v<RegisteredMateTables>] = {};
  for (size_t p = 0; p < sfens.size(); ++p) {
    size_t k = 0;
    auto one = [&]<class T>(T*) {
      const Row row = run<T>(sfens[p], mb, ms, runs);
      const MateResult& r = row.r;
      std::printf("| %zu | %s | %s | %s | %s | %llu | %llu | %.1f | %.0f |\n", p + 1, AndOrSolver<T>::name, T::name,
                  answer(r).c_str(), r.moves.empty() ? "-" : to_usi(r.moves[0]).c_str(), (unsigned long long)r.nodes,
                  (unsigned long long)r.solution_nodes, r.seconds * 1000,
                  r.seconds > 0 ? double(r.nodes + r.solution_nodes) / r.seconds : 0.0);
      total_s[k] += r.seconds;
      total_nodes[k] += r.nodes + r.solution_nodes;
      ++k;
      rows[p].push_back(row);
    };
    std::apply([&](auto... t) { (one(&t), ...); }, RegisteredMateTables{});
  }
  std::printf("\n| table | total ms | total nodes | nodes/s |\n|---|---:|---:|---:|\n");
  size_t k = 0;
  std::apply([&](auto... t) {
    ((std::printf("| %s | %.1f | %llu | %.0f |\n", decltype(t)::name, total_s[k] * 1000, (unsigned long long)total_nodes[k],
                  total_s[k] > 0 ? double(total_nodes[k]) / total_s[k] : 0.0), ++k), ...);
  }, RegisteredMateTables{});
  if (detail >= 1 && size_t(detail) <= sfens.size()) {
    std::printf("\nProblem %d, `%s`:\n", detail, sfens[size_t(detail) - 1].c_str());
    k = 0;
    std::apply([&](auto... t) {
      ((std::printf("\n%s, per iteration (depth: cumulative nodes (this iteration+ growth*)):\n```\n", decltype(t)::name),
        [&] { for (const MateIteration& it : rows[size_t(detail) - 1][k].r.iterations) std::printf("%s\n", it.to_string().c_str()); }(),
        std::printf("```\ntable: %s\n", rows[size_t(detail) - 1][k].stats.to_string().c_str()), ++k), ...);
    }, RegisteredMateTables{});
  }
  return 0;
}
