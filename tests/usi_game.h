// One game between two USI engines, refereed by the library's own rules (test support).
//
// Each engine runs as a child (usi_process.h). The driver keeps the clocks, sends
// "position ... moves ..." and "go btime B wtime W ..." for each move, times the answer itself,
// and checks every move against MoveList<GenType::LegalAll> of the game's Position. The game
// ends on resignation, a move that is not legal (loss), no legal move (mate: loss for the side
// to move), fourfold repetition (draw, or a loss for the side that checked on every one of its
// moves since the first occurrence), a declaration (`bestmove win`: won if
// GameOptions::declaration_valid accepts the position, else lost), the ply cap (draw), a
// bestmove later than the time available plus GameOptions::margin_ms (loss on time), or an
// engine that dies or never finishes its handshake (loss).
#pragma once

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/game.h"
#include "engine/usi.h"
#include "movegen_full/usi_move.h"
#include "search/game_history.h"
#include "usi_process.h"

namespace sashite::testing {

struct EngineSpec {
  std::string program;              // a path: PATH is not searched (find_program does that)
  std::vector<std::string> args;
  std::vector<std::string> setup;   // lines sent after usiok, before isready (setoption ...)
};

// The same clock for both sides. The go command carries "btime B wtime W", then
// "byoyomi X" unless only an increment is set, then "binc I winc I" if one is: an engine that
// knows only byoyomi (gpsusi) can play byoyomi games.
struct TimeControl {
  int64_t main_ms = 0;     // initial btime/wtime
  int64_t byoyomi_ms = 0;  // per move once the main time is gone; not carried over
  int64_t inc_ms = 0;      // added to the main time at the start of each move (Fischer)
};

struct GameOptions {
  std::string start_sfen = std::string(Position::kStartSfen);
  TimeControl clock{0, 200, 0};
  // Slack beyond the clock for the pipes and the scheduler of a shared machine: a bestmove
  // this much past the flag loses on time. Moves inside it are counted (EngineStats::late).
  int64_t margin_ms = 1000;
  int max_plies = 300;  // reaching it is a draw
  std::chrono::milliseconds handshake_timeout{30'000};  // usiok, readyok (gpsusi: ~4 s)
  // Whether a `bestmove win` in this position is a valid declaration. Empty: every
  // declaration is refused (the declarer loses).
  std::function<bool(const Position&)> declaration_valid;
};

enum class GameResult { BlackWins, WhiteWins, Draw };
enum class EndReason {
  Resignation,
  Checkmate,        // no legal move for the side to move
  Repetition,       // fourfold, a draw
  PerpetualCheck,   // fourfold with one side checking throughout: it loses
  Declaration,      // valid `bestmove win`
  BadDeclaration,   // `bestmove win` declaration_valid refused
  MaxPlies,
  Timeout,
  IllegalMove,      // not in LegalAll, or not a move at all
  EngineFailure,    // could not start, died, or failed the handshake
};

inline const char* to_string(GameResult r) {
  switch (r) {
    case GameResult::BlackWins: return "black wins";
    case GameResult::WhiteWins: return "white wins";
    case GameResult::Draw: return "draw";
  }
  return "?";
}

inline const char* to_string(EndReason r) {
  switch (r) {
    case EndReason::Resignation: return "resignation";
    case EndReason::Checkmate: return "checkmate";
    case EndReason::Repetition: return "repetition";
    case EndReason::PerpetualCheck: return "perpetual check";
    case EndReason::Declaration: return "declaration";
    case EndReason::BadDeclaration: return "bad declaration";
    case EndReason::MaxPlies: return "max plies";
    case EndReason::Timeout: return "timeout";
    case EndReason::IllegalMove: return "illegal move";
    case EndReason::EngineFailure: return "engine failure";
  }
  return "?";
}

struct EngineStats {
  std::string name;          // the `id name` line, else the program
  int64_t last_nodes = -1;   // from the last `info ... nodes N` line; -1: never given
  int64_t last_nps = -1;     // likewise `nps`
  int64_t total_think_ms = 0, max_think_ms = 0;
  int moves = 0;
  int late = 0;              // bestmoves past the flag but inside the margin
};

struct GameRecord {
  GameResult result = GameResult::Draw;
  EndReason reason = EndReason::MaxPlies;
  std::string detail;                 // one line: who, what and why
  std::vector<std::string> moves;     // USI text of every move played
  std::vector<int64_t> think_ms;      // per move, from `go` sent to `bestmove` read
  EngineStats engines[COLOR_NB];
  std::string final_sfen;
};

namespace detail {

// The value after `key` in an info line ("info depth 5 nodes 1234 nps 5000").
inline std::optional<int64_t> info_value(std::string_view line, std::string_view key) {
  for (std::string_view word; !(word = usi::next_word(line)).empty();) {
    if (word == "pv" || word == "string") return std::nullopt;  // moves and text follow
    if (word != key) continue;
    const std::string_view v = usi::next_word(line);
    int64_t n = 0;
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
    if (ec == std::errc() && end == v.data() + v.size()) return n;
    return std::nullopt;
  }
  return std::nullopt;
}

class Player {
 public:
  // Starts the program and sends `usi` (the answer is read by handshake(), so that both
  // engines start up at once).
  Player(const EngineSpec& spec, EngineStats& stats) : stats_(stats) {
    std::vector<std::string> argv{spec.program};
    argv.insert(argv.end(), spec.args.begin(), spec.args.end());
    stats_.name = spec.program;
    try {
      process_ = std::make_unique<UsiProcess>(argv);
    } catch (const std::exception& e) {
      error_ = e.what();
      return;
    }
    if (!process_->send("usi")) fail();
  }

  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }

