// The engine behind the USI program `sashite`: the commands engine/usi.h's loop hands over
// (`usi`, `isready`, `setoption`, `position`, `d`, `go perft`), wired to both generators. A bad
// command answers "info string error: ..." on the output stream and changes nothing.
//
// A class of its own (not inside main) so that the fuzz target tests/fuzz/usi_fuzz.cpp drives
// the same code in-process. It lives in search/ because it is the engine's front end: it needs
// both generators (the option MoveGen picks one), and `go` will run the search from here.
#pragma once

#include <atomic>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "engine/usi.h"
#include "movegen_diff/diff_position.h"
#include "search/game_history.h"

namespace sashite {

// Option MoveGen: which generator `position`, `d` and `go perft` run through.
enum class MoveGen { Full, Diff };

class UsiEngine {
 public:
  explicit UsiEngine(std::ostream& out);
  ~UsiEngine();
  UsiEngine(const UsiEngine&) = delete;
  UsiEngine& operator=(const UsiEngine&) = delete;

  // One command line, trimmed (usi::Execute): answers on the output stream, and returns the
  // job of a `go` command, which the caller runs (the loop: on its worker thread).
  usi::Job execute(std::string_view line);

  // The game the last good `position` command set up (keys and checks per ply).
  const GameHistory& history() const { return history_; }

 private:
  // A position of either generator with the state set() fills. Not movable (the differential
  // one owns its list arena), so games are held by pointer.
  template <class Pos>
  struct Game {
    Pos pos;
    typename Pos::State state;
  };
  using FullGame = Game<Position>;
  using DiffGame = Game<DiffPosition<DefaultHand>>;  // LegalAll cache: what perft asks for

  void error(const std::string& what);
  void setoption(std::istream& is);
  void position(std::string_view args);
  std::optional<std::string> build(const std::string& sfen);
  usi::Job go(std::istream& is);
  void perft_job(int depth, const std::atomic<bool>& stop);
  const char* movegen_name() const;

  std::ostream& out_;
  MoveGen movegen_ = MoveGen::Full;
  GameHistory history_;  // the game to the position in force; MoveGen rebuilds from its end
  std::variant<std::unique_ptr<FullGame>, std::unique_ptr<DiffGame>> game_;
};

}  // namespace sashite
