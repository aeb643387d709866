// A file of mate problems (tests/data/tsume*.txt): one per line, "SFEN | expected | source",
// '#' comments; expected is "mate N" (the exact length), "nomate N" (no mate within N plies)
// or empty (unknown). Read by the tests, the bench and mate_report.
#pragma once

#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mate/solver.h"

namespace sashite::mate {

struct MateProblem {
  std::string sfen, expected, source;
  bool mate() const { return expected.starts_with("mate "); }
  bool nomate() const { return expected.starts_with("nomate "); }
  int length() const { return std::atoi(expected.c_str() + expected.find(' ') + 1); }  // mate or nomate N
  // A "nomate N" problem is solved to N plies (deeper there may be a mate, or the king runs).
  int max_depth() const { return nomate() ? length() : kMaxMateDepth; }
  // Whether an answer (mate_answer()'s text: "mate N", "mate N within M", "nomate", "nomate N",
  // "timeout") solves the problem: a mate problem needs a mate of any length (a first proof, or
  // gpsusi's one line, need not be the shortest), a "nomate N" problem a no-mate answer, an open
  // problem either. Whether a mate's line holds is check_mate_line()'s to say.
  bool solved_by(std::string_view answer) const {
    const bool mate_answer = answer.starts_with("mate "), nomate_answer = answer.starts_with("nomate");
    return mate() ? mate_answer : nomate() ? nomate_answer : mate_answer || nomate_answer;
  }
  // Whether an answer contradicts the problem: a mate problem answered "nomate" or, when the answer
  // claims the exact length, with another length; a "nomate N" problem answered with a mate within
  // N plies. A timeout contradicts nothing.
  bool contradicted_by(std::string_view answer, bool exact) const {
    if (answer.starts_with("timeout")) return false;
    if (mate()) return exact ? answer != expected : !answer.starts_with("mate ");
    if (nomate()) return answer.starts_with("mate ") && std::atoi(std::string(answer.substr(5)).c_str()) <= length();
    return false;
  }
};

// nullopt when the file cannot be read.
inline std::optional<std::vector<MateProblem>> load_mate_problems(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  auto trim = [](std::string s) {
    s.erase(0, s.find_first_not_of(' '));
    s.erase(s.find_last_not_of(' ') + 1);
    return s;
  };
  std::vector<MateProblem> set;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    MateProblem p;
    const size_t a = line.find('|');
    p.sfen = trim(line.substr(0, a));
    if (a != std::string::npos) {
      const size_t b = line.find('|', a + 1);
      p.expected = trim(line.substr(a + 1, b == std::string::npos ? std::string::npos : b - a - 1));
      if (b != std::string::npos) p.source = trim(line.substr(b + 1));
    }
    set.push_back(p);
  }
  return set;
}

}  // namespace sashite::mate
