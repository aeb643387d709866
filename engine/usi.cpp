// The USI program. Reads commands from standard input (or from its arguments, one command per
// argument, then exits). A bad command answers "info string error: ..." and the loop goes on.
#include <charconv>
#include <chrono>
#include <deque>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/notation.h"
#include "movegen_full/perft.h"
#include "movegen_full/usi_move.h"

namespace sashite {
namespace {

class UsiEngine {
 public:
  UsiEngine() { set_position("startpos", {}); }

  // Returns false on "quit".
  bool execute(const std::string& line) {
    std::istringstream is(line);
    std::string cmd;
    if (!(is >> cmd)) return true;
    if (cmd == "quit") return false;
    if (cmd == "usi") {
      out_ << "id name sashite\nid author the sashite developers\n"
           << "option name USI_Hash type spin default 16 min 1 max 65536\n"
           << "option name USI_Ponder type check default false\nusiok\n";
    } else if (cmd == "isready") {
      out_ << "readyok\n";
    } else if (cmd == "usinewgame" || cmd == "stop" || cmd == "ponderhit" || cmd == "gameover") {
    } else if (cmd == "setoption") {
      setoption(is);
    } else if (cmd == "position") {
      position(is);
    } else if (cmd == "d") {
      out_ << pos_->pretty();
    } else if (cmd == "go") {
      go(is);
    } else {
      error("unknown command '" + cmd + "'");
    }
    out_.flush();
    return true;
  }

 private:
  void error(const std::string& what) { out_ << "info string error: " << what << "\n"; }

  void setoption(std::istringstream& is) {
    std::string word, name, value;
    is >> word;
    if (word != "name") return error("setoption: expected 'setoption name <id> [value <x>]'");
    while (is >> word && word != "value") name += (name.empty() ? "" : " ") + word;
    std::getline(is >> std::ws, value);
    if (name.empty()) return error("setoption: missing option name");
    // Accepted but unused until the search lands; a bad value is still an error.
    if (name == "USI_Hash") {
      if (!parse_int(value, 1, 65536)) error("setoption: USI_Hash must be an integer from 1 to 65536, got '" + value + "'");
    } else if (name == "USI_Ponder") {
      if (value != "true" && value != "false") error("setoption: USI_Ponder must be 'true' or 'false', got '" + value + "'");
    } else {
      error("setoption: unknown option '" + name + "'");
    }
  }

  // The whole of `text` as a decimal integer in [lo, hi] ("3abc" is not 3).
  static std::optional<int> parse_int(std::string_view text, int lo, int hi) {
    int v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || v < lo || v > hi) return std::nullopt;
    return v;
  }

  // "position startpos|sfen <sfen> [moves m1 m2 ...]". Nothing changes unless all of it is valid.
  void position(std::istringstream& is) {
    std::string word, sfen;
    bool has_moves = false;
    is >> word;
    if (word == "startpos") {
      sfen = "startpos";
      word.clear();
      is >> word;
      if (!word.empty() && word != "moves") return error("position: expected 'moves' after 'startpos', got '" + word + "'");
      has_moves = word == "moves";
    } else if (word == "sfen") {
      while (is >> word && !(has_moves = word == "moves")) sfen += word + " ";
    } else {
      return error("position: expected 'startpos' or 'sfen', got '" + word + "'");
    }
    std::vector<std::string> moves;
    if (has_moves)
      for (std::string m; is >> m;) moves.push_back(m);
    if (auto err = set_position(sfen, moves)) error("position: " + *err);
  }

  std::optional<std::string> set_position(const std::string& sfen, const std::vector<std::string>& moves) {
    auto pos = std::make_unique<Position>();
    auto states = std::make_unique<std::deque<StateInfo>>(1);
    if (auto err = pos->set(sfen, &states->back())) return err;
    for (size_t i = 0; i < moves.size(); ++i) {
      std::string why;
      const Move m = parse_usi_move(*pos, moves[i], &why);
      if (m == MOVE_NONE) return "move " + std::to_string(i + 1) + ": " + why;
      states->emplace_back();
      pos->do_move(m, states->back());
    }
    pos_ = std::move(pos);
    states_ = std::move(states);
    return std::nullopt;
  }

  void go(std::istringstream& is) {
    std::string word;
    is >> word;
    if (word != "perft") return error("go: only 'go perft <depth>' is available until the search module lands");
    std::string depth_text;
    is >> depth_text;
    const auto parsed = parse_int(depth_text, 1, 20);
    if (!parsed) return error("go perft: depth must be an integer from 1 to 20, got '" + depth_text + "'");
    const int depth = *parsed;
    const auto t0 = std::chrono::steady_clock::now();
    uint64_t total = 0;
    for (const auto& [m, n] : perft_divide(*pos_, depth)) {
      out_ << to_usi(m) << ": " << n << "\n";
      total += n;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    out_ << "\nNodes searched: " << total << "\n";
    out_ << "info string perft " << depth << " time " << int64_t(s * 1000) << " ms, "
         << int64_t(s > 0 ? total / s : 0) << " leaves/s\n";
  }

  std::ostream& out_ = std::cout;
  std::unique_ptr<Position> pos_;
  std::unique_ptr<std::deque<StateInfo>> states_;
};

}  // namespace
}  // namespace sashite

int main(int argc, char* argv[]) {
  std::ios::sync_with_stdio(false);
  sashite::UsiEngine engine;
  if (argc > 1) {
    for (int i = 1; i < argc; ++i)
      if (!engine.execute(argv[i])) break;
    return 0;
  }
  for (std::string line; std::getline(std::cin, line);)
    if (!engine.execute(line)) break;
  return 0;
}
