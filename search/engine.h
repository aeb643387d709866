// Folder search/ (layer 8): the game-tree search and nothing else (configurations, search,
// move picker, evaluation and the effect sources it reads (effects/), tt/, time); includes the
// layers below, never mate/, usi/ or match/.
//
// One engine configuration behind a run-time interface: what the USI front end, the `bench`
// command and the tests drive. make_engine picks the configuration from the registry
// (search/engine_config.h) by its option values; each one owns its position, its state stack,
// its transposition table and its search.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/types.h"
#include "rules/game_history.h"
#include "search/features.h"
#include "search/limits.h"
#include "search/value.h"

namespace sashite {

// A configuration by its USI option values.
struct EngineChoice {
  std::string generator = "full";      // MoveGen
  std::string layout = "padded32";     // HandLayout
  std::string key_scheme = "xor";      // KeyScheme
  std::string tt = "classic";          // TTLayout
  std::string effects = "recomputed";  // EffectSource
  std::string name() const;            // "full/padded32-xor/classic[/<effects> unless the baseline]"
};

// Every registered configuration, in registry order.
std::vector<EngineChoice> registered_engine_choices();

// What a search reports at its end.
struct SearchResult {
  Move best = MOVE_NONE;  // MOVE_NONE: no legal move (resign)
  Move ponder = MOVE_NONE;
  bool declare_win = false;  // the entering-king declaration wins: answer "bestmove win"
  Value score = VALUE_NONE;
  int depth = 0;              // the iteration the answer comes from (the last completed one, or
                              // the unfinished one once its first move was searched)
  int seldepth = 0;           // the deepest ply reached, quiescence included
  int double_extensions = 0;  // the most double singular extensions on one path of the tree
  // Material-keeping checks searched without their check extension because they went through
  // the singular test (CheckingTTMoveExtension off), counted.
  uint64_t check_extensions_dropped = 0;
  uint64_t nodes = 0;
  int64_t ms = 0;
  std::vector<Move> pv;
};

// The root mate-safety check's schedule (SearchControl::lets_in_mate): from this iteration on
// (shallower bests change too often to be worth a solve), at most this many solves a search.
inline constexpr int kMateSafetyMinDepth = 4;
inline constexpr int kMateSafetyMaxChecks = 3;

// How a running search talks to the outside.
struct SearchControl {
  const std::atomic<bool>* stop = nullptr;       // set by `stop`/`quit`
  const std::atomic<bool>* ponderhit = nullptr;  // set by `ponderhit` (go ponder)
  std::function<void(const std::string&)> info;  // one "info ..." line; empty: silent
  int64_t move_overhead_ms = 100;
  // The root mate-safety check (set by the USI program, which owns the mate solver that
  // search/ cannot include): true when, after the root move, the opponent has a proven mate by
  // checks. The search asks it of each new best move after a completed iteration from
  // kMateSafetyMinDepth on, at most kMateSafetyMaxChecks times per search, and drops a
  // refuted move from the root (then searches that depth again); then once more of its final
  // answer if that was not asked (a refuted answer gives way to the best move left). Empty:
  // never asked, so a search without it (every fixed-depth one) keeps its tree. `ms`: the most
  // one answer may take, lets_in_mate_percent of the search's hard limit under a clock or
  // movetime (one answer's worth comes off that limit, for the final check; the others are
  // asked only while they fit before the hard stop); 0 without one (the answer keeps to a
  // budget of its own, as a node share under `go nodes`).
  std::function<bool(Move, int64_t ms)> lets_in_mate;
  int lets_in_mate_percent = 0;
  // Called at each poll of the clock, every 1,024 nodes: the bench times a search in slices of
  // the same work from run to run (bench/search_bench.cpp). Empty: not called.
  std::function<void()> on_poll;
};

class Engine {
 public:
  virtual ~Engine() = default;
  virtual EngineChoice choice() const = 0;
  // The game a `position` command set up. The history's final SFEN was produced by
  // replay_game, so only an impossible position can fail.
  virtual std::optional<std::string> set_game(const GameHistory& game) = 0;
  virtual void resize_tt(size_t mb) = 0;
  virtual void new_game() = 0;  // clears the TT and the history tables
  // The feature switches and the draw score (search/features.h); kept until changed.
  virtual void set_params(const SearchParams& params) = 0;
  virtual const SearchParams& params() const = 0;
  virtual SearchResult go(const SearchLimits& limits, const SearchControl& control) = 0;
  virtual std::vector<std::pair<Move, uint64_t>> perft_divide(int depth, const std::function<bool()>& stopped) = 0;
  virtual std::string pretty() const = 0;
  virtual std::string sfen() const = 0;
};

// nullopt-like: nullptr and `error` set when the choice names no registered configuration.
std::unique_ptr<Engine> make_engine(const EngineChoice& choice, std::string* error = nullptr);

// USI score text: "cp 123" or "mate 5" / "mate -4" (plies, as USI counts).
std::string usi_score(Value v);

}  // namespace sashite
