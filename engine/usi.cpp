// The USI program. Reads commands from standard input (or from its arguments, one command per
// argument, then exits). A bad command answers "info string error: ..." and the loop goes on.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <deque>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "engine/notation.h"
#include "movegen_diff/diff_position.h"
#include "movegen_full/perft.h"
#include "movegen_full/usi_move.h"

namespace sashite {
namespace {

// A position of either generator and the states of the moves that led to it. Pos is not
// movable (the differential one owns its list arena), so games are held by pointer.
template <class Pos>
struct Game {
  Pos pos;
  std::deque<typename Pos::State> states;
};
using FullGame = Game<Position>;
using DiffGame = Game<DiffPosition<DefaultHand>>;  // LegalAll cache: what perft asks for

const Position& board_of(const Position& pos) { return pos; }
const Position& board_of(const DiffPosition<DefaultHand>& pos) { return pos.base(); }

// Option MoveGen: which generator `position`, `d` and `go perft` run through.
enum class MoveGen { Full, Diff };

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
           << "option name USI_Ponder type check default false\n"
           << "option name MoveGen type combo default full var full var diff\nusiok\n";
    } else if (cmd == "isready") {
      out_ << "readyok\n";
    } else if (cmd == "usinewgame" || cmd == "stop" || cmd == "ponderhit" || cmd == "gameover") {
    } else if (cmd == "setoption") {
      setoption(is);
    } else if (cmd == "position") {
      position(is);
    } else if (cmd == "d") {
      std::visit([&](const auto& game) { out_ << board_of(game->pos).pretty(); }, game_);
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
    } else if (name == "MoveGen") {
      if (value != "full" && value != "diff")
        return error("setoption: MoveGen must be 'full' or 'diff', got '" + value + "'");
      movegen_ = value == "diff" ? MoveGen::Diff : MoveGen::Full;
      // The current position, rebuilt for the other generator (it was valid: it cannot fail).
      if (auto err = set_position(sfen_, moves_)) error("setoption: MoveGen: " + *err);
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

  // Nothing changes unless the SFEN and every move are valid.
  std::optional<std::string> set_position(const std::string& sfen, const std::vector<std::string>& moves) {
    auto err = movegen_ == MoveGen::Diff ? load<DiffGame>(sfen, moves) : load<FullGame>(sfen, moves);
    if (err) return err;
    sfen_ = sfen;
    moves_ = moves;
    return std::nullopt;
  }

  template <class G>
  std::optional<std::string> load(const std::string& sfen, const std::vector<std::string>& moves) {
    auto game = std::make_unique<G>();
    if (auto err = game->pos.set(sfen, &game->states.emplace_back())) return err;
    for (size_t i = 0; i < moves.size(); ++i) {
      std::string why;
      const Move m = parse_usi_move(board_of(game->pos), moves[i], &why);
      if (m == MOVE_NONE) return "move " + std::to_string(i + 1) + ": " + why;
      game->pos.do_move(m, game->states.emplace_back());
    }
    game_ = std::move(game);
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
    // Sorted by move text: the generators order moves differently, their output must not differ.
    std::vector<std::pair<std::string, uint64_t>> divide;
    std::visit([&](auto& game) {
      for (const auto& [m, n] : perft_divide(game->pos, depth)) divide.emplace_back(to_usi(m), n);
    }, game_);
    std::sort(divide.begin(), divide.end());
    for (const auto& [m, n] : divide) {
      out_ << m << ": " << n << "\n";
      total += n;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    out_ << "\nNodes searched: " << total << "\n";
    out_ << "info string perft " << depth << " time " << int64_t(s * 1000) << " ms, "
         << int64_t(s > 0 ? total / s : 0) << " leaves/s, MoveGen " << movegen_name() << "\n";
  }

  // The generator the position in force runs through.
  const char* movegen_name() const {
    return std::holds_alternative<std::unique_ptr<DiffGame>>(game_) ? "diff" : "full";
  }

  std::ostream& out_ = std::cout;
  MoveGen movegen_ = MoveGen::Full;
  std::variant<std::unique_ptr<FullGame>, std::unique_ptr<DiffGame>> game_;
  std::string sfen_;                // the current position as last set, so that a MoveGen
  std::vector<std::string> moves_;  // change can rebuild it for the other generator
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
