#include "match/openings.h"

#include <algorithm>
#include <atomic>
#include <fstream>
#include <ostream>
#include <random>
#include <set>
#include <stdexcept>

#include "engine/position_line.h"
#include "engine/usi_text.h"
#include "movegen_full/movegen.h"
#include "search/engine.h"

namespace sashite::match {
namespace {

// The SFEN without its move number: two openings that differ only there are one.
std::string board_part(const std::string& sfen) { return sfen.substr(0, sfen.find_last_of(' ')); }

class Scorer {
 public:
  Scorer() : engine_(make_engine(EngineChoice{})) {
    if (!engine_) throw std::logic_error("the default engine configuration is not registered");
  }

  // The side to move's score after `moves` from the start, by a search of `depth`.
  Value score(const std::string& moves, int depth) {
    GameHistory history;
    if (auto err = replay_game(Position::kStartSfen, moves, history)) throw std::logic_error("opening replay: " + *err);
    engine_->set_game(history);
    SearchLimits limits;
    limits.depth = depth;
    SearchControl control;
    control.stop = &stop_;
    return engine_->go(limits, control).score;
  }

 private:
  std::unique_ptr<Engine> engine_;
  std::atomic<bool> stop_{false};
};

}  // namespace

std::optional<std::vector<std::string>> load_openings(const std::string& path, std::string* error) {
  std::ifstream in(path);
  if (!in) {
    if (error) *error = "cannot read " + path;
    return std::nullopt;
  }
  std::vector<std::string> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    std::string_view text = usi::trim(line);
    if (text.empty() || text.starts_with('#')) continue;
    if (text.starts_with("sfen ")) text = usi::trim(text.substr(5));
    try {
      PositionLine<> game{text};
      out.push_back(game.pos.sfen());
    } catch (const std::runtime_error& e) {
      if (error) *error = path + ":" + std::to_string(n) + ": " + e.what();
      return std::nullopt;
    }
  }
  if (out.empty()) {
    if (error) *error = path + " holds no position";
    return std::nullopt;
  }
  return out;
}

std::string OpeningRecipe::describe() const {
  return "--count " + std::to_string(count) + " --seed " + std::to_string(seed) + " --plies " +
         std::to_string(min_plies) + "-" + std::to_string(max_plies) + " --pick-depth " + std::to_string(pick_depth) +
         " --pick-margin " + std::to_string(pick_margin_cp) + " --keep-depth " + std::to_string(keep_depth) +
         " --keep-cp " + std::to_string(keep_cp);
}

std::vector<std::string> generate_openings(const OpeningRecipe& r, std::ostream* log) {
  std::mt19937_64 rng(r.seed);
  Scorer scorer;
  std::set<std::string> seen;
  std::vector<std::string> kept;
  for (int attempt = 0; int(kept.size()) < r.count && attempt < 100 * r.count; ++attempt) {
    const int plies = std::uniform_int_distribution<int>(r.min_plies, r.max_plies)(rng);
    std::string moves;
    PositionLine<> game(Position::kStartSfen);
    bool dead_end = false;
    for (int ply = 0; ply < plies && !dead_end; ++ply) {
      const MoveList<GenType::LegalAll> legal(game.pos);
      std::vector<std::pair<Move, Value>> scored;
      Value best = -VALUE_INFINITE;
      for (const ExtMove& m : legal) {
        const std::string line = moves + (moves.empty() ? "" : " ") + to_usi(m.move);
        const Value v = -scorer.score(line, r.pick_depth - 1);
        scored.emplace_back(m.move, v);
        best = std::max(best, v);
      }
      std::vector<Move> near;
      for (const auto& [m, v] : scored)
        if (v >= best - r.pick_margin_cp && std::abs(v) < VALUE_MATE_IN_MAX_PLY) near.push_back(m);
      if (near.empty()) {
        dead_end = true;
        continue;
      }
      const Move m = near[std::uniform_int_distribution<size_t>(0, near.size() - 1)(rng)];
      if (!moves.empty()) moves += ' ';
      moves += to_usi(m);
      game.play(m);
    }
    if (dead_end) continue;
    const std::string sfen = game.pos.sfen();
    if (seen.count(board_part(sfen)) || MoveList<GenType::LegalAll>(game.pos).size() == 0) continue;
    const Value v = scorer.score(moves, r.keep_depth);
    if (std::abs(v) > r.keep_cp) continue;
    seen.insert(board_part(sfen));
    kept.push_back(sfen);
    if (log)
      *log << "opening " << kept.size() << " after " << attempt + 1 << " tries: " << sfen << "  (" << usi_score(v)
           << ", moves " << moves << ")\n";
  }
  return kept;
}

}  // namespace sashite::match
