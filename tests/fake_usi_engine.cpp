// A USI engine for the match runner's tests: it plays the first legal move of the position, or
// misbehaves at its N-th `go` of a game (counted from `usinewgame`):
//   --illegal-at N      answers "bestmove 1a1a"
//   --crash-at N        aborts
//   --hang-at N         never answers that go
//   --oversleep-at N:MS answers MS milliseconds late
//   --win-at N          answers "bestmove win" (a declaration, valid or not)
//   --resign-at N       answers "bestmove resign"
//   --score CP          reports "score cp CP" with every move (default 0)
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "engine/position_line.h"
#include "engine/usi_text.h"
#include "movegen_full/movegen.h"
#include "rules/game_history.h"

namespace {

struct Faults {
  int illegal_at = 0, crash_at = 0, hang_at = 0, oversleep_at = 0, win_at = 0, resign_at = 0;
  int oversleep_ms = 0, score = 0;
};

int arg_int(std::string_view v) { return std::atoi(std::string(v).c_str()); }

}  // namespace

int main(int argc, char** argv) {
  using namespace sashite;
  Faults f;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view k = argv[i], v = argv[i + 1];
    if (k == "--illegal-at")
      f.illegal_at = arg_int(v);
    else if (k == "--crash-at")
      f.crash_at = arg_int(v);
    else if (k == "--hang-at")
      f.hang_at = arg_int(v);
    else if (k == "--win-at")
      f.win_at = arg_int(v);
    else if (k == "--resign-at")
      f.resign_at = arg_int(v);
    else if (k == "--score")
      f.score = arg_int(v);
    else if (k == "--oversleep-at") {
      f.oversleep_at = arg_int(v);
      f.oversleep_ms = arg_int(v.substr(v.find(':') + 1));
    } else {
      std::cerr << "fake_usi_engine: unknown argument " << k << "\n";
      return 2;
    }
  }
  GameHistory game;
  replay_game(Position::kStartSfen, "", game);
  int goes = 0;
  for (std::string line; std::getline(std::cin, line);) {
    std::string_view rest = usi::trim(line);
    const std::string_view cmd = usi::next_word(rest);
    if (cmd == "usi")
      std::cout << "id name fake\nusiok" << std::endl;
    else if (cmd == "isready")
      std::cout << "readyok" << std::endl;
    else if (cmd == "quit")
      return 0;
    else if (cmd == "usinewgame")
      goes = 0;
    else if (cmd == "position") {
      const std::string_view kind = usi::next_word(rest);
      std::string sfen(Position::kStartSfen);
      if (kind == "sfen") {
        const size_t moves_at = rest.find(" moves");
        sfen = std::string(usi::trim(rest.substr(0, moves_at)));
        rest = moves_at == std::string_view::npos ? "" : rest.substr(moves_at);
      }
      rest = usi::trim(rest);
      if (usi::first_word(rest) == "moves") usi::next_word(rest);
      if (auto err = replay_game(sfen, rest, game)) std::cout << "info string bad position: " << *err << std::endl;
    } else if (cmd == "go") {
      ++goes;
      if (goes == f.crash_at) std::abort();
      if (goes == f.hang_at) continue;
      if (goes == f.oversleep_at) std::this_thread::sleep_for(std::chrono::milliseconds(f.oversleep_ms));
      std::string best;
      if (goes == f.illegal_at)
        best = "1a1a";
      else if (goes == f.win_at)
        best = "win";
      else if (goes == f.resign_at)
        best = "resign";
      else {
        PositionLine<> g(game.final_sfen);
        const MoveList<GenType::LegalAll> legal(g.pos);
        best = legal.size() ? to_usi(legal.begin()->move) : "resign";
      }
      std::cout << "info depth 1 score cp " << f.score << " nodes 1000 nps 1000000\nbestmove " << best << std::endl;
    }
  }
}
