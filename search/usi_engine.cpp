#include "search/usi_engine.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <sstream>
#include <utility>
#include <vector>

#include "movegen_full/perft.h"

namespace sashite {
namespace {

const Position& board_of(const Position& pos) { return pos; }
const Position& board_of(const DiffPosition<DefaultHand>& pos) { return pos.base(); }

}  // namespace

UsiEngine::UsiEngine(std::ostream& out) : out_(out) {
  // The start position is valid: neither step can fail.
  replay_game(Position::kStartSfen, "", history_);
  build(history_.final_sfen);
}

UsiEngine::~UsiEngine() = default;

usi::Job UsiEngine::execute(std::string_view line) {
  const std::string_view cmd = usi::first_word(line);
  // `position` reads the line in place: a game line can be megabytes long.
  if (cmd == "position") {
    position(usi::trim(line).substr(cmd.size()));
    return {};
  }
  std::istringstream is{std::string(line)};
  is >> std::ws;
  is.ignore(std::streamsize(cmd.size()));
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
  } else if (cmd == "d") {
    std::visit([&](const auto& game) { out_ << board_of(game->pos).pretty(); }, game_);
  } else if (cmd == "go") {
    return go(is);
  } else {
    error("unknown command " + quoted(cmd));
  }
  return {};
}

void UsiEngine::error(const std::string& what) { out_ << "info string error: " << what << "\n"; }

void UsiEngine::setoption(std::istream& is) {
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
    // The position in force, rebuilt for the other generator; the history stays.
    if (auto err = build(history_.final_sfen)) error("setoption: MoveGen: " + *err);
  } else {
    error("setoption: unknown option " + quoted(name));
  }
}

// Nothing changes unless the SFEN and every move are valid.
void UsiEngine::position(std::string_view args) {
  usi::PositionCommand c = usi::parse_position(args);
  if (!c.error.empty()) return error("position: " + c.error);
  GameHistory history;
  if (auto err = replay_game(c.sfen, c.moves, history)) return error("position: " + *err);
  if (auto err = build(history.final_sfen)) return error("position: " + *err);
  history_ = std::move(history);
}

// The position in force, from an SFEN that replay_game produced (so it cannot fail in
// practice), for the generator MoveGen names.
std::optional<std::string> UsiEngine::build(const std::string& sfen) {
  auto make = [&]<class G>(std::unique_ptr<G> game) -> std::optional<std::string> {
    if (auto err = game->pos.set(sfen, &game->state)) return err;
    game_ = std::move(game);
    return std::nullopt;
  };
  return movegen_ == MoveGen::Diff ? make(std::make_unique<DiffGame>()) : make(std::make_unique<FullGame>());
}

// "go perft <depth>": a job, so that `stop` is read while it runs. The output is
// fairy-stockfish's (one "move: count" line per root move, a blank line, "Nodes searched: N"
// and a blank line) after one info line with the time, so that the two diff cleanly.
usi::Job UsiEngine::go(std::istream& is) {
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
  return {usi::JobKind::Perft, [this, depth = *depth](const std::atomic<bool>& stop) { perft_job(depth, stop); }};
}

void UsiEngine::perft_job(int depth, const std::atomic<bool>& stop) {
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
const char* UsiEngine::movegen_name() const {
  return std::holds_alternative<std::unique_ptr<DiffGame>>(game_) ? "diff" : "full";
}

}  // namespace sashite
