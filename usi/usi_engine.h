// Folder usi/ (layer 10): the `sashite` program (loop, options, commands, main); includes
// search/, mate/ and the layers below.
//
// The engine behind the USI program `sashite`: the commands usi/loop.h's loop hands over
// (`usi`, `isready`, `setoption`, `usinewgame`, `position`, `go` (and `go mate`), `ponderhit`, `gameover`,
// `d`, `bench`), driving one registered engine configuration (search/engine.h). A bad command
// answers "info string error: ..." on the output stream and changes nothing.
//
// A class of its own (not inside main) so that the fuzz target tests/fuzz/usi_fuzz.cpp and the
// tests drive the same code in-process.
#pragma once

#include <atomic>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "engine/usi_text.h"
#include "usi/loop.h"
#include "search/engine.h"
#include "rules/game_history.h"
#include "mate/mate_session.h"
#include "usi/options.h"

namespace sashite {

class UsiEngine {
 public:
  explicit UsiEngine(std::ostream& out);
  ~UsiEngine();
  UsiEngine(const UsiEngine&) = delete;
  UsiEngine& operator=(const UsiEngine&) = delete;

  // One command line, trimmed (usi::Execute): answers on the output stream, and returns the
  // job of a `go` or `bench` command, which the caller runs (the loop: on its worker thread).
  usi::Job execute(std::string_view line);
  // `ponderhit`, delivered by the loop while the pondering search runs.
  void ponderhit() { ponderhit_ = true; }

  // The game the last good `position` command set up (keys and checks per ply).
  const GameHistory& history() const { return history_; }
  const Engine& engine() const { return *engine_; }
  // The options the `usi` reply lists and `setoption` sets, with the values in force.
  const UsiOptions& options() const { return options_; }

 private:
  void error(const std::string& what);
  // One whole line, flushed: a search's lines and the `readyok` the loop lets through beside
  // it come from two threads.
  void say(const std::string& line);
  void add_options();
  void setoption(std::istream& is);
  std::optional<std::string> set_hash(int mb);
  void position(std::string_view args);
  usi::Job go(std::string_view args);
  usi::Job go_perft(int depth);
  usi::Job go_search(const SearchLimits& limits);
  void answer_mate(const mate::MateResult& mate, int64_t probe_ms);
  void answer(const SearchResult& r);
  usi::Job bench(std::string_view args);
  usi::Job bench_mate(std::string_view args);
  mate::MateSession* mate_session(const char* who);
  usi::Job go_mate(const SearchLimits& limits);
  void write_mate_proof_file(Position& pos, const mate::MateResult& r, int64_t ms, const std::atomic<bool>& stop);
  std::optional<mate::MateResult> root_mate(const SearchLimits& limits, const std::string& sfen, size_t plies,
                                            const std::atomic<bool>& stop, int64_t& spent_ms);
  void guard_against_mate(SearchControl& control, const SearchLimits& limits, const std::string& sfen,
                          const std::atomic<bool>& stop);
  std::optional<std::string> switch_engine(const EngineChoice& choice);
  // `option` (USI_Hash or MateHash) at mb megabytes, with the other table at its size: an error
  // past half the machine's memory, the table keeping `kept`.
  std::optional<std::string> beyond_memory(const char* option, int mb, int kept) const;

  std::ostream& out_;
  EngineChoice choice_;
  std::unique_ptr<Engine> engine_;
  GameHistory history_;  // the game to the position in force; an engine switch replays it
  static constexpr int kDefaultHashMb = 16;
  static constexpr int kDefaultMoveOverheadMs = 100;
  int hash_mb_ = kDefaultHashMb;
  int64_t move_overhead_ms_ = kDefaultMoveOverheadMs;
  std::atomic<bool> ponderhit_{false};
  std::mutex out_mutex_;
  // `go mate`: the solver and table of the options MateSolver and MateTable (a solver with its
  // own kind of table ignores MateTable), allocated on first use at MateHash megabytes (its own
  // budget beside USI_Hash), cleared per problem; MatePostSearch for the unbounded df-pn.
  static constexpr const char* kDefaultMateSolver = "unbounded-df-pn";
  static constexpr const char* kDefaultMateTable = "main-overflow";
  static constexpr int kDefaultMateHashMb = 64;
  static constexpr const char* kPostSearchNames[] = {"none", "upper-bound", "shortest"};  // mate::MatePostSearch order
  std::string mate_solver_ = kDefaultMateSolver, mate_table_name_ = kDefaultMateTable;
  int mate_hash_mb_ = kDefaultMateHashMb;
  mate::MatePostSearch mate_post_search_ = mate::MatePostSearch::Shortest;
  int mate_threads_ = 1;            // MateThreads
  bool mate_double_count_ = false;  // MateDoubleCount
  bool mate_tca_ = false;           // MateTCA
  // MateProofFile: where `go mate` writes the proof of a mate it answers (rules/mate_proof.h);
  // empty (the default): no proof is written.
  std::string mate_proof_file_;
  std::unique_ptr<mate::MateSession> mate_;
  // The root mate probe (RootMateShare): before a timed or node-limited search the mate solver
  // gets that percent of the move's budget, and a proven mate is played at once. The bound of
  // the mate it last played and the game's plies then: the next probe, two plies later, asks
  // for a mate two plies shorter, so following first proofs cannot go round in checks.
  static constexpr int kDefaultRootMateShare = 0;
  int root_mate_share_ = kDefaultRootMateShare;
  // The root mate-safety check (MateSafetyShare, SearchControl::lets_in_mate): each time the
  // search asks it, the mate solver gets that percent of the search's hard time limit (of
  // the node budget under `go nodes`) to look for the opponent's mate by checks after the
  // search's best move. Its own session, smaller than MateHash's, so that `go mate` keeps its
  // table. Off by default: its SPRTs failed or ended without a verdict, and against gpsusi it
  // scored as the defaults did (FINDINGS.md F-search-features).
  static constexpr int kDefaultMateSafetyShare = 0;
  static constexpr size_t kMateSafetyHashMb = 16;
  int mate_safety_share_ = kDefaultMateSafetyShare;
  std::unique_ptr<mate::MateSession> mate_safety_;
  int root_mate_bound_ = 0;
  size_t root_mate_plies_ = 0;
  UsiOptions options_;
};

}  // namespace sashite
