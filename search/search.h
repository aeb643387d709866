// The alpha-beta search, one template over an engine configuration (search/engine_config.h):
// iterative deepening, principal-variation search with aspiration windows, quiescence, null
// move with verification, late-move reductions, check extension, mate-distance scores,
// repetition over the search path and the game, the entering-king declaration.
//
// Included by the instantiation unit (search_generator.cpp, compiled once per registered
// generator), where each registered configuration is compiled once, and by
// tools/study/node_replay.cpp, which instantiates it once more on a position that records the
// search's node sequence (a study, outside the search library).
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <sstream>
#include <thread>

#include "movegen_full/perft.h"
#include "rules/declaration.h"
#include "search/engine.h"
#include "search/engine_config.h"
#include "search/engine_factory.h"
#include "search/evaluate.h"
#include "search/move_picker.h"
#include "rules/repetition.h"
#include "search/time_manager.h"

namespace sashite {

// Plies below the root the search may reach (the differential position's list arena holds
// MAX_PLY plies; null moves count).
constexpr int kMaxSearchPly = MAX_PLY - 8;

namespace search_detail {

using Clock = std::chrono::steady_clock;
inline int64_t ms_since(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

// Late-move reduction in plies, by depth and move number: ~ln(d) ln(m) / 2.
struct Reductions {
  int8_t r[64][64];
  Reductions() {
    for (int d = 0; d < 64; ++d)
      for (int m = 0; m < 64; ++m) r[d][m] = int8_t(d && m ? 0.5 + std::log(d) * std::log(m) / 2.0 : 0);
  }
  int operator()(int depth, int move_number) const { return r[std::min(depth, 63)][std::min(move_number, 63)]; }
};
inline const Reductions kReductions;

}  // namespace search_detail

// A repetition's score for the side to move (README Conventions), VALUE_NONE when there is none.
constexpr Value repetition_value(Repetition r, int ply) {
  switch (r) {
    case Repetition::Draw: return VALUE_DRAW;
    case Repetition::Win: return mate_in(ply);
    case Repetition::Loss: return mated_in(ply);
    case Repetition::Superior: return VALUE_SUPERIOR;
    case Repetition::Inferior: return -VALUE_SUPERIOR;
    case Repetition::None: break;
  }
  return VALUE_NONE;
}

// How deep below set() a position may be played: a differential position's list arena is
// sized for kMaxPlies; the full position's state lives in the search's own stack.
template <class P>
constexpr int max_plies_of() {
  if constexpr (requires { P::kMaxPlies; }) return P::kMaxPlies;
  else return MAX_PLY;
}

template <class Config>
class EngineImpl final : public Engine {
  using Pos = typename Config::Position;
  // The search's deepest node (null moves and quiescence included) stays inside the arena.
  static_assert(kMaxSearchPly + 2 <= max_plies_of<Pos>());
  using State = typename Pos::State;
  using Table = typename Config::Table;
  using Clock = search_detail::Clock;

  struct RootMove {
    explicit RootMove(Move m) : move(m) {}
    Move move;
    Value score = -VALUE_INFINITE;
    std::vector<Move> pv;
  };

 public:
  EngineImpl() {
    // The table starts at its layout's minimum: the owner sizes it (resize_tt) before searching.
    history_.clear();
    GameHistory start;
    replay_game(BasicPosition<DefaultHand>::kStartSfen, "", start);  // cannot fail
    set_game(start);
  }

  EngineChoice choice() const override {
    return {Config::generator(), Config::layout(), Config::key_scheme(), Config::tt(), Config::effects()};
  }

  std::optional<std::string> set_game(const GameHistory& game) override {
    if (auto err = set_sfen(game.final_sfen)) return err;
    game_ = game;
    // The checks before the root, so that a cycle reaching into the game sees who checked
    // throughout it: counted in plies, as do_move counts them.
    const size_t n = game_.plies();
    const Color last_mover = ~pos_.side_to_move();
    for (Color c : {BLACK, WHITE}) {
      int count = 0;
      for (size_t i = n - (c == last_mover ? 0 : 1); i >= 1 && i <= n && game_.gave_check[i]; i -= 2) count += 2;
      base_state(stack_[0].state).continuous_check[c] = count;
    }
    return std::nullopt;
  }

