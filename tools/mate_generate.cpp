// A mate set of our own, from the ends of real games: for every decided game of the given
// match results (JSON lines, match/results.h), the positions of its last `--plies` plies where
// the winner is to move; each solved by every registered solver (main + overflow table) to
// `--depth` plies and asked of gpsusi's `go mate`. A position is kept when all of them agree:
//   "mate N": every solver gives the same exact length N, gpsusi finds a mate (its line is one
//             mating line, not always the shortest, so only its existence is compared);
//   "nomate N": every solver finds no mate within N and gpsusi answers "checkmate nomate".
// Positions where a solver or gpsusi ran out of time, or they disagree, are counted and left
// out; a disagreement is printed to stderr. Output: tests/data/tsume.txt lines, at most --max
// of each kind, the mates taken round robin over their lengths.
//   mate_generate [--plies P] [--depth D] [--ms T] [--gpsusi-ms T] [--max N] GAMES.jsonl...
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "match/child_process.h"
#include "match/results.h"
#include "rules/game_history.h"
#include "mate/mate_session.h"
#include "tools/study/command_line.h"

using namespace sashite;
using namespace sashite::mate;

namespace {

struct Candidate {
  std::string sfen, source;
};

std::string gpsusi_answer(match::ChildProcess& g, const std::string& sfen, int64_t ms) {
  g.send("usinewgame");
  g.send("position sfen " + sfen);
  g.send("go mate " + std::to_string(ms));
  const auto lines = g.read_until([](const std::string& l) { return l.starts_with("checkmate"); },
                                  std::chrono::milliseconds(ms + 30'000));
  if (!lines) {
    std::fprintf(stderr, "gpsusi: no answer: %s\n", g.error().c_str());
    std::exit(1);
  }
  return lines->back();
}

struct Options {
  int plies = 12, depth = 15;
  int64_t ms = 2000, gpsusi_ms = 5000;
  size_t max = 40;
  std::vector<std::string> files;
};

constexpr study::CommandLine kCommandLine{
    "mate_generate", "mate_generate [--plies P] [--depth D] [--ms T] [--gpsusi-ms T] [--max N] GAMES.jsonl..."};

Options parse_options(int argc, char** argv) {
  Options o;
  kCommandLine.parse(argc, argv,
                     {{"--plies", [&](const char* v) { o.plies = std::atoi(v); }},
                      {"--depth", [&](const char* v) { o.depth = std::atoi(v); }},
                      {"--ms", [&](const char* v) { o.ms = std::atoll(v); }},
                      {"--gpsusi-ms", [&](const char* v) { o.gpsusi_ms = std::atoll(v); }},
                      {"--max", [&](const char* v) { o.max = size_t(std::atol(v)); }}},
                     [&](const char* file) { o.files.emplace_back(file); });
  if (o.files.empty()) kCommandLine.fail("no GAMES.jsonl");
  return o;
}

// The positions of one results file's decided games, the winner to move, in its last `plies`
// plies; a board seen before (in any file) is skipped. False when the file cannot be read.
bool add_candidates(const std::string& file, int plies, std::set<std::string>& seen, std::vector<Candidate>& out) {
  std::ifstream in(file);
  if (!in) return false;
  for (std::string line; std::getline(in, line);) {
    std::string err;
    const auto g = match::parse_game_line(line, &err);
    if (!g || (g->result != "1-0" && g->result != "0-1")) continue;
    std::vector<std::string> moves;
    std::istringstream is(g->moves_usi);
    for (std::string w; is >> w;) moves.push_back(w);
    for (int k = std::max(0, int(moves.size()) - plies); k < int(moves.size()); ++k) {
      std::string prefix;
      for (int j = 0; j < k; ++j) (prefix += moves[size_t(j)]) += ' ';
      GameHistory h;
      if (replay_game(g->opening, prefix, h)) break;
      const bool black_to_move = h.final_sfen.find(" b ") != std::string::npos;
      if (black_to_move != (g->result == "1-0")) continue;                        // the winner to move
      const std::string board = h.final_sfen.substr(0, h.final_sfen.rfind(' '));  // without the move number
      if (!seen.insert(board).second) continue;
      out.push_back({h.final_sfen, file + " pair " + std::to_string(g->pair) + " game " + std::to_string(g->game) +
                                       " ply " + std::to_string(k)});
    }
  }
  return true;
}

void handshake(match::ChildProcess& g) {
  g.send("usi");
  g.read_until([](const std::string& l) { return l == "usiok"; }, std::chrono::seconds(30));
  g.send("isready");
  g.read_until([](const std::string& l) { return l == "readyok"; }, std::chrono::seconds(60));
}

// Kept lines by kind (mates keyed by length), and the positions left out.
struct Verdicts {
  std::multimap<int, std::string> mates, nomates;
  size_t undecided = 0, disagreed = 0;
};

// Every solver's answer to `depth` plies, one per kind: "mate N", "nomate" (within depth, or at
// any length) or "timeout".
std::set<std::string> solver_answers(std::vector<MateSession>& sessions, const std::string& sfen, const Options& o) {
  std::set<std::string> answers;
  for (MateSession& s : sessions) {
    Position pos;
    StateInfo si;
    pos.set(sfen, &si);
    MateLimits limits;
    limits.max_depth = o.depth;
    limits.ms = o.ms;
    const std::string a = mate_answer(s.solve(pos, limits));
    answers.insert(a.starts_with("nomate") ? "nomate" : a);
  }
  return answers;
}

void judge(const Candidate& c, const std::set<std::string>& answers, const std::string& g, int depth, Verdicts& v) {
  const std::string ours = *answers.begin();
  if (answers.count("timeout") || answers.size() != 1 || g == "checkmate timeout") {
    if (!answers.count("timeout") && answers.size() != 1) {
      std::fprintf(stderr, "DISAGREEMENT between solvers: %s (%s)\n", c.sfen.c_str(), c.source.c_str());
      ++v.disagreed;
    } else {
      ++v.undecided;
    }
    return;
  }
  const bool gpsusi_mate = g != "checkmate nomate";
  if (ours.starts_with("mate") && gpsusi_mate) {
    const int n = std::atoi(ours.c_str() + 5);
    v.mates.emplace(n, c.sfen + " | " + ours + " | generated: " + c.source + "; gpsusi: mate " +
                           std::to_string(std::count(g.begin(), g.end(), ' ')));
  } else if (ours == "nomate" && !gpsusi_mate) {
    v.nomates.emplace(0,
                      c.sfen + " | nomate " + std::to_string(depth) + " | generated: " + c.source + "; gpsusi: nomate");
  } else if (ours.starts_with("mate") || g == "checkmate nomate") {
    // Ours a mate and gpsusi none (or the reverse within our depth): a real disagreement.
    if (ours.starts_with("mate")) {
      std::fprintf(stderr, "DISAGREEMENT with gpsusi: %s ours %s, gpsusi %s (%s)\n", c.sfen.c_str(), ours.c_str(),
                   g.c_str(), c.source.c_str());
      ++v.disagreed;
    }
  } else {
    ++v.undecided;  // no mate within our depth, one found by gpsusi beyond it
  }
}

// At most `max` mates, round robin over the lengths (shortest first, so that every length found
// is in the set), sorted by length.
std::vector<std::string> choose_mates(const std::multimap<int, std::string>& mates, size_t max) {
  std::map<int, std::vector<std::string>> by_length;
  for (const auto& [len, line] : mates) by_length[len].push_back(line);
  std::vector<std::string> chosen;
  for (size_t round = 0; chosen.size() < max; ++round) {
    const size_t before = chosen.size();
    for (const auto& [len, lines] : by_length)
      if (round < lines.size() && chosen.size() < max) chosen.push_back(lines[round]);
    if (chosen.size() == before) break;
  }
  std::stable_sort(chosen.begin(), chosen.end(), [](const std::string& a, const std::string& b) {
    return std::atoi(a.c_str() + a.find("| mate ") + 7) < std::atoi(b.c_str() + b.find("| mate ") + 7);
  });
  return chosen;
}

void print_set(const Options& o, const Verdicts& v) {
  std::printf("# Generated by build/bin/mate_generate --plies %d --depth %d --ms %lld --gpsusi-ms %lld --max %zu",
              o.plies, o.depth, (long long)o.ms, (long long)o.gpsusi_ms, o.max);
  for (const std::string& f : o.files) std::printf(" %s", f.c_str());
  std::printf(
      "\n# Positions of real games' last plies, the winner to move; kept where every solver and gpsusi agree.\n");
  for (const std::string& line : choose_mates(v.mates, o.max)) std::printf("%s\n", line.c_str());
  size_t n = 0;
  for (const auto& [len, line] : v.nomates)
    if (n++ < o.max) std::printf("%s\n", line.c_str());
}

int run(const Options& o) {
  const auto gpsusi_path = match::find_program("gpsusi", "/usr/games/gpsusi");
  if (!gpsusi_path) {
    std::fprintf(stderr, "mate_generate: gpsusi is not installed (Debian package gpsshogi)\n");
    return 2;
  }
  std::vector<Candidate> candidates;
  std::set<std::string> seen;
  for (const std::string& file : o.files)
    if (!add_candidates(file, o.plies, seen, candidates)) {
      std::fprintf(stderr, "mate_generate: cannot read %s\n", file.c_str());
      return 2;
    }
  std::fprintf(stderr, "mate_generate: %zu candidate positions\n", candidates.size());

  match::ChildProcess gpsusi({"/bin/sh", "-c", "exec \"$0\" 2>/dev/null", *gpsusi_path});
  handshake(gpsusi);
  std::vector<MateSession> sessions;
  for (const std::string& s : MateSession::solver_names()) sessions.emplace_back(s, "main-overflow", 256);
  Verdicts v;
  for (const Candidate& c : candidates) {
    const std::set<std::string> answers = solver_answers(sessions, c.sfen, o);
    judge(c, answers, gpsusi_answer(gpsusi, c.sfen, o.gpsusi_ms), o.depth, v);
  }
  std::fprintf(stderr,
               "mate_generate: %zu mates, %zu no-mates kept; %zu undecided (time, or a mate beyond %d plies); %zu "
               "disagreements\n",
               v.mates.size(), v.nomates.size(), v.undecided, o.depth, v.disagreed);
  print_set(o, v);
  return v.disagreed ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) { return run(parse_options(argc, argv)); }
