// The USI program `sashite`: engine/usi.h's protocol loop wired to the move generators. Reads
// commands from standard input, or from its arguments (one command per argument, then exits).
// A bad command answers "info string error: ..." and the loop goes on.
//
// It lives in search/ because it is the engine's front end: it needs both generators (the
// option MoveGen picks one), and `go` will run the search from here.
#include <algorithm>
#include <chrono>
#include <deque>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "engine/usi.h"
#include "movegen_diff/diff_position.h"
#include "movegen_full/perft.h"
#include "movegen_full/usi_move.h"

namespace sashite {
namespace {

// A position of either generator and the states of the moves that led to it. Pos is not
// movable (the differential one owns its list arena), so games are held by pointer.
template <class Pos>
struct UsiGame {
  Pos pos;
  std::deque<typename Pos::State> states;
};
using FullGame = UsiGame<Position>;
using DiffGame = UsiGame<DiffPosition<DefaultHand>>;  // LegalAll cache: what perft asks for

const Position& board_of(const Position& pos) { return pos; }
const Position& board_of(const DiffPosition<DefaultHand>& pos) { return pos.base(); }

// Option MoveGen: which generator `position`, `d` and `go perft` run through.
enum class MoveGen { Full, Diff };

class UsiEngine {
 public:
  UsiEngine() { set_position(std::string(Position::kStartSfen), {}); }

  usi::Job execute(std::string_view line) {
    std::istringstream is{std::string(line)};
    std::string cmd;
    is >> cmd;
    if (cmd == "usi") {
      out_ << "id name sashite\nid author the sashite developers\n"
           << "option name USI_Hash type spin default 16 min 1 max 65536\n"
           << "option name USI_Ponder type check default false\n"
           << "option name MoveGen type combo default full var full var diff\nusiok\n";
    } else if (cmd == "isready") {
      out_ << "readyok\n";
    } else if (cmd == "usinewgame" || cmd == "ponderhit" || cmd == "gameover") {
    } else if (cmd == "setoption") {
      setoption(is);
    } else if (cmd == "position") {
      std::string args;
      std::getline(is, args);
      position(args);
    } else if (cmd == "d") {
      std::visit([&](const auto& game) { out_ << board_of(game->pos).pretty(); }, game_);
    } else if (cmd == "go") {
      return go(is);
    } else {
      error("unknown command " + quoted(cmd));
    }
    return {};
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
      if (!usi::parse_int(value, 1, 65536)) error("setoption: USI_Hash must be an integer from 1 to 65536, got " + quoted(value));
    } else if (name == "USI_Ponder") {
      if (value != "true" && value != "false") error("setoption: USI_Ponder must be 'true' or 'false', got " + quoted(value));
    } else if (name == "MoveGen") {
      if (value != "full" && value != "diff") return error("setoption: MoveGen must be 'full' or 'diff', got " + quoted(value));
      movegen_ = value == "diff" ? MoveGen::Diff : MoveGen::Full;
      // The current position, rebuilt for the other generator (it was valid: it cannot fail).
      if (auto err = set_position(sfen_, moves_)) error("setoption: MoveGen: " + *err);
    } else {
      error("setoption: unknown option " + quoted(name));
    }
  }

  // Nothing changes unless all of it is valid.
  void position(std::string_view args) {
    usi::PositionCommand c = usi::parse_position(args);
    if (!c.error.empty()) return error("position: " + c.error);
    if (auto err = set_position(c.sfen, c.moves)) error("position: " + *err);
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

  // "go perft <depth>": a job, so that `stop` and `quit` are read while it runs. The output is
  // fairy-stockfish's (one "move: count" line per root move, a blank line, "Nodes searched: N"
  // and a blank line) after one info line with the time, so that the two diff cleanly.
  usi::Job go(std::istringstream& is) {
    std::string word;
    is >> word;
    if (word != "perft") {
      error("go: only 'go perft <depth>' is available until the search module lands");
      return {};
    }
    std::string depth_text;
    is >> depth_text;
    const auto depth = usi::parse_int(depth_text, 1, 20);
    if (!depth) {
      error("go perft: depth must be an integer from 1 to 20, got " + quoted(depth_text));
      return {};
    }
    return [this, depth = *depth](const std::atomic<bool>& stop) { perft_job(depth, stop); };
  }

  void perft_job(int depth, const std::atomic<bool>& stop) {
    const auto t0 = std::chrono::steady_clock::now();
    auto stopped = [&stop] { return stop.load(std::memory_order_relaxed); };
    // Sorted by move text: the generators order moves differently, their output must not differ.
    std::vector<std::pair<std::string, uint64_t>> divide;
    std::visit([&](auto& game) {
      for (const auto& [m, n] : perft_divide(game->pos, depth, stopped)) divide.emplace_back(to_usi(m), n);
    }, game_);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (stopped()) {
      out_ << "info string perft " << depth << " stopped after " << int64_t(seconds * 1000) << " ms\n";
      return;
    }
    std::sort(divide.begin(), divide.end());
    uint64_t total = 0;
    for (const auto& [m, n] : divide) total += n;
    out_ << "info string perft " << depth << " time " << int64_t(seconds * 1000) << " ms, "
         << int64_t(seconds > 0 ? double(total) / seconds : 0) << " leaves/s, MoveGen " << movegen_name() << "\n";
    for (const auto& [m, n] : divide) out_ << m << ": " << n << "\n";
    out_ << "\nNodes searched: " << total << "\n\n";
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
  sashite::usi::Loop loop([&engine](std::string_view line) { return engine.execute(line); });
  if (argc > 1)
    loop.run(std::vector<std::string>(argv + 1, argv + argc));
  else
    loop.run(std::cin);
  return 0;
}
