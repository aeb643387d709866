// effects/<variant>/walk: cycles per ply of making a move and evaluating the position it gives,
// along 64 random paths of 32 plies, per effect source (search/effects/sources.h), each on the
// position it plays on in the engine:
//   recomputed   full position: do_move, the counts from the bitboards, evaluate (baseline);
//   diff-kept    differential position: do_move, sync() of that move, the counts from the kept
//                attack sets, evaluate;
//   incremental  do_move keeping the counts, evaluate.
// and the parts, to take differences of:
//   counts       full position: do_move and the counts from the bitboards, no evaluate
//                (recomputed - counts = the evaluation's own cycles);
//   make-full, make-diff, make-incremental   do_move alone on the position each source plays on
//                (walk - make = the source's counts and evaluation: scripts/elo_worth.py).
// Making and evaluating are timed together, one fenced region per path, the undo outside it:
// a region per evaluation would charge each one a pipeline drain.
//
// effects_make/<position>/walk: one do_move and its undo_move per ply along the same paths:
// full (the full generator's position, what recomputed plays on) against the incremental
// position's two undo forms, copy and replay (search/effects/effect_position.h).
#include "bench/harness.h"
#include "bench/positions.h"
#include "movegen/generators.h"
#include "search/effects/sources.h"
#include "search/evaluate.h"

namespace sashite::bench {
namespace {

constexpr int kPlies = 32;

const std::vector<MovePath>& paths() {
  static const auto p = random_move_paths(64, kPlies, 2027, 2028);
  return p;
}

template <class Pos>
struct Paths {
  std::vector<std::unique_ptr<PositionLine<Pos>>> starts;
  std::vector<const std::vector<Move>*> moves;
  uint64_t plies = 0;
  Paths() {
    for (const auto& [sfen, m] : paths()) {
      starts.push_back(std::make_unique<PositionLine<Pos>>(sfen));
      moves.push_back(&m);
      plies += m.size();
    }
  }
};

enum class After { Nothing, Counts, Evaluate };

// `Source` gives the counts (After::Counts and After::Evaluate).
template <class Source, class Pos, After A>
void eval_paths(benchmark::State& state) {
  Paths<Pos> p;
  std::vector<typename Pos::State> st(kPlies);
  EffectBoard scratch{};
  int64_t sink = 0;
  measure_ticks(state, p.plies, [&] {
    uint64_t ticks = 0;
    for (size_t j = 0; j < p.starts.size(); ++j) {
      Pos& pos = p.starts[j]->pos;
      const std::vector<Move>& m = *p.moves[j];
      ticks += time_region([&] {
        for (size_t i = 0; i < m.size(); ++i) {
          pos.do_move(m[i], st[i]);
          if constexpr (A == After::Counts) sink += Source::effects(pos, scratch).count[BLACK][40];
          if constexpr (A == After::Evaluate) sink += evaluate(pos.board(), Source::effects(pos, scratch));
        }
      });
      for (size_t i = m.size(); i-- > 0;) pos.undo_move(m[i]);
    }
    benchmark::DoNotOptimize(sink);
    return ticks;
  });
}

template <class Pos>
void make_paths(benchmark::State& state) {
  Paths<Pos> p;
  std::vector<typename Pos::State> st(kPlies);
  measure_ticks(state, p.plies, [&] {
    uint64_t ticks = 0;
    for (size_t j = 0; j < p.starts.size(); ++j) {
      Pos& pos = p.starts[j]->pos;
      const std::vector<Move>& m = *p.moves[j];
      ticks += time_region([&] {
        for (size_t i = 0; i < m.size(); ++i) pos.do_move(m[i], st[i]);
        for (size_t i = m.size(); i-- > 0;) pos.undo_move(m[i]);
      });
    }
    return ticks;
  });
}

const bool registered = [] {
  // Each source on the first registered generator's position it fits.
  for_each_type<RegisteredEffectSources>([]<class S>() {
    bool done = false;
    for_each_generator([&]<class G>() {
      using P = typename G::template Position<DefaultHand>;
      if constexpr (S::template kFits<P>) {
        if (!done)
          add("effects/" + std::string(S::name) + "/walk",
              eval_paths<S, typename S::template Position<P>, After::Evaluate>);
        done = true;
      }
    });
  });
  using Full = FullGenerator::Position<DefaultHand>;
  add("effects/counts/walk", eval_paths<RecomputedEffects, Full, After::Counts>);
  add("effects/make-full/walk", eval_paths<RecomputedEffects, Full, After::Nothing>);
  add("effects/make-diff/walk", eval_paths<RecomputedEffects, DiffGenerator::Position<DefaultHand>, After::Nothing>);
  add("effects/make-incremental/walk", eval_paths<RecomputedEffects, EffectPosition<DefaultHand>, After::Nothing>);
  add("effects_make/full/walk", make_paths<Full>);
  add("effects_make/copy/walk", make_paths<EffectPosition<DefaultHand, EffectUndo::Copy>>);
  add("effects_make/replay/walk", make_paths<EffectPosition<DefaultHand, EffectUndo::Replay>>);
  return true;
}();

}  // namespace
}  // namespace sashite::bench
