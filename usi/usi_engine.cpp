#include "usi/usi_engine.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <new>
#include <iostream>
#include <set>
#include <sstream>
#include <thread>
#include <utility>
#include <vector>

#include "search/bench_positions.h"
#include "usi/go_command.h"
#include "search/evaluate.h"

#include "mate/problem_set.h"
#include "rules/mate_proof.h"

namespace sashite {
namespace {

// A combo option's values, from the registry, in registry order without repeats.
std::vector<std::string> choice_values(std::string EngineChoice::*field) {
  std::vector<std::string> values;
  for (const EngineChoice& c : registered_engine_choices())
    if (std::find(values.begin(), values.end(), c.*field) == values.end()) values.push_back(c.*field);
  return values;
}

// The engine configuration's parts, as combo options.
struct ChoiceOption {
  const char* name;
  std::string EngineChoice::*field;
};
constexpr ChoiceOption kChoiceOptions[] = {
    {"MoveGen", &EngineChoice::generator},    {"HandLayout", &EngineChoice::layout},
    {"KeyScheme", &EngineChoice::key_scheme}, {"TTLayout", &EngineChoice::tt},
    {"EffectSource", &EngineChoice::effects},
};

}  // namespace

UsiEngine::UsiEngine(std::ostream& out) : out_(out) {
  replay_game(BasicPosition<DefaultHand>::kStartSfen, "", history_);  // cannot fail
  switch_engine(choice_);
  add_options();
}

// The table, in the order the `usi` reply lists it. The defaults are the members' initial
// values, so nothing is applied at startup.
void UsiEngine::add_options() {
  using Error = std::optional<std::string>;
  options_.add(UsiOption::spin("USI_Hash", kDefaultHashMb, 1, 65536,
                               [this](const OptionValue& v) { return set_hash(v.number); }));
  // Accepted for the GUI's sake: `go ponder` alone decides whether the engine ponders.
  options_.add(UsiOption::check("USI_Ponder", false, [](const OptionValue&) -> Error { return std::nullopt; }));
  options_.add(UsiOption::spin("MoveOverhead", kDefaultMoveOverheadMs, 0, 5000, [this](const OptionValue& v) -> Error {
    move_overhead_ms_ = v.number;
    return std::nullopt;
  }));
  // `go mate` makes its session anew, with the solver and table in force, when next asked.
  const auto set_mate_name = [this](std::string* field) {
    return [this, field](const OptionValue& v) -> Error {
      *field = v.text;
      mate_.reset();
      mate_safety_.reset();
      return std::nullopt;
    };
  };
  options_.add(UsiOption::combo("MateSolver", kDefaultMateSolver, mate::MateSession::solver_names,
                                set_mate_name(&mate_solver_)));
  options_.add(UsiOption::combo("MateTable", kDefaultMateTable, mate::MateSession::table_names,
                                set_mate_name(&mate_table_name_)));
  // The mate table's own budget: USI_Hash is the search's.
  options_.add(UsiOption::spin("MateHash", kDefaultMateHashMb, 1, 65536, [this](const OptionValue& v) -> Error {
    if (auto err = beyond_memory("MateHash", v.number, mate_hash_mb_)) return err;
    mate_hash_mb_ = v.number;
    mate_.reset();
    return std::nullopt;
  }));
  options_.add(UsiOption::combo(
      "MatePostSearch", kPostSearchNames[size_t(mate_post_search_)],
      [] { return std::vector<std::string>(std::begin(kPostSearchNames), std::end(kPostSearchNames)); },
      [this](const OptionValue& v) -> Error {
        for (size_t i = 0; i < std::size(kPostSearchNames); ++i)
          if (v.text == kPostSearchNames[i]) mate_post_search_ = mate::MatePostSearch(i);
        return std::nullopt;
      }));
  // `go mate`'s threads over one table (the unbounded df-pn's helpers): 1 is deterministic.
  options_.add(UsiOption::spin("MateThreads", 1, 1, 64, [this](const OptionValue& v) -> Error {
    mate_threads_ = v.number;
    return std::nullopt;
  }));
  // The unbounded df-pn's double-count elimination (mate::MateLimits::double_count).
  options_.add(UsiOption::check("MateDoubleCount", false, [this](const OptionValue& v) -> Error {
    mate_double_count_ = v.number != 0;
    return std::nullopt;
  }));
  // The unbounded df-pn's threshold-controlling algorithm (mate::MateLimits::tca).
  options_.add(UsiOption::check("MateTCA", false, [this](const OptionValue& v) -> Error {
    mate_tca_ = v.number != 0;
    return std::nullopt;
  }));
  // Where `go mate` writes the proof of a mate it answers, for mate_check (empty: nowhere).
  options_.add(UsiOption::string("MateProofFile", "", [this](const OptionValue& v) -> Error {
    mate_proof_file_ = v.text;
    return std::nullopt;
  }));
  // The root mate probe's share of each move's budget, percent (0: off); see root_mate().
  options_.add(UsiOption::spin("RootMateShare", kDefaultRootMateShare, 0, 50, [this](const OptionValue& v) -> Error {
    root_mate_share_ = v.number;
    return std::nullopt;
  }));
  // The root mate-safety check's share of the search's hard limit per check, percent (0: off);
  // see guard_against_mate().
  options_.add(
      UsiOption::spin("MateSafetyShare", kDefaultMateSafetyShare, 0, 50, [this](const OptionValue& v) -> Error {
        mate_safety_share_ = v.number;
        return std::nullopt;
      }));
  // A combination the registry lacks (an additive key for a layout without one) is refused.
  for (const ChoiceOption& o : kChoiceOptions) {
    const auto values = [field = o.field] { return choice_values(field); };
    const auto switch_part = [this, field = o.field](const OptionValue& v) {
      EngineChoice next = choice_;
      next.*field = v.text;
      return switch_engine(next);
    };
    options_.add(UsiOption::combo(o.name, EngineChoice{}.*o.field, values, switch_part));
  }
  // The search's draw score and its feature switches (search/features.h), one check each.
  options_.add(
      UsiOption::spin("Contempt", SearchParams::kDefaultContempt, -1000, 1000, [this](const OptionValue& v) -> Error {
        SearchParams p = engine_->params();
        p.contempt = v.number;
        engine_->set_params(p);
        return std::nullopt;
      }));
  // The evaluation's effect weights by name (search/evaluate.h), for tuning runs through the
  // match runner: "attack_d1=30,king_hole=-20"; unnamed weights keep their defaults.
  options_.add(UsiOption::string("EvalWeights", "", [](const OptionValue& v) -> Error {
    auto w = eval::parse_eval_weights(v.text);
    if (auto* why = std::get_if<std::string>(&w)) return *why;
    eval::set_eval_weights(std::get<eval::EvalWeights>(w));
    return std::nullopt;
  }));
  // The search's margins by name (search/search_constants.h), for tuning runs through the match
  // runner: "futility_base=100,lmr_scale_percent=55"; unnamed ones keep their defaults.
  options_.add(UsiOption::string("SearchTune", "", [this](const OptionValue& v) -> Error {
    SearchParams p = engine_->params();
    if (auto why = parse_search_constants(v.text, p.constants)) return *why;
    engine_->set_params(p);
    return std::nullopt;
  }));
  for (const SearchFeatureInfo& f : kSearchFeatures) {
    options_.add(UsiOption::check("Search" + std::string(f.name), f.on_by_default,
                                  [this, feature = f.feature](const OptionValue& v) -> Error {
                                    SearchParams p = engine_->params();
                                    p.set(feature, v.number != 0);
                                    engine_->set_params(p);
                                    return std::nullopt;
                                  }));
  }
}

UsiEngine::~UsiEngine() = default;

usi::Job UsiEngine::execute(std::string_view line) {
  const std::string_view cmd = usi::first_word(line);
  const std::string_view args = usi::trim(usi::trim(line).substr(cmd.size()));
  // `position` reads the line in place: a game line can be megabytes long.
  if (cmd == "position") {
    position(args);
    return {};
  }
  if (cmd == "go") return go(args);
  if (cmd == "bench") return bench(args);
  std::istringstream is{std::string(args)};
  if (cmd == "usi") {
    out_ << "id name sashite\nid author the sashite developers\n";
    options_.print(out_);
    out_ << "usiok\n";
  } else if (cmd == "isready") {
    // The mate table takes its memory now: `go mate` then starts at once, and no solve pays
    // the page faults of a table of gigabytes (base/large_memory.h).
    if (mate::MateSession* s = mate_session("isready")) s->prefault(std::max(1u, std::thread::hardware_concurrency()));
    say("readyok");
  } else if (cmd == "usinewgame") {
    engine_->new_game();
    root_mate_bound_ = 0;
  } else if (cmd == "ponderhit" || cmd == "gameover") {
    // ponderhit without a pondering search, gameover after the game: nothing to do.
  } else if (cmd == "setoption") {
    setoption(is);
  } else if (cmd == "d") {
    out_ << engine_->pretty();
  } else {
    error("unknown command " + quoted(cmd));
  }
  return {};
}

void UsiEngine::error(const std::string& what) { out_ << "info string error: " << what << "\n"; }

void UsiEngine::say(const std::string& line) {
  const std::lock_guard lock(out_mutex_);
  out_ << line << std::endl;
}

void UsiEngine::setoption(std::istream& is) {
  std::string word, name, value;
  is >> word;
  if (word != "name") return error("setoption: expected 'setoption name <id> [value <x>]'");
  while (is >> word && word != "value") name += (name.empty() ? "" : " ") + word;
  std::getline(is >> std::ws, value);
  if (name.empty()) return error("setoption: missing option name");
  if (auto err = options_.set(name, value)) error("setoption: " + *err);
}

// More than the machine has would be overcommitted and then killed by the first clear. The two
// tables live together: the search's (USI_Hash) and the mate solver's (MateHash) count as one
// budget of half the machine's memory.
std::optional<std::string> UsiEngine::beyond_memory(const char* option, int mb, int kept) const {
  const uint64_t physical_mb = uint64_t(sysconf(_SC_PHYS_PAGES)) * uint64_t(sysconf(_SC_PAGE_SIZE)) >> 20;
  const bool mate = std::string_view(option) == "MateHash";
  const uint64_t other = uint64_t(mate ? hash_mb_ : mate_hash_mb_);
  if (uint64_t(mb) > physical_mb / 2)
    return std::to_string(mb) + " MB is more than half of this machine's " + std::to_string(physical_mb) +
           " MB; the table keeps " + std::to_string(kept) + " MB";
  if (uint64_t(mb) + other > physical_mb / 2)
    return std::to_string(mb) + " MB and " + (mate ? "USI_Hash's " : "MateHash's ") + std::to_string(other) +
           " MB are more than half of this machine's " + std::to_string(physical_mb) + " MB; the table keeps " +
           std::to_string(kept) + " MB";
  return std::nullopt;
}

std::optional<std::string> UsiEngine::set_hash(int mb) {
  if (auto err = beyond_memory("USI_Hash", mb, hash_mb_)) return err;
  try {
    engine_->resize_tt(size_t(mb));
  } catch (const std::bad_alloc&) {
    return "cannot allocate " + std::to_string(mb) + " MB; the table keeps " + std::to_string(hash_mb_) + " MB";
  }
  hash_mb_ = mb;
  return std::nullopt;
}

// A new engine for the configuration, with the table size and the game in force; on failure
// the current one stays.
std::optional<std::string> UsiEngine::switch_engine(const EngineChoice& choice) {
  std::string why;
  auto e = make_engine(choice, &why);
  if (!e) return why;
  e->resize_tt(size_t(hash_mb_));
  if (engine_) e->set_params(engine_->params());
  if (auto err = e->set_game(history_)) return err;
  engine_ = std::move(e);
  choice_ = choice;
  return std::nullopt;
}

// Nothing changes unless the SFEN and every move are valid.
void UsiEngine::position(std::string_view args) {
  usi::PositionCommand c = usi::parse_position(args);
  if (!c.error.empty()) return error("position: " + c.error);
  GameHistory history;
  if (auto err = replay_game(c.sfen, c.moves, history)) return error("position: " + *err);
  if (auto err = engine_->set_game(history)) return error("position: " + *err);
  history_ = std::move(history);
}

// `go`: parse the words (go_command.h), then the job of the form asked for: a perft, a mate
// solve, or a search (go_search).
usi::Job UsiEngine::go(std::string_view args) {
  if (usi::first_word(args) == "perft") {
    std::string_view rest = args;
    usi::next_word(rest);
    const std::string_view depth_text = usi::next_word(rest);
    const auto depth = usi::parse_int(depth_text, 1, 20);
    if (!depth || !usi::trim(rest).empty()) {
      error("go perft: depth must be an integer from 1 to 20, got " + quoted(usi::trim(args.substr(5))));
      return {};
    }
    return go_perft(*depth);
  }
  auto parsed = parse_go(args);
  if (auto* why = std::get_if<std::string>(&parsed)) {
    error(*why);
    return {};
  }
  const SearchLimits limits = std::get<SearchLimits>(parsed);
  if (limits.mate) return go_mate(limits);
  return go_search(limits);
}

// The output is fairy-stockfish's (one "move: count" line per root move, a blank line,
// "Nodes searched: N" and a blank line) after one info line, so that the two diff cleanly.
usi::Job UsiEngine::go_perft(int depth) {
  return {usi::JobKind::Batch, [this, depth](const std::atomic<bool>& stop) {
            const auto t0 = std::chrono::steady_clock::now();
            auto stopped = [&stop] { return stop.load(std::memory_order_relaxed); };
            // Sorted by move text: the generators order moves differently.
            std::vector<std::pair<std::string, uint64_t>> divide;
            for (const auto& [m, n] : engine_->perft_divide(depth, stopped)) divide.emplace_back(to_usi(m), n);
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            if (stopped()) {
              out_ << "info string perft " << depth << " stopped after " << int64_t(s * 1000) << " ms\n";
              return;
            }
            std::sort(divide.begin(), divide.end());
            uint64_t total = 0;
            for (const auto& [m, n] : divide) total += n;
            out_ << "info string perft " << depth << " time " << int64_t(s * 1000) << " ms, "
                 << int64_t(s > 0 ? double(total) / s : 0) << " leaves/s, MoveGen " << choice_.generator << "\n";
            for (const auto& [m, n] : divide) out_ << m << ": " << n << "\n";
            out_ << "\nNodes searched: " << total << "\n\n";
          }};
}

// A search job: the root mate probe first (it may answer alone), then the search with its
// controls (stop, ponderhit, the move overhead, the mate-safety check), then the answer.
usi::Job UsiEngine::go_search(const SearchLimits& limits) {
  ponderhit_ = false;
  return {usi::JobKind::Search,
          [this, limits, sfen = history_.final_sfen, plies = history_.plies()](const std::atomic<bool>& stop) {
            int64_t probe_ms = 0;
            if (const auto mate = root_mate(limits, sfen, plies, stop, probe_ms)) return answer_mate(*mate, probe_ms);
            SearchControl control;
            control.stop = &stop;
            control.ponderhit = &ponderhit_;
            control.move_overhead_ms = move_overhead_ms_ + probe_ms;  // the probe's time is the move's
            control.info = [this](const std::string& line) { say(line); };
            guard_against_mate(control, limits, sfen, stop);
            answer(engine_->go(limits, control));
          }};
}

// The root mate probe's proof, played at once: its line as the pv of a mate score.
void UsiEngine::answer_mate(const mate::MateResult& mate, int64_t probe_ms) {
  std::string line = "info depth " + std::to_string(mate.moves.size()) + " score mate " + std::to_string(mate.depth) +
                     " nodes " + std::to_string(mate.nodes) + " time " + std::to_string(probe_ms) + " pv";
  for (Move m : mate.moves) (line += ' ') += to_usi(m);
  say(line);
  say("bestmove " + to_usi(mate.moves.front()));
}

// The search's answer: the whole search's count (the unfinished iteration included: what a
// match runner divides by the think time to measure nodes per second), then `bestmove`.
void UsiEngine::answer(const SearchResult& r) {
  if (r.nodes > 0)
    say("info nodes " + std::to_string(r.nodes) + " time " + std::to_string(r.ms) + " nps " +
        std::to_string(r.ms > 0 ? r.nodes * 1000 / uint64_t(r.ms) : r.nodes));
  if (r.declare_win) {
    say("bestmove win");
  } else if (r.best == MOVE_NONE || (r.score != VALUE_NONE && r.score <= VALUE_MATED_IN_MAX_PLY)) {
    // No legal move, or mated by force: resign rather than play on.
    say("bestmove resign");
  } else {
    say("bestmove " + to_usi(r.best) + (r.ponder != MOVE_NONE ? " ponder " + to_usi(r.ponder) : ""));
  }
}

// The session of the options MateSolver and MateTable, allocated on first use at MateHash
// megabytes; null (and an error line naming `who`) when that much memory is not there.
mate::MateSession* UsiEngine::mate_session(const char* who) {
  if (!mate_) {
    try {
      mate_ = std::make_unique<mate::MateSession>(mate_solver_, mate_table_name_, size_t(mate_hash_mb_));
    } catch (const std::bad_alloc&) {
      say(std::string("info string error: ") + who + ": cannot allocate a " + std::to_string(mate_hash_mb_) +
          " MB mate table");
    }
  }
  return mate_.get();
}

namespace {

// The mate solver's limits for a proof beside a search: `percent` of its nodes under `go nodes`
// (deterministic), no time limit yet (the callers set their own), no post-search (a proof is
// all they need).
mate::MateLimits share_of_nodes(const SearchLimits& limits, int percent, const std::atomic<bool>& stop) {
  mate::MateLimits ml;
  ml.stop = &stop;
  ml.post_search = mate::MatePostSearch::None;
  if (limits.nodes) ml.max_nodes = std::max<uint64_t>(1, limits.nodes * uint64_t(percent) / 100);
  return ml;
}

}  // namespace

// The root mate-safety check (search/engine.h, SearchControl::lets_in_mate): the search asks
// whether its best move lets the opponent mate by checks and drops a move whose mate the
// solver proves. Each answer gets MateSafetyShare percent of the search's hard time limit, or
// of its nodes under `go nodes` (deterministic). Not under depth limits or `go infinite`, so
// fixed-depth trees stay the search's alone. A move that gives check is not asked (the solver
// proves mates for a side to move that is not in check).
void UsiEngine::guard_against_mate(SearchControl& control, const SearchLimits& limits, const std::string& sfen,
                                   const std::atomic<bool>& stop) {
  if (!mate_safety_share_ || limits.infinite || limits.depth) return;
  if (!mate_safety_) {
    try {
      mate_safety_ = std::make_unique<mate::MateSession>(mate_solver_, mate_table_name_, kMateSafetyHashMb);
    } catch (const std::bad_alloc&) {
      say("info string error: mate safety: cannot allocate a " + std::to_string(kMateSafetyHashMb) + " MB mate table");
      return;
    }
  }
  mate::MateLimits ml = share_of_nodes(limits, mate_safety_share_, stop);
  control.lets_in_mate_percent = mate_safety_share_;
  control.lets_in_mate = [this, ml, sfen](Move m, int64_t ms) mutable {
    ml.ms = ms;
    if (!ml.ms && !ml.max_nodes) return false;  // no bound: not asked (go infinite is refused above)
    Position pos;
    StateInfo root_state, after;
    pos.set(sfen, &root_state);
    pos.do_move(m, after);
    if (pos.in_check()) return false;
    const mate::MateResult r = mate_safety_->solve(pos, ml);
    if (r.status != mate::MateStatus::Mate || r.moves.empty()) return false;
    std::string line = "info string mate safety: " + to_usi(m) + " lets in a mate in " + std::to_string(r.depth) + ":";
    for (Move reply : r.moves) (line += ' ') += to_usi(reply);
    say(line);
    return true;
  };
}

// The root mate probe before a search (RootMateShare percent of the move's budget: of its
// nodes under `go nodes`, deterministic; else of its byoyomi or movetime plus a 40th of the main
// time and the increment). No probe under depth limits, infinite or ponder, so fixed-depth trees
// stay the search's alone. The first proof is enough; two plies after a mate it played, the
// probe asks for one two plies shorter. `spent_ms`: the probe's time.
std::optional<mate::MateResult> UsiEngine::root_mate(const SearchLimits& limits, const std::string& sfen, size_t plies,
                                                     const std::atomic<bool>& stop, int64_t& spent_ms) {
  using namespace mate;
  const int bound = root_mate_plies_ + 2 == plies ? root_mate_bound_ : 0;
  root_mate_bound_ = 0;
  if (!root_mate_share_ || limits.infinite || limits.ponder || limits.depth || limits.mate) return std::nullopt;
  if (!mate_session("root mate probe")) return std::nullopt;
  Position pos;
  StateInfo si;
  pos.set(sfen, &si);                       // the SFEN of a position already set up
  if (pos.in_check()) return std::nullopt;  // the solver proves mates for the side to move, not in check
  MateLimits ml = share_of_nodes(limits, root_mate_share_, stop);
  if (!limits.nodes) {
    const Color us = pos.side_to_move();
    const int64_t budget = limits.movetime ? limits.movetime : limits.byoyomi + limits.time[us] / 40 + limits.inc[us];
    ml.ms = std::max<int64_t>(1, budget * root_mate_share_ / 100);
  }
  if (bound > 2) ml.max_depth = bound - 2;
  const auto t0 = std::chrono::steady_clock::now();
  const MateResult r = mate_->solve(pos, ml);
  spent_ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  if (r.status != MateStatus::Mate || r.moves.empty()) return std::nullopt;
  root_mate_bound_ = r.depth;
  root_mate_plies_ = plies;
  return r;
}

// "go mate <ms>|infinite" (USI): "checkmate <moves>" (the attacker's first move to the mate;
// shortest attack and longest defence unless MatePostSearch is off or the time ran out first:
// then the best mate proven), "checkmate nomate" when there is none at any length (the search
// met no depth cut), else "checkmate timeout": the time ran out or `stop` came before any mate
// was proven, or the deepest iteration of a depth-limited solver found none. Per iteration an
// info line and 謎電's (2005) form; about every second, from the unbounded df-pn, an info line
// with nodes, nps, hashfull and its current line; after the solve the table's statistics.
usi::Job UsiEngine::go_mate(const SearchLimits& limits) {
  return {
      usi::JobKind::Search, [this, ms = limits.mate_ms, sfen = history_.final_sfen](const std::atomic<bool>& stop) {
        using namespace mate;
        if (!mate_session("go mate")) {
          say("checkmate timeout");
          return;
        }
        Position pos;
        StateInfo si;
        pos.set(sfen, &si);  // the SFEN of a position already set up
        MateLimits ml;
        ml.ms = ms;
        ml.stop = &stop;
        const auto t0 = std::chrono::steady_clock::now();
        ml.post_search = mate_post_search_;
        ml.threads = mate_threads_;
        ml.double_count = mate_double_count_;
        ml.tca = mate_tca_;
        ml.on_progress = [this](const MateProgress& p) {
          const uint64_t ms = uint64_t(p.seconds * 1000);
          std::string line = "info time " + std::to_string(ms) + " nodes " + std::to_string(p.nodes) + " nps " +
                             std::to_string(ms ? p.nodes * 1000 / ms : p.nodes) + " hashfull " +
                             std::to_string(p.hashfull);
          // A proven mate's score is its bound: the defence may last that long, whatever the pv's length.
          if (p.proven_within) line += " score mate " + std::to_string(p.proven_within);
          if (!p.pv.empty()) line += " pv";
          for (Move m : p.pv) (line += ' ') += to_usi(m);
          say(line);
        };
        ml.on_iteration = [this, t0](const MateIteration& it) {
          const int64_t elapsed =
              std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
          say("info depth " + std::to_string(it.depth) + " nodes " + std::to_string(it.nodes) + " time " +
              std::to_string(elapsed) + " nps " +
              std::to_string(elapsed ? it.nodes * 1000 / uint64_t(elapsed) : it.nodes) + "\ninfo string iteration " +
              it.to_string());
        };
        const MateResult r = mate_->solve(pos, ml);
        say("info string mate solver " + std::string(mate_->solver_name()) + ", table " + mate_->table_name() + ": " +
            mate_->stats().to_string());
        if (r.depth_capped)
          say("info string the search cut paths at its deepest ply (the stack's depth): no 'nomate' and no shortest "
              "length rests on a cut");
        if (r.status == MateStatus::Mate) {
          // What was proven, plainly: the length, and whether a shorter mate is excluded.
          const std::string n = std::to_string(r.depth), shorter = std::to_string(std::max(0, r.depth - 2));
          if (r.exact)
            say("info string mate in " + n + ": the shortest, against the longest defence");
          else if (r.shortest_proven)
            say("info string mate in " + n + ": the shortest (no mate within " + shorter +
                " plies, proven); the line's defence is not proven the longest");
          else
            say("info string " + mate_answer(r) + ": a mate within " + n +
                " plies proven; a shorter one is not excluded (" +
                (mate_post_search_ == mate::MatePostSearch::None ? "MatePostSearch none" : "the time ran out") + ")");
          if (!mate_proof_file_.empty()) write_mate_proof_file(pos, r, ms, stop);
          std::string line = "checkmate";
          for (Move m : r.moves) (line += ' ') += to_usi(m);
          say(line);
        } else if (r.status == MateStatus::NoMate && r.depth == kNoLimit) {
          say("checkmate nomate");
        } else {
          // Out of time, stopped, or no mate within the deepest iteration: undecided.
          if (r.status == MateStatus::NoMate)
            say("info string no mate within " + std::to_string(r.depth) + " plies, the deepest this solver searches");
          say("checkmate timeout");
        }
      }};
}

// MateProofFile: the proof tree of the mate r that the session has just answered for pos, from
// its table (nodes it lost solved again over it, within another `ms`, 0: until `stop`), written
// in rules/mate_proof.h's format; nothing is written when the tree cannot be completed.
void UsiEngine::write_mate_proof_file(Position& pos, const mate::MateResult& r, int64_t ms,
                                      const std::atomic<bool>& stop) {
  mate::MateLimits limits;
  limits.ms = ms;
  limits.stop = &stop;
  const auto t0 = std::chrono::steady_clock::now();
  const mate::MateProofTree tree = mate_->proof_tree(pos, r, limits);
  const int64_t elapsed =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
  if (!tree.ok) {
    say("info string MateProofFile: " + mate_proof_file_ + " not written: could not complete the proof tree (" +
        tree.error + ")");
    return;
  }
  const std::optional<MateProof> proof = make_mate_proof(pos, tree.entries);
  if (!proof) {
    say("info string MateProofFile: " + mate_proof_file_ + " not written: could not build a consistent proof");
    return;
  }
  size_t bytes = 0;
  if (const std::string err = write_mate_proof(mate_proof_file_, *proof, &bytes); !err.empty()) {
    say("info string MateProofFile: could not write the proof: " + err);
    return;
  }
  // What the file certifies: the claimed bound (mate_check --length checks it) or the mate alone.
  const std::string within = "a mate within " + std::to_string(tree.length) + " plies";
  const std::string certifies = tree.length <= r.depth ? within + " (the answer claims " + std::to_string(r.depth) + ")"
                                                       : within + ", more than the " + std::to_string(r.depth) +
                                                             " claimed: the table no longer held that proof";
  say("info string proof written: " + mate_proof_file_ + " (" + certifies + "; " +
      std::to_string(proof->entries.size()) + " attacking nodes, " + std::to_string(tree.defending_nodes) +
      " defending nodes, " + std::to_string(bytes) + " bytes, " + std::to_string(tree.searches) +
      " nodes solved again, " + std::to_string(elapsed) + " ms)");
}

// "bench [depth]": every bench position from a new game to `depth` (default 7), one summary
// line per position and the totals; the node total is the configuration's search signature.
usi::Job UsiEngine::bench(std::string_view args) {
  if (usi::first_word(args) == "mate") return bench_mate(usi::trim(args.substr(4)));
  int depth = 7;
  if (!args.empty()) {
    const auto d = usi::parse_int(args, 1, 64);
    if (!d) {
      error("bench: depth must be an integer from 1 to 64, got " + quoted(args));
      return {};
    }
    depth = *d;
  }
  return {usi::JobKind::Batch, [this, depth](const std::atomic<bool>& stop) {
            SearchLimits limits;
            limits.depth = depth;
            SearchControl control;
            control.stop = &stop;
            uint64_t nodes = 0;
            int64_t ms = 0;
            for (std::string_view sfen : kBenchPositions) {
              GameHistory game;
              replay_game(sfen, "", game);
              engine_->set_game(game);
              engine_->new_game();
              const SearchResult r = engine_->go(limits, control);
              if (stop) break;
              nodes += r.nodes;
              ms += r.ms;
              say("info string bench " + std::string(sfen) + " depth " + std::to_string(r.depth) + " score " +
                  usi_score(r.score) + " bestmove " + to_usi(r.best) + " nodes " + std::to_string(r.nodes));
            }
            engine_->set_game(history_);
            say("===========================\nConfiguration: " + choice_.name() +
                "\nTotal time (ms) : " + std::to_string(ms) + "\nNodes searched  : " + std::to_string(nodes) +
                "\nNodes/second    : " + std::to_string(ms ? nodes * 1000 / uint64_t(ms) : nodes));
          }};
}

// "bench mate <file> [ms]": the option's mate solver and table over a file of problems
// (tests/data/tsume.txt format), each within `ms` (default 10000; a "nomate N" problem to N
// plies): per problem the answer, the length, nodes, time and nodes/s, then the totals.
usi::Job UsiEngine::bench_mate(std::string_view args) {
  const std::string file{usi::first_word(args)};
  const std::string_view rest = usi::trim(args.substr(file.size()));
  int64_t ms = 10000;
  if (!rest.empty()) {
    const auto v = usi::parse_int(rest, 1, 86'400'000);
    if (!v) {
      error("bench mate: the time must be an integer of milliseconds, got " + quoted(rest));
      return {};
    }
    ms = *v;
  }
  auto problems = file.empty() ? std::nullopt : mate::load_mate_problems(file);
  if (!problems) {
    error("bench mate: cannot read a problem file " + quoted(file) + " (usage: bench mate <file> [ms])");
    return {};
  }
  return {usi::JobKind::Batch, [this, ms, problems = std::move(*problems)](const std::atomic<bool>& stop) {
            using namespace mate;
            MateSession* const made = mate_session("bench mate");
            if (!made) return;
            MateSession& session = *made;
            uint64_t nodes = 0;
            double seconds = 0;
            for (size_t i = 0; i < problems.size() && !stop; ++i) {
              Position pos;
              StateInfo si;
              if (auto err = pos.set(problems[i].sfen, &si)) {
                say("info string error: bench mate: problem " + std::to_string(i + 1) + ": " + *err);
                continue;
              }
              MateLimits limits;
              limits.ms = ms;
              limits.stop = &stop;
              limits.max_depth = problems[i].max_depth();
              const MateResult r = session.solve(pos, limits);
              const uint64_t n = r.nodes + r.solution_nodes;
              nodes += n;
              seconds += r.seconds;
              say("info string bench mate " + std::to_string(i + 1) + " " + mate_answer(r) + " nodes " +
                  std::to_string(n) + " time " + std::to_string(int64_t(r.seconds * 1000)) + " nps " +
                  std::to_string(r.seconds > 0 ? uint64_t(double(n) / r.seconds) : n) +
                  (problems[i].expected.empty() ? "" : " expected " + problems[i].expected));
            }
            say("===========================\nMate solver: " + std::string(session.solver_name()) + ", table " +
                session.table_name() + "\nTotal time (ms) : " + std::to_string(int64_t(seconds * 1000)) +
                "\nNodes searched  : " + std::to_string(nodes) +
                "\nNodes/second    : " + std::to_string(seconds > 0 ? uint64_t(double(nodes) / seconds) : nodes));
          }};
}

}  // namespace sashite