  void resize_tt(size_t mb) override { tt_.resize(mb); }
  void new_game() override {
    tt_.clear();
    history_.clear();
  }

  std::string pretty() const override { return pos_.board().pretty(); }
  std::string sfen() const override { return pos_.board().sfen(); }

  std::vector<std::pair<Move, uint64_t>> perft_divide(int depth, const std::function<bool()>& stopped) override {
    // Perft counts LegalAll, useless non-promotions included, which the search's cache omits:
    // the generator's perft position of the same layout counts.
    using P = typename Config::Generator::template PerftPosition<typename Config::Hand>;
    auto p = std::make_unique<P>();
    typename P::State st;
    p->set(pos_.board().sfen(), &st);
    return sashite::perft_divide(*p, depth, stopped);
  }

  SearchResult go(const SearchLimits& limits, const SearchControl& control) override;

 private:
  // The full and the differential state keep the base StateInfo differently.
  static StateInfo& base_state(State& s) {
    if constexpr (std::is_same_v<State, StateInfo>) return s;
    else return s.base;
  }

  std::optional<std::string> set_sfen(const std::string& sfen) {
    if (auto err = pos_.set(sfen, &stack_[0].state)) return err;
    return std::nullopt;
  }

  // The search's state per ply (Stockfish's Stack): ss = stack_ + ply, entry 0 the root's.
  struct Stack {
    State state;            // the position's state at this ply (pos_ links them)
    Move move;              // the move that led to the next ply
    Move killers[2];
    Value eval;             // static evaluation, VALUE_NONE in check
    int pv_length;          // the principal variation from this ply, set at PV nodes
    Move pv[MAX_PLY + 1];
  };

  template <bool PvNode>
  Value search(Value alpha, Value beta, int depth, int ply);
  template <bool PvNode>
  Value qsearch(Value alpha, Value beta, int ply, int qply);
  Value search_root(Value alpha, Value beta, int depth);
  Repetition repetition(int ply, int depth) const;
  // Counts the node and polls the clock and the limits; false once the search must stop.
  bool enter_node(int ply) {
    ++nodes_;
    if (limits_.nodes && nodes_ >= limits_.nodes) stop_ = true;
    if ((nodes_ & 1023) == 0) check_time();
    seldepth_ = std::max(seldepth_, ply);
    return !stopped();
  }
  void update_pv(Stack* ss, Move m);
  void check_time();
  bool stopped() const { return stop_; }
  void do_move(Move m, Stack* ss) {
    ss->move = m;
    pos_.do_move(m, (ss + 1)->state);
    tt_.prefetch(pos_.key());
  }
  std::string info_line(int depth, Value score, Bound bound, const std::vector<Move>& pv) const;
  // The evaluation, with the counts from the configuration's effect source.
  Value static_eval() { return evaluate(pos_.board(), Config::EffectSource::effects(pos_, effects_)); }

  Pos pos_;
  EffectBoard effects_{};  // scratch for the sources that compute the counts
  Table tt_;
  History history_;
  GameHistory game_;
  Stack stack_[MAX_PLY + 2];
  std::vector<RootMove> root_moves_;
  std::vector<Move> unfinished_best_;  // this iteration's new best line, if one beat the first move