  bool handshake(const EngineSpec& spec, std::chrono::milliseconds timeout) {
    if (!ok()) return false;
    const auto lines = process_->read_until([](std::string_view l) { return usi::first_word(l) == "usiok"; }, timeout);
    if (!lines) return fail();
    for (const std::string& l : *lines)
      if (l.starts_with("id name ")) stats_.name = l.substr(8);
    for (const std::string& line : spec.setup)
      if (!process_->send(line)) return fail();
    if (!process_->send("isready")) return fail();
    if (!process_->read_until([](std::string_view l) { return usi::trim(l) == "readyok"; }, timeout)) return fail();
    return process_->send("usinewgame") || fail();
  }

  // Sends the position and go, and returns the bestmove line's words after "bestmove" (the
  // move; any "ponder" is dropped), or nullopt when none came before `deadline` (*timed_out
  // tells a timeout from a dead engine). *think_ms: from the go written to the line read.
  std::optional<std::string> think(const std::string& position, const std::string& go,
                                   std::chrono::milliseconds deadline, int64_t* think_ms, bool* timed_out) {
    using Clock = std::chrono::steady_clock;
    *timed_out = false;
    if (!process_->send(position) || !process_->send(go)) {
      fail();
      return std::nullopt;
    }
    const auto start = Clock::now();
    std::optional<std::string> best;
    const auto lines = process_->read_until(
        [&](std::string_view l) {
          const std::string_view head = usi::first_word(l);
          if (head == "info") {
            if (auto n = info_value(l, "nodes")) stats_.last_nodes = *n;
            if (auto n = info_value(l, "nps")) stats_.last_nps = *n;
          }
          if (head != "bestmove") return false;
          std::string_view rest = usi::trim(l);
          usi::next_word(rest);
          best = std::string(usi::next_word(rest));
          return true;
        },
        deadline);
    *think_ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    if (!lines) {
      fail();
      *timed_out = error_.starts_with("timed out");  // usi_process.h's read_line wording
      return std::nullopt;
    }
    return best;
  }

