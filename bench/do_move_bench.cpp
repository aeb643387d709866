// do_move/<full|diff>/walk: cycles of one do_move alone; undo_move/<full|diff>/walk: of one
// undo_move alone. The yardstick for a dirty-flag kernel's share of making a move (report.py
// divides dirty_flags/<best>/walk/40 by do_move/diff/walk). `diff` is DiffPosition (LS3600, differential generation
// (2009): dirty mask, attack-set updates) with its default kernel, named in the run context.
//
// Each of 64 paths is a stored sequence of kPlies random legal moves from a position of the
// dirty_flags walk set. A fenced region times one path forward (do_move) and the undo runs
// outside it, or the reverse; the empty region's own ticks are subtracted (time_region).
#include "bench/harness.h"
#include "bench/positions.h"
#include "movegen/generators.h"

namespace sashite::bench {
namespace {

constexpr int kPlies = 32;

const std::vector<MovePath>& paths() {
  static const auto p = random_move_paths(64, kPlies, 4242, 2026);
  return p;
}

template <class Pos>
struct PathStart {
  PositionLine<Pos> game;
  const std::vector<Move>* moves;
  PathStart(const std::string& sfen, const std::vector<Move>* m) : game(sfen), moves(m) {}
};

enum class Timed { Do, Undo };

template <class Pos, Timed T>
void play_paths(benchmark::State& state) {
  std::vector<std::unique_ptr<PathStart<Pos>>> starts;
  uint64_t count = 0;
  for (const auto& [sfen, moves] : paths()) {
    starts.push_back(std::make_unique<PathStart<Pos>>(sfen, &moves));
    count += moves.size();
  }
  std::vector<typename Pos::State> st(kPlies);  // one stack, reused by every path as in a search
  measure_ticks(state, count, [&] {
    uint64_t ticks = 0;
    for (auto& s : starts) {
      const std::vector<Move>& m = *s->moves;
      auto forward = [&] {
        for (size_t i = 0; i < m.size(); ++i) s->game.pos.do_move(m[i], st[i]);
      };
      auto back = [&] {
        for (size_t i = m.size(); i-- > 0;) s->game.pos.undo_move(m[i]);
      };
      if constexpr (T == Timed::Do) {
        ticks += time_region(forward);
        back();
      } else {
        forward();
        ticks += time_region(back);
      }
    }
    return ticks;
  });
}

const bool registered = [] {
  // The engine build's position of every registered generator (do_move does not depend on which
  // categories a differential position keeps).
  for_each_generator([]<class G>() {
    add("do_move/" + std::string(G::name) + "/walk", play_paths<typename G::template Position<DefaultHand>, Timed::Do>);
  });
  for_each_generator([]<class G>() {
    add("undo_move/" + std::string(G::name) + "/walk",
        play_paths<typename G::template Position<DefaultHand>, Timed::Undo>);
  });
  benchmark::AddCustomContext("do_move_diff_kernel", DiffGenerator::Position<DefaultHand>::KernelType::kName);
  return true;
}();

}  // namespace
}  // namespace sashite::bench