  // Per search.
  SearchLimits limits_;
  const SearchControl* control_ = nullptr;
  Clock::time_point start_;
  TimeBudget budget_{};
  bool pondering_ = false;
  bool stop_ = false;
  uint64_t nodes_ = 0;
  int seldepth_ = 0;
  int nmp_min_ply_ = 0;  // null move is off below this ply (the verification search)
};

// ---------------------------------------------------------------------------------------------

template <class Config>
SearchResult EngineImpl<Config>::go(const SearchLimits& limits, const SearchControl& control) {
  limits_ = limits;
  control_ = &control;
  start_ = Clock::now();
  pondering_ = limits.ponder;
  stop_ = false;
  nodes_ = 0;
  seldepth_ = 0;
  nmp_min_ply_ = 0;
  budget_ = plan_time(limits, pos_.side_to_move(), pos_.board().game_ply(), control.move_overhead_ms);
  tt_.new_search();
  // The root's state stays: pos_ holds it.
  for (Stack& s : stack_) {
    s.move = s.killers[0] = s.killers[1] = MOVE_NONE;
    s.eval = VALUE_NONE;
  }

  SearchResult result;
  root_moves_.clear();
  for (const ExtMove& m : MoveList<GenType::Legal, typename Config::Hand>(pos_.board())) root_moves_.emplace_back(m.move);
  // Registry order is the generator's: sort by Move value so that every configuration starts
  // from the same root order.
  std::sort(root_moves_.begin(), root_moves_.end(), [](const RootMove& a, const RootMove& b) { return a.move < b.move; });

  if (declaration_wins(pos_.board())) {
    result.declare_win = true;
  } else if (!root_moves_.empty()) {
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxSearchPly - 1) : kMaxSearchPly - 1;
    Value score = VALUE_ZERO;
    for (int depth = 1; depth <= max_depth; ++depth) {
      unfinished_best_.clear();
      // Aspiration window around the last score from depth 4 on; widened on each failure.
      Value delta = 40, alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
      if (depth >= 4 && !is_mate_score(score)) {
        alpha = std::max(score - delta, -VALUE_INFINITE);
        beta = std::min(score + delta, VALUE_INFINITE);
      }
      for (;;) {
        const Value v = search_root(alpha, beta, depth);
        std::stable_sort(root_moves_.begin(), root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        if (stopped()) break;
        if (v <= alpha) {
          beta = (alpha + beta) / 2;
          alpha = std::max(v - delta, -VALUE_INFINITE);
        } else if (v >= beta) {
          beta = std::min(v + delta, VALUE_INFINITE);
        } else {
          score = v;
          break;
        }
        if (control.info && search_detail::ms_since(start_) > 1000)
          control.info(info_line(depth, v, v <= alpha ? BOUND_UPPER : BOUND_LOWER, root_moves_[0].pv));
        delta += delta / 2;
      }
      if (stopped()) break;
      result.depth = depth;
      result.score = score;
      result.pv = root_moves_[0].pv;
      if (control.info) control.info(info_line(depth, score, BOUND_EXACT, result.pv));
      // A forced mate found within the depth will not change; one legal move needs no thought.
      if (score >= mate_in(depth) || score <= mated_in(depth)) break;
      if (!pondering_ && limits.uses_clock() && root_moves_.size() == 1) break;
      if (!pondering_ && (limits.uses_clock() || limits.movetime) && search_detail::ms_since(start_) >= budget_.optimum_ms) break;
    }
    // Stopped inside an iteration: keep the last completed one's choice unless a move of the
    // unfinished one, searched to the end, already beat the first move (Stockfish does the same).
    if (stopped() && !unfinished_best_.empty()) result.pv = unfinished_best_;
    if (result.pv.empty()) result.pv = {root_moves_[0].move};
    result.best = result.pv[0];
    if (result.pv.size() > 1) result.ponder = result.pv[1];
  }

  // `go infinite` and `go ponder` answer only after `stop` (or `ponderhit`): a GUI that
  // ponders must not receive a best move it did not ask for yet.
  while ((limits.infinite || pondering_) && !control.stop->load(std::memory_order_relaxed)) {
    if (pondering_ && control.ponderhit && control.ponderhit->load(std::memory_order_relaxed)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  result.nodes = nodes_;
  result.ms = search_detail::ms_since(start_);
  return result;
}

template <class Config>
Value EngineImpl<Config>::search_root(Value alpha, Value beta, int depth) {
  const Value old_alpha = alpha;
  Value best = -VALUE_INFINITE;
  Move best_move = MOVE_NONE;
  Stack* const ss = stack_;
  ++nodes_;
  ss->pv_length = 0;
  for (size_t i = 0; i < root_moves_.size(); ++i) {
    RootMove& rm = root_moves_[i];
    const Move m = rm.move;
    const bool gives_check = pos_.gives_check(m);
    const int new_depth = depth - 1 + (gives_check && pos_.see_ge(m, 0));
    do_move(m, ss);
    Value v;
    bool pv_searched = true;  // (ss + 1)->pv holds this move's line only after a PV search
    if (i == 0) {
      v = -search<true>(-beta, -alpha, new_depth, 1);
    } else {
      v = -search<false>(-alpha - 1, -alpha, new_depth, 1);
      pv_searched = v > alpha && v < beta;
      if (pv_searched) v = -search<true>(-beta, -alpha, new_depth, 1);
    }
    pos_.undo_move(m);
    if (stopped()) return best;
    if (i == 0 || v > alpha) {
      rm.score = v;
      rm.pv.assign(1, m);
      if (pv_searched) rm.pv.insert(rm.pv.end(), (ss + 1)->pv, (ss + 1)->pv + (ss + 1)->pv_length);
    } else {
      rm.score = -VALUE_INFINITE;  // only known to be <= alpha: sorts after the others
    }
    if (v > best) best = v;
    if (v > alpha) {
      best_move = m;
      if (i > 0) unfinished_best_ = rm.pv;
      alpha = v;
      if (v >= beta) break;
    }
  }
  tt_.store(pos_.key(), best_move, value_to_tt(best, 0),
            best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER, depth, VALUE_NONE);
  return best;
}

template <class Config>
void EngineImpl<Config>::update_pv(Stack* ss, Move m) {
  ss->pv[0] = m;
  std::copy((ss + 1)->pv, (ss + 1)->pv + (ss + 1)->pv_length, ss->pv + 1);
  ss->pv_length = (ss + 1)->pv_length + 1;
}

// Both the search path (with hand superiority, by the board key and the layout's hand
// comparison) and, past the root, the game's keys (exact repetitions).
template <class Config>
Repetition EngineImpl<Config>::repetition(int ply, int depth) const {
  const StateInfo* st = pos_.board().state();
  const int horizon = repetition_horizon(false, depth);
  if (const Repetition r = by_board_key<typename Config::Hand>(st, pos_.side_to_move(), horizon); r != Repetition::None)
    return r;
  if (st->plies_from_null != ply) return Repetition::None;  // a null move in the path
  const int64_t n = int64_t(game_.plies());
  for (int d = std::max(4, ply + 2 - (ply & 1)); d <= horizon; d += 2) {
    const int64_t j = n - (d - ply);
    if (j < 0) break;
    if (game_.keys[size_t(j)] != st->key) continue;
    const Color us = pos_.side_to_move();
    if (st->continuous_check[us] >= d) return Repetition::Loss;
    if (st->continuous_check[~us] >= d) return Repetition::Win;
    return Repetition::Draw;
  }
  return Repetition::None;
}

template <class Config>
void EngineImpl<Config>::check_time() {
  if (control_->stop->load(std::memory_order_relaxed)) {
    stop_ = true;
    return;
  }
  if (pondering_) {
    if (!control_->ponderhit || !control_->ponderhit->load(std::memory_order_relaxed)) return;
    // The clock runs from the ponder hit: that is when the opponent's move arrived.
    pondering_ = false;
    start_ = Clock::now();
  }
  if (limits_.infinite) return;
  if ((limits_.uses_clock() || limits_.movetime) && search_detail::ms_since(start_) >= budget_.maximum_ms) stop_ = true;
}

template <class Config>
template <bool PvNode>
Value EngineImpl<Config>::search(Value alpha, Value beta, int depth, int ply) {
  if (depth <= 0) return qsearch<PvNode>(alpha, beta, ply, 0);
  Stack* const ss = stack_ + ply;
  if (PvNode) ss->pv_length = 0;
  if (!enter_node(ply)) return VALUE_ZERO;
  if (ply >= kMaxSearchPly) return pos_.in_check() ? VALUE_DRAW : static_eval();

  if (const Value v = repetition_value(repetition(ply, depth), ply); v != VALUE_NONE) return v;
  // Mate-distance pruning: no line from here beats a mate already found nearer the root.
  alpha = std::max(mated_in(ply), alpha);
  beta = std::min(mate_in(ply + 1), beta);
  if (alpha >= beta) return alpha;
  if (declaration_wins(pos_.board())) return mate_in(ply + 1);

  const Key key = pos_.key();
  TTData tte;
  const bool tt_hit = tt_.probe(key, tte);
  const Move tt_move = tt_hit ? tte.move : MOVE_NONE;
  if (!PvNode && tt_hit && tte.depth >= depth) {
    const Value lower = value_from_tt(tte.lower, ply), upper = value_from_tt(tte.upper, ply);
    if (lower >= beta) return lower;
    if (upper <= alpha) return upper;
  }

  const bool in_check = pos_.in_check();
  Value eval = VALUE_NONE;
  if (!in_check) eval = tt_hit && tte.eval != VALUE_NONE ? tte.eval : static_eval();
  ss->eval = eval;

  // Null move: if passing still fails high, a real move will. Verified at high depth by a
  // search with null moves off for a few plies, against zugzwang-like positions (in shogi
  // these are rare but real: a tempo loss in a mating race).
  if (!PvNode && !in_check && depth >= 2 && eval >= beta && (ss - 1)->move != MOVE_NULL && ply >= nmp_min_ply_ &&
      !is_mate_score(beta)) {
    const int r = 3 + depth / 4 + std::min((eval - beta) / 200, 3);
    ss->move = MOVE_NULL;
    pos_.do_null_move((ss + 1)->state);
    Value v = -search<false>(-beta, -beta + 1, depth - r, ply + 1);
    pos_.undo_null_move();
    if (stopped()) return VALUE_ZERO;
    if (v >= beta) {
      if (is_mate_score(v)) v = beta;
      if (depth < 12 || nmp_min_ply_) return v;
      nmp_min_ply_ = ply + 3 * (depth - r) / 4;
      const Value verified = search<false>(beta - 1, beta, depth - r, ply);
      nmp_min_ply_ = 0;
      if (verified >= beta) return v;
    }
  }

  MovePicker<Pos> picker(pos_, tt_move, ss->killers, history_);
  Value best = -VALUE_INFINITE;
  Move best_move = MOVE_NONE;
  Move quiets[64];
  int quiet_count = 0, move_count = 0;
  const Value old_alpha = alpha;

  for (Move m; (m = picker.next()) != MOVE_NONE;) {
    ++move_count;
    const bool capture_stage = in_capture_stage(pos_.board(), m);
    const bool gives_check = pos_.gives_check(m);
    // Check extension, for checks that do not lose material.
    const int new_depth = depth - 1 + (gives_check && pos_.see_ge(m, 0));

    do_move(m, ss);
    Value v;
    if (move_count == 1) {
      v = -search<PvNode>(-beta, -alpha, new_depth, ply + 1);
    } else {
      // Late-move reductions: late quiet moves are searched shallower with a null window,
      // and again at full depth only if they beat alpha.
      int r = 0;
      if (depth >= 3 && move_count > 3 && !capture_stage && !gives_check && !in_check) {
        r = search_detail::kReductions(depth, move_count) - PvNode;
        if (m == ss->killers[0] || m == ss->killers[1]) --r;
        r = std::clamp(r, 0, new_depth - 1);
      }
      v = -search<false>(-alpha - 1, -alpha, new_depth - r, ply + 1);
      if (v > alpha && r > 0) v = -search<false>(-alpha - 1, -alpha, new_depth, ply + 1);
      if (PvNode && v > alpha && v < beta) v = -search<true>(-beta, -alpha, new_depth, ply + 1);
    }
    pos_.undo_move(m);
    if (stopped()) return VALUE_ZERO;

    if (v > best) {
      best = v;
      if (v > alpha) {
        best_move = m;
        if (PvNode) update_pv(ss, m);
        if (v >= beta) break;
        alpha = v;
      }
    }
    if (!capture_stage && quiet_count < 64) quiets[quiet_count++] = m;
  }

  // No legal move: lost, in check or not (shogi has no stalemate; a pawn-drop mate is not
  // generated, so a position whose only mate is one is not lost by this).
  if (move_count == 0) return mated_in(ply);

  if (best >= beta && !in_capture_stage(pos_.board(), best_move)) {
    Move* k = ss->killers;
    if (k[0] != best_move) k[1] = k[0], k[0] = best_move;
    const int bonus = std::min(depth * depth, 400);
    history_.update(pos_.side_to_move(), best_move, bonus);
    for (int i = 0; i < quiet_count; ++i)
      if (quiets[i] != best_move) history_.update(pos_.side_to_move(), quiets[i], -bonus);
  }

  tt_.store(key, best_move, value_to_tt(best, ply),
            best >= beta ? BOUND_LOWER : PvNode && best > old_alpha ? BOUND_EXACT : BOUND_UPPER, depth, eval);
  return best;
}

// Quiescence: captures and pawn promotions, quiet checks at its first ply, every evasion in
// check. Stored in the TT at depth 0, below any main-search entry.
template <class Config>
template <bool PvNode>
Value EngineImpl<Config>::qsearch(Value alpha, Value beta, int ply, int qply) {
  Stack* const ss = stack_ + ply;
  if (PvNode) ss->pv_length = 0;
  if (!enter_node(ply)) return VALUE_ZERO;
  const bool in_check = pos_.in_check();
  if (ply >= kMaxSearchPly) return in_check ? VALUE_DRAW : static_eval();

  const Repetition r = by_board_key<typename Config::Hand>(pos_.board().state(), pos_.side_to_move(), repetition_horizon(true, 0));
  if (const Value v = repetition_value(r, ply); v != VALUE_NONE) return v;

  const Key key = pos_.key();
  TTData tte;
  const bool tt_hit = tt_.probe(key, tte);
  if (!PvNode && tt_hit) {
    const Value lower = value_from_tt(tte.lower, ply), upper = value_from_tt(tte.upper, ply);
    if (lower >= beta) return lower;
    if (upper <= alpha) return upper;
  }

  Value best, eval = VALUE_NONE;
  if (in_check) {
    best = mated_in(ply);
  } else {
    eval = tt_hit && tte.eval != VALUE_NONE ? tte.eval : static_eval();
    if (eval >= beta) {
      if (!tt_hit) tt_.store(key, MOVE_NONE, value_to_tt(eval, ply), BOUND_LOWER, 0, eval);
      return eval;
    }
    alpha = std::max(alpha, eval);
    best = eval;
  }
  const Value old_alpha = alpha;

  MovePicker<Pos> picker(pos_, tt_hit ? tte.move : MOVE_NONE, history_, qply == 0);
  Move best_move = MOVE_NONE;
  for (Move m; (m = picker.next()) != MOVE_NONE;) {
    if (!in_check) {
      // Futility by material: a capture that cannot lift the score to alpha is skipped;
      // a losing exchange or check is skipped altogether.
      const bool capture = pos_.board().is_capture(m);
      if (capture && !is_promotion(m) && eval + piece_value(pos_.board().piece_on(to_sq(m))) + 200 <= alpha &&
          !pos_.gives_check(m))
        continue;
      if (!pos_.see_ge(m, 0)) continue;
    }
    do_move(m, ss);
    const Value v = -qsearch<PvNode>(-beta, -alpha, ply + 1, qply + 1);
    pos_.undo_move(m);
    if (stopped()) return VALUE_ZERO;
    if (v > best) {
      best = v;
      if (v > alpha) {
        best_move = m;
        if (PvNode) update_pv(ss, m);
        if (v >= beta) break;
        alpha = v;
      }
    }
  }
  tt_.store(key, best_move, value_to_tt(best, ply),
            best >= beta ? BOUND_LOWER : PvNode && best > old_alpha ? BOUND_EXACT : BOUND_UPPER, 0, eval);
  return best;
}

template <class Config>
std::string EngineImpl<Config>::info_line(int depth, Value score, Bound bound, const std::vector<Move>& pv) const {
  const int64_t ms = search_detail::ms_since(start_);
  std::ostringstream os;
  os << "info depth " << depth << " seldepth " << std::max(seldepth_, depth) << " score " << usi_score(score);
  if (bound == BOUND_LOWER) os << " lowerbound";
  if (bound == BOUND_UPPER) os << " upperbound";
  os << " nodes " << nodes_ << " nps " << (ms > 0 ? nodes_ * 1000 / uint64_t(ms) : nodes_) << " time " << ms
     << " hashfull " << tt_.hashfull() << " pv";
  for (Move m : pv) os << ' ' << to_usi(m);
  return os.str();
}

template <class G>
std::unique_ptr<Engine> make_engine_of(const EngineChoice& choice) {
  std::unique_ptr<Engine> e;
  for_each_engine_config_of<G>([&]<class C>() {
    if (!e && choice.layout == C::layout() && choice.key_scheme == C::key_scheme() && choice.tt == C::tt() &&
        choice.effects == C::effects())
      e = std::make_unique<EngineImpl<C>>();
  });
  return e;
}

}  // namespace sashite
