// effects/<source>/walk: cycles of one static evaluation with its effect counts, per effect
// source (search/effects/sources.h), at every ply of 64 random paths of 32 plies, on the
// position the source plays on in the engine:
//   recomputed   the counts from the bitboards, then evaluate (the full position);
//   diff-kept    sync() of the one move since the last evaluation, the counts from the kept
//                attack sets, then evaluate (the differential generator's position);
//   incremental  evaluate alone: do_move keeps the counts (its price: effects_make below).
// effects/table/walk: evaluate on counts already there, the evaluation's own cycles without any
// source (its ratio to recomputed is the share the counts take).
//
// effects_make/<position>/walk: one do_move and its undo_move per ply along the same paths:
// full (the full generator's position, what recomputed plays on) against the incremental
// position's two undo forms, copy and replay (search/effects/effect_position.h).
//
// Each evaluation is one fenced region (the empty region's ticks subtracted), the moves
// between them are not timed; the make rows time a whole path forward and back.
#include "bench/harness.h"
#include "bench/positions.h"
#include "movegen/generators.h"
#include "search/effects/sources.h"
#include "search/evaluate.h"

namespace sashite::bench {
namespace {

constexpr int kPlies = 32;

const std::vector<std::pair<std::string, std::vector<Move>>>& paths() {
  static const auto p = [] {
    std::vector<std::pair<std::string, std::vector<Move>>> out;
    Rng rng(2027);
    for (const std::string& sfen : walk_sample(64, 2028)) {
      PositionLine g(sfen);
      std::vector<Move> moves;
      for (int ply = 0; ply < kPlies; ++ply) {
        MoveList<GenType::Legal> list(g.pos);
        if (!list.size()) break;
        moves.push_back(list.begin()[rng.below(list.size())]);
        g.play(moves.back());
      }
      out.emplace_back(sfen, std::move(moves));
    }
    return out;
  }();
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

// `Counts` is an effect source, or void for the table row (counts made outside the clock).
template <class Counts, class Pos>
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
      for (size_t i = 0; i < m.size(); ++i) {
        pos.do_move(m[i], st[i]);
        if constexpr (std::is_void_v<Counts>) {
          compute_effects(pos.board(), scratch);
          ticks += time_region([&] { sink += evaluate(pos.board(), scratch); });
        } else {
          ticks += time_region([&] { sink += evaluate(pos.board(), Counts::effects(pos, scratch)); });
        }
      }
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
        if (!done) add("effects/" + std::string(S::name) + "/walk", eval_paths<S, typename S::template Position<P>>);
        done = true;
      }
    });
  });
  add("effects/table/walk", eval_paths<void, BasicPosition<DefaultHand>>);
  add("effects_make/full/walk", make_paths<BasicPosition<DefaultHand>>);
  add("effects_make/copy/walk", make_paths<EffectPosition<DefaultHand, EffectUndo::Copy>>);
  add("effects_make/replay/walk", make_paths<EffectPosition<DefaultHand, EffectUndo::Replay>>);
  return true;
}();

}  // namespace
}  // namespace sashite::bench
