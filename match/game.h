// One game between two USI engines, refereed by the library's own rules.
//
// Each engine is a child process (child_process.h) kept by a Player across games and started
// again after it crashed, hung or overslept. The USI client side (game.cpp) keeps the clocks,
// sends "position ... moves ..." and a go command for each move and times the answer itself;
// the referee checks every move against MoveList<GenType::LegalAll> of the game's Position and
// judges the end, knowing nothing of engines or pipes. The game ends on resignation, a move
// that is not legal (loss; a pawn-drop mate is not in LegalAll), no legal move (mate: loss for
// the side to move), fourfold repetition (draw, or a loss for the side that checked on every
// one of its moves since the first occurrence), a declaration (`bestmove win`: won if the
// 27-point rule of rules/declaration.h holds, else lost), the ply cap (draw), a bestmove later
// than the time available plus GameOptions::margin_ms (loss on time), an engine that dies or
// never finishes its handshake (loss), or, when enabled, both engines' scores.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"
#include "match/time_control.h"

namespace sashite::match {

class ChildProcess;

struct EngineSpec {
  std::string name;     // label in records and summaries; empty: the `id name` line
  std::string program;  // a path: PATH is not searched (find_program does that)
  std::vector<std::string> args;
  std::vector<std::string> setup;  // lines sent after usiok, before isready (setoption ...)
  std::string stderr_path;         // the engine's stderr, appended; empty: the runner's own
};

// Score adjudication, both off (0) by default. Resign: for `moves` consecutive moves of each
// side, the mover's score is at least `cp` for one side and at most -cp for the other (the two
// engines agree who is winning). Draw: from ply `from_ply` on, |score| <= `cp` on `moves`
// consecutive moves of each side.
struct Adjudication {
  int resign_moves = 0, resign_cp = 0;
  int draw_from_ply = 0, draw_moves = 0, draw_cp = 0;
};

struct GameOptions {
  std::string start_sfen = std::string(Position::kStartSfen);
  TimeControl clock[COLOR_NB] = {TimeControl::byoyomi(200), TimeControl::byoyomi(200)};  // by colour
  // Slack beyond the clock for the pipes and the scheduler of a shared machine: a bestmove
  // this much past the flag loses on time. Moves inside it are counted (EngineStats::late).
  int64_t margin_ms = 1000;
  // Longest wait for a bestmove under fixed nodes or depth, which set no clock: past it the
  // engine is taken to hang and loses on time.
  int64_t unclocked_limit_ms = 60'000;
  int max_plies = 320;                                  // reaching it is a draw
  std::chrono::milliseconds handshake_timeout{30'000};  // usiok, readyok (gpsusi: ~4 s)
  // Whether a `bestmove win` in this position is a valid declaration. Empty: the 27-point rule.
  std::function<bool(const Position&)> declaration_valid;
  Adjudication adjudication;

  void set_clock(const TimeControl& tc) { clock[BLACK] = clock[WHITE] = tc; }
};

enum class GameResult { BlackWins, WhiteWins, Draw };
enum class EndReason {
  Resignation,
  Checkmate,       // no legal move for the side to move
  Repetition,      // fourfold, a draw
  PerpetualCheck,  // fourfold with one side checking throughout: it loses
  Declaration,     // valid `bestmove win`
  BadDeclaration,  // `bestmove win` where the rule does not hold
  MaxPlies,
  Timeout,
  IllegalMove,      // not in LegalAll, or not a move at all
  EngineFailure,    // could not start, died, or failed the handshake
  AdjudicatedWin,   // both scores agree, Adjudication::resign_*
  AdjudicatedDraw,  // Adjudication::draw_*
};

const char* to_string(GameResult r);
const char* to_string(EndReason r);
std::optional<EndReason> end_reason_from_string(std::string_view s);

// The game ended by the rules of shogi, not by an engine's fault or the referee's cap on time.
bool ended_by_rule(EndReason r);

struct EngineStats {
  std::string name;         // the spec's name, else the `id name` line, else the program
  int64_t last_nodes = -1;  // from the last `info ... nodes N` line; -1: never given
  int64_t last_nps = -1;    // likewise `nps`
  int64_t nodes = 0;        // sum over moves of the last `nodes` before each bestmove
  int64_t timed_us = 0;     // think time in microseconds of the moves that reported nodes (nps)
  int64_t total_think_ms = 0, max_think_ms = 0;
  int moves = 0;
  int late = 0;      // bestmoves past the flag but inside the margin
  int restarts = 0;  // processes started again (after a crash, hang or oversleep) for this game
  int64_t measured_nps() const { return timed_us > 0 ? nodes * 1'000'000 / timed_us : -1; }
};

struct GameRecord {
  std::string start_sfen;
  GameResult result = GameResult::Draw;
  EndReason reason = EndReason::MaxPlies;
  std::string detail;              // one line: who, what and why
  std::vector<std::string> moves;  // USI text of every move played
  std::vector<int64_t> think_ms;   // per move, from `go` sent to `bestmove` read
  std::string bad_move;            // the illegal move's text, if that ended the game
  EngineStats engines[COLOR_NB];
  std::string final_sfen;
  TimeControl clock[COLOR_NB];
};

// An engine across games: started on first use and again after it failed.
class Player {
 public:
  explicit Player(EngineSpec spec);
  ~Player();
  Player(const Player&) = delete;
  Player& operator=(const Player&) = delete;

  const EngineSpec& spec() const { return spec_; }
  // The spec's name, else the engine's `id name` once it has started, else the program.
  const std::string& name() const { return name_; }
  int starts() const { return starts_; }

  // Starts the engine unless it runs, finishes its handshake and sends usinewgame. false: the
  // reason is in error().
  bool new_game(std::chrono::milliseconds timeout);
  // Sends the position and go; the move word of the bestmove line, or nullopt (error(); a
  // timeout sets *timed_out). The info lines seen meanwhile update `stats` and *score.
  std::optional<std::string> think(const std::string& position, const std::string& go,
                                   std::chrono::milliseconds deadline, EngineStats& stats, int64_t* think_ms,
                                   bool* timed_out, std::optional<int>* score);
  // gameover win|lose|draw. An engine that failed this game is killed, to start afresh.
  void end_game(const char* result, bool failed);
  const std::string& error() const { return error_; }

 private:
  bool fail();
  void kill();

  EngineSpec spec_;
  std::string name_;
  std::unique_ptr<ChildProcess> process_;
  std::string error_;
  int starts_ = 0;
};

GameRecord play_game(Player& black, Player& white, const GameOptions& opt);

// Replays a record from its start: visit(position before the move, the move, its index) for
// each move. Throws std::logic_error on a move that is not legal there (the referee records
// only legal moves). The record writers' one walk over a game.
void replay(const GameRecord& rec, const std::function<void(const Position&, Move, size_t)>& visit);

// Engines started for this game only (the tests' form).
GameRecord play_game(const EngineSpec& black, const EngineSpec& white, const GameOptions& opt);

}  // namespace sashite::match