  // Tells the engine the result and lets it exit; the process is killed if it lingers.
  void finish(const char* gameover) {
    if (!process_) return;
    process_->send("stop", std::chrono::milliseconds(200));  // an engine still thinking after a timeout
    process_->send(std::string("gameover ") + gameover, std::chrono::milliseconds(200));
    process_->send("quit", std::chrono::milliseconds(200));
    process_->wait_exit(std::chrono::milliseconds(1000));
    process_.reset();  // kills it if still running
  }

 private:
  bool fail() {
    if (error_.empty()) error_ = process_ ? process_->error() : "not started";
    return false;
  }

  EngineStats& stats_;
  std::unique_ptr<UsiProcess> process_;
  std::string error_;
};

}  // namespace detail

// gpsusi (Debian gpsshogi): `go` must carry "btime B wtime W byoyomi X" (any other go word,
// binc or movetime, makes it throw and exit). Startup takes ~2 s to usiok and ~2 s to readyok
// (it loads its tables). It writes a board and its search log to stderr on every move: run
// through sh to drop them. One thread, to share the machine with the other engine; its book is
// kept: the opening still varies with the other engine's timing. nullopt: not installed.
inline std::optional<EngineSpec> gpsusi_engine() {
  auto path = find_program("gpsusi", "/usr/games/gpsusi");
  if (!path) return std::nullopt;
  return EngineSpec{"/bin/sh", {"-c", "exec \"$0\" 2>/dev/null", *path}, {"setoption name Thread value 1"}};
}

// fairy-stockfish playing shogi on one thread; nullopt: not installed.
inline std::optional<EngineSpec> fairy_stockfish_engine() {
  auto path = find_program("fairy-stockfish", "/usr/games/fairy-stockfish");
  if (!path) return std::nullopt;
  return EngineSpec{*path, {}, {"setoption name UCI_Variant value shogi", "setoption name Threads value 1", "setoption name Hash value 16"}};
}

// This build's USI program (SASHITE_BIN_DIR: tests/CMakeLists.txt); `setup`: setoption lines.
inline EngineSpec sashite_engine(std::vector<std::string> setup = {}) {
  return EngineSpec{std::string(SASHITE_BIN_DIR) + "/sashite", {}, std::move(setup)};
}

// The game ended by the rules of shogi, not by an engine's fault or the driver's cap on time.
inline bool ended_by_rule(EndReason r) {
  return r == EndReason::Resignation || r == EndReason::Checkmate || r == EndReason::Repetition ||
         r == EndReason::PerpetualCheck || r == EndReason::MaxPlies || r == EndReason::Declaration;
}

inline GameRecord play_game(const EngineSpec& black, const EngineSpec& white, const GameOptions& opt) {
  GameRecord rec;
  const EngineSpec* spec[COLOR_NB] = {&black, &white};
  std::unique_ptr<detail::Player> player[COLOR_NB];
  for (Color c : {BLACK, WHITE}) player[c] = std::make_unique<detail::Player>(*spec[c], rec.engines[c]);

  auto side_name = [&](Color c) { return std::string(c == BLACK ? "black (" : "white (") + rec.engines[c].name + ")"; };
  auto end = [&](GameResult result, EndReason reason, std::string detail) {
    rec.result = result;
    rec.reason = reason;
    rec.detail = std::move(detail);
  };
  auto loses = [&](Color c, EndReason reason, const std::string& why) {
    end(c == BLACK ? GameResult::WhiteWins : GameResult::BlackWins, reason, side_name(c) + ": " + why);
  };

  Game<> game = [&] {  // a bad start is the caller's argument, not a runtime failure
    try {
      return Game<>(opt.start_sfen);
    } catch (const std::runtime_error& e) {
      throw std::invalid_argument(std::string("start SFEN: ") + e.what());
    }
  }();
  Position& pos = game.pos;
  GameHistory history;  // keys and checks per ply, for the library's fourfold rule
  history.keys.push_back(pos.key());
  history.gave_check.push_back(pos.in_check());

  bool over = false;
  for (Color c : {BLACK, WHITE})
    if (!over && !player[c]->handshake(*spec[c], opt.handshake_timeout)) {
      loses(c, EndReason::EngineFailure, player[c]->error());
      over = true;
    }

  const bool is_startpos = opt.start_sfen == Position::kStartSfen;
  std::string position = is_startpos ? "position startpos" : "position sfen " + opt.start_sfen;
  int64_t remaining[COLOR_NB] = {opt.clock.main_ms, opt.clock.main_ms};
  const bool byoyomi_word = opt.clock.byoyomi_ms > 0 || opt.clock.inc_ms == 0;

  while (!over) {
    const Color us = pos.side_to_move();
    const MoveList<GenType::LegalAll> legal(pos);
    if (legal.size() == 0) {
      loses(us, EndReason::Checkmate, "no legal move");
      break;
    }
    if (int(rec.moves.size()) >= opt.max_plies) {
      end(GameResult::Draw, EndReason::MaxPlies, std::to_string(opt.max_plies) + " plies played");
      break;
    }

    // Time: the increment is added as the move starts; byoyomi begins when the main time ends.
    std::string go = "go btime " + std::to_string(remaining[BLACK]) + " wtime " + std::to_string(remaining[WHITE]);
    if (byoyomi_word) go += " byoyomi " + std::to_string(opt.clock.byoyomi_ms);
    if (opt.clock.inc_ms > 0) go += " binc " + std::to_string(opt.clock.inc_ms) + " winc " + std::to_string(opt.clock.inc_ms);
    const int64_t available = remaining[us] + opt.clock.inc_ms + opt.clock.byoyomi_ms;

    int64_t think_ms = 0;
    bool timed_out = false;
    const auto answer = player[us]->think(position, go, std::chrono::milliseconds(available + opt.margin_ms), &think_ms, &timed_out);
    if (!answer) {
      if (timed_out) loses(us, EndReason::Timeout, "no bestmove within " + std::to_string(available) + " + " + std::to_string(opt.margin_ms) + " ms");
      else loses(us, EndReason::EngineFailure, player[us]->error());
      break;
    }
    EngineStats& st = rec.engines[us];
    ++st.moves;
    st.total_think_ms += think_ms;
    st.max_think_ms = std::max(st.max_think_ms, think_ms);
    if (think_ms > available) ++st.late;
    remaining[us] = std::max<int64_t>(remaining[us] + opt.clock.inc_ms - think_ms, 0);

    if (*answer == "resign") {
      loses(us, EndReason::Resignation, "resigned");
      break;
    }
    if (*answer == "win") {
      if (opt.declaration_valid && opt.declaration_valid(pos))
        end(us == BLACK ? GameResult::BlackWins : GameResult::WhiteWins, EndReason::Declaration, side_name(us) + ": declared a win");
      else
        loses(us, EndReason::BadDeclaration, "declared a win in " + pos.sfen() + ", which does not qualify");
      break;
    }
    std::string why;
    const Move m = parse_usi_move(pos, *answer, &why);
    if (m == MOVE_NONE) {
      loses(us, EndReason::IllegalMove, why);
      break;
    }
    rec.moves.push_back(*answer);
    rec.think_ms.push_back(think_ms);
    position += (rec.moves.size() == 1 ? " moves " : " ") + *answer;
    game.play(m);
    history.keys.push_back(pos.key());
    history.gave_check.push_back(pos.in_check());
    if (const Repetition r = fourfold_repetition(history); r != Repetition::None) {
      if (r == Repetition::Draw) end(GameResult::Draw, EndReason::Repetition, "fourfold repetition");
      else loses(r == Repetition::Loss ? ~us : us, EndReason::PerpetualCheck, "gave check on every move of a fourfold repetition");
      break;
    }
  }

  rec.final_sfen = pos.sfen();
  for (Color c : {BLACK, WHITE})
    player[c]->finish(rec.result == GameResult::Draw                                  ? "draw"
                      : (rec.result == GameResult::BlackWins) == (c == BLACK) ? "win"
                                                                              : "lose");
  return rec;
}

}  // namespace sashite::testing
