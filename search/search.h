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
#include <utility>
#include <vector>

#include "movegen_full/perft.h"
#include "rules/declaration.h"
#include "search/engine.h"
#include "search/engine_config.h"
#include "search/engine_factory.h"
#include "search/evaluate.h"
#include "search/mate_in_one.h"
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

// Late-move reduction in plies, by depth and move number: (base + scale ln(d) ln(m)) / 100
// (search/search_constants.h: 0.67 + 0.69 ln(d) ln(m) by default, SPSA-tuned).
struct Reductions {
  int8_t r[64][64];
  Reductions(int base_percent, int scale_percent) {
    for (int d = 0; d < 64; ++d)
      for (int m = 0; m < 64; ++m)
        r[d][m] = int8_t(d && m ? base_percent / 100.0 + std::log(d) * std::log(m) * (scale_percent / 100.0) : 0);
  }
  int operator()(int depth, int move_number) const { return r[std::min(depth, 63)][std::min(move_number, 63)]; }
};

constexpr int history_bonus(int depth) { return std::min(150 * depth - 100, 1600); }

}  // namespace search_detail

// A repetition's score for the side to move (README Conventions), VALUE_NONE when there is none.
// `draw`: what a draw is worth to the side to move (EngineImpl::draw_value).
constexpr Value repetition_value(Repetition r, int ply, Value draw) {
  switch (r) {
    case Repetition::Draw: return draw;
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
  if constexpr (requires { P::kMaxPlies; })
    return P::kMaxPlies;
  else
    return MAX_PLY;
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
  EngineImpl() : history_(std::make_unique<SearchHistory>()) {
    // The table starts at its layout's minimum: the owner sizes it (resize_tt) before searching.
    history_->clear();
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
      base_state(root_stack()->state).continuous_check[c] = count;
    }
    return std::nullopt;
  }

  void resize_tt(size_t mb) override { tt_.resize(mb); }
  void new_game() override {
    tt_.clear();
    history_->clear();
  }
  void set_params(const SearchParams& params) override {
    params_ = params;
    reductions_ = search_detail::Reductions(tuned(k_lmr_base_percent), tuned(k_lmr_scale_percent));
  }
  const SearchParams& params() const override { return params_; }

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
    if constexpr (std::is_same_v<State, StateInfo>)
      return s;
    else
      return s.base;
  }

  std::optional<std::string> set_sfen(const std::string& sfen) {
    if (auto err = pos_.set(sfen, &root_stack()->state)) return err;
    return std::nullopt;
  }

  // The search's state per ply (Stockfish's Stack): ss = root_stack() + ply. kStackBefore
  // entries precede the root so that ss - 4 is always readable (continuation rows, evals).
  struct Stack {
    State state;    // the position's state at this ply (pos_ links them)
    Move move;      // the move that led to the next ply
    Move excluded;  // the singular search's excluded move
    Move killers[2];
    PieceToHistory* continuation;  // the row of `move` (piece after it, to)
    Value eval;                    // static evaluation, VALUE_NONE in check
    int move_count;
    int pv_length;  // the principal variation from this ply, set at PV nodes
    Move pv[MAX_PLY + 1];
  };
  static constexpr int kStackBefore = 4;
  Stack* root_stack() { return stack_ + kStackBefore; }

  template <bool PvNode>
  Value search(Value alpha, Value beta, int depth, int ply, bool cut_node);
  template <bool PvNode>
  Value qsearch(Value alpha, Value beta, int ply, int qply);
  Value search_root(Value alpha, Value beta, int depth);
  bool lets_in_mate(int depth, Value score, std::vector<Move>& checked);
  bool drop_if_mate_let_in(Move m, std::vector<Move>& checked);
  Repetition repetition(int ply, int depth) const;
  // A draw's worth to the side to move `ply` plies below the root: -contempt for the root's
  // side, +contempt for the other, and one point either way by a bit of the key, so that a
  // draw never ties exactly with an even evaluation and the choice between them is fixed by
  // the position, never by move order or chance.
  Value draw_value(int ply) const {
    const Value c = ply & 1 ? params_.contempt : -params_.contempt;
    return c + ((pos_.key() >> 7) & 2) - 1;
  }
  bool on(SearchFeature f) const { return params_.on(f); }
  int tuned(SearchConstant c) const { return params_.constants[c]; }
  // Counts the node and polls the clock and the limits; false once the search must stop.
  bool enter_node(int ply) {
    ++nodes_;
    if (limits_.nodes && nodes_ >= limits_.nodes) stop_ = true;
    if ((nodes_ & 1023) == 0) check_time();
    seldepth_ = std::max(seldepth_, ply);
    return !stopped();
  }
  void update_pv(Stack* ss, Move m);
  void update_quiet_stats(Stack* ss, Move m, int bonus);
  void update_continuation(Stack* ss, Piece pc, Square to, int bonus);
  OrderingTables ordering(Stack* ss) const;
  void check_time();
  bool stopped() const { return stop_; }
  void do_move(Move m, Stack* ss) {
    ss->move = m;
    ss->continuation = history_->continuation.row(piece_after(pos_.board(), m), to_sq(m));
    tt_.prefetch(pos_.board().key_after(m));  // before do_move: the load overlaps it
    pos_.do_move(m, (ss + 1)->state);
  }
  std::string info_line(int depth, Value score, Bound bound, const std::vector<Move>& pv) const;
  // The evaluation, with the counts from the configuration's effect source.
  Value static_eval() { return evaluate(pos_.board(), Config::EffectSource::effects(pos_, effects_)); }
  // The static evaluation with CorrectionHistory's correction added; `raw` is what the TT keeps.
  Value corrected_eval(Value raw) const {
    if (!on(SearchFeature::CorrectionHistory)) return raw;
    const Color us = pos_.side_to_move();
    const int c = history_->pawn_correction.get(us, pawn_shape_key(pos_.board())) +
                  history_->king_correction.get(us, king_shape_key(pos_.board()));
    return std::clamp(raw + c / 16, -VALUE_EVAL_MAX, VALUE_EVAL_MAX);
  }
  void update_correction(int bonus) {
    const Color us = pos_.side_to_move();
    history_->pawn_correction.update(us, pawn_shape_key(pos_.board()), bonus);
    history_->king_correction.update(us, king_shape_key(pos_.board()), bonus);
  }

  Pos pos_;
  EffectBoard effects_{};  // scratch for the sources that compute the counts
  Table tt_;
  std::unique_ptr<SearchHistory> history_;
  SearchParams params_;
  search_detail::Reductions reductions_{kDefaultSearchConstants[k_lmr_base_percent],
                                        kDefaultSearchConstants[k_lmr_scale_percent]};
  GameHistory game_;
  Stack stack_[kStackBefore + MAX_PLY + 2];
  std::vector<RootMove> root_moves_;
  std::vector<Move> unfinished_best_;  // this iteration's line, once its first move is searched or beaten

  // Per search.
  SearchLimits limits_;
  const SearchControl* control_ = nullptr;
  Clock::time_point start_;
  TimeBudget budget_{};
  bool pondering_ = false;
  bool stop_ = false;
  uint64_t nodes_ = 0;
  int seldepth_ = 0;
  int root_depth_ = 0;
  int nmp_min_ply_ = 0;        // null move is off below this ply (the verification search)
  int64_t mate_check_ms_ = 0;  // one mate-safety answer's time (0: no clock)
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
  // The mate-safety check's time per answer; under a clock one answer's worth comes off the
  // hard limit, kept for the final answer's check.
  mate_check_ms_ = 0;
  if (control.lets_in_mate && (limits.uses_clock() || limits.movetime)) {
    mate_check_ms_ = std::max<int64_t>(1, budget_.maximum_ms * control.lets_in_mate_percent / 100);
    budget_.maximum_ms = std::max<int64_t>(1, budget_.maximum_ms - mate_check_ms_);
    budget_.optimum_ms = std::min(budget_.optimum_ms, budget_.maximum_ms);
  }
  tt_.new_search();
  // The root's state stays: pos_ holds it. The entries before the root read as "no move".
  PieceToHistory* const none = history_->continuation.row(NO_PIECE, Square(0));
  for (Stack& s : stack_) {
    s.move = s.excluded = s.killers[0] = s.killers[1] = MOVE_NONE;
    s.continuation = none;
    s.eval = VALUE_NONE;
    s.move_count = 0;
  }

  SearchResult result;
  root_moves_.clear();
  for (const ExtMove& m : MoveList<GenType::Legal, typename Config::Hand>(pos_.board()))
    root_moves_.emplace_back(m.move);
  // Registry order is the generator's: sort by Move value so that every configuration starts
  // from the same root order.
  std::sort(root_moves_.begin(), root_moves_.end(),
            [](const RootMove& a, const RootMove& b) { return a.move < b.move; });

  if (declaration_wins(pos_.board())) {
    result.declare_win = true;
  } else if (!root_moves_.empty()) {
    const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxSearchPly - 1) : kMaxSearchPly - 1;
    Value score = VALUE_ZERO;
    Move last_best = MOVE_NONE;
    int stable_iterations = 0;
    std::vector<Move> mate_checked;  // best moves already put to control.lets_in_mate
    bool full_window = false;        // the root lost its best move: no window around its score
    for (int depth = 1; depth <= max_depth; ++depth) {
      root_depth_ = depth;
      unfinished_best_.clear();
      const Value previous_score = score;
      // Aspiration window around the last score from depth 4 on; widened on each failure.
      Value delta = tuned(k_aspiration_delta), alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
      if (depth >= 4 && !is_mate_score(score) && !std::exchange(full_window, false)) {
        alpha = std::max(score - delta, -VALUE_INFINITE);
        beta = std::min(score + delta, VALUE_INFINITE);
      }
      for (;;) {
        const Value v = search_root(alpha, beta, depth);
        std::stable_sort(root_moves_.begin(), root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        if (stopped()) break;
        const Bound bound = window_bound(v, alpha, beta);
        if (bound == BOUND_EXACT) {
          score = v;
          break;
        }
        if (control.info && search_detail::ms_since(start_) > 1000)
          control.info(info_line(depth, v, bound, root_moves_[0].pv));
        if (bound == BOUND_UPPER) {
          beta = (alpha + beta) / 2;
          alpha = std::max(v - delta, -VALUE_INFINITE);
        } else {
          beta = std::min(v + delta, VALUE_INFINITE);
        }
        delta += delta / 2;
      }
      if (stopped()) break;
      if (lets_in_mate(depth, score, mate_checked)) {
        full_window = true;
        --depth;  // the same depth again without the refuted move
        continue;
      }
      result.depth = depth;
      result.score = score;
      result.pv = root_moves_[0].pv;
      if (control.info) control.info(info_line(depth, score, BOUND_EXACT, result.pv));
      // A forced mate found within the depth will not change; one legal move needs no thought.
      if (score >= mate_in(depth) || score <= mated_in(depth)) break;
      if (pondering_ || !(limits.uses_clock() || limits.movetime)) continue;
      if (limits.uses_clock() && root_moves_.size() == 1) break;
      // Time: a best move that has held for several iterations needs less of the optimum, a
      // score that fell needs more (never past the maximum, which check_time enforces). With
      // byoyomi alone the optimum is the maximum: what is left of a byoyomi is lost, so it is
      // spent whole, and the unfinished iteration still answers (see below).
      stable_iterations = result.pv[0] == last_best ? stable_iterations + 1 : 0;
      last_best = result.pv[0];
      double scale = 1.0;
      if (budget_.optimum_ms < budget_.maximum_ms) {
        scale = stable_iterations >= 3 ? 0.6 : stable_iterations == 0 && depth > 4 ? 1.4 : 1.0;
        if (depth > 4 && score < previous_score - 30) scale *= 1.5;
      }
      if (search_detail::ms_since(start_) >= int64_t(double(budget_.optimum_ms) * scale)) break;
    }
    // Stopped inside an iteration: its first move, once searched inside the window, or a later
    // move that beat it, answers with the deeper line; otherwise the last completed iteration.
    if (stopped() && !unfinished_best_.empty()) {
      result.pv = unfinished_best_;
      result.depth = root_depth_;
    }
    // An answer no iteration put to the mate-safety check (a later iteration's or the
    // unfinished one's, or past the schedule's last check) gets one more, in the time kept back.
    if (control.lets_in_mate && !result.pv.empty() && root_moves_.size() > 1 && !is_mate_score(result.score) &&
        std::find(mate_checked.begin(), mate_checked.end(), result.pv[0]) == mate_checked.end()) {
      drop_if_mate_let_in(result.pv[0], mate_checked);
    }
    // Empty, or led by a move the mate-safety check dropped after it answered an iteration:
    // the best of the moves left.
    const auto on_root = [this](Move m) {
      return std::any_of(root_moves_.begin(), root_moves_.end(), [m](const RootMove& rm) { return rm.move == m; });
    };
    if (result.pv.empty() || !on_root(result.pv[0]))
      result.pv = root_moves_[0].pv.empty() ? std::vector<Move>{root_moves_[0].move} : root_moves_[0].pv;
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
  result.seldepth = seldepth_;
  result.ms = search_detail::ms_since(start_);
  return result;
}

// The root mate-safety check after a completed iteration (SearchControl::lets_in_mate): true
// when the best move let in a mate by checks and was dropped from the root. Not asked when no
// other move is left, when the score is already a mate either way (the search saw it), or when
// the answer's time would not fit before the hard stop.
template <class Config>
bool EngineImpl<Config>::lets_in_mate(int depth, Value score, std::vector<Move>& checked) {
  const SearchControl& c = *control_;
  if (!c.lets_in_mate || depth < kMateSafetyMinDepth || int(checked.size()) >= kMateSafetyMaxChecks) return false;
  if (root_moves_.size() < 2 || is_mate_score(score)) return false;
  const Move best = root_moves_[0].move;
  if (std::find(checked.begin(), checked.end(), best) != checked.end()) return false;
  const bool timed = limits_.uses_clock() || limits_.movetime;
  if (timed && !pondering_ && search_detail::ms_since(start_) + mate_check_ms_ > budget_.maximum_ms) return false;
  return drop_if_mate_let_in(best, checked);
}

// Puts the root move m to the mate-safety check (once: recorded in `checked`) and drops it
// from the root when the opponent then mates by checks; true if dropped.
template <class Config>
bool EngineImpl<Config>::drop_if_mate_let_in(Move m, std::vector<Move>& checked) {
  checked.push_back(m);
  if (!control_->lets_in_mate(m, mate_check_ms_)) return false;
  std::erase_if(root_moves_, [m](const RootMove& rm) { return rm.move == m; });
  return true;
}

template <class Config>
Value EngineImpl<Config>::search_root(Value alpha, Value beta, int depth) {
  const Value old_alpha = alpha;
  Value best = -VALUE_INFINITE;
  Move best_move = MOVE_NONE;
  Stack* const ss = root_stack();
  ++nodes_;
  ss->pv_length = 0;
  (ss + 1)->excluded = MOVE_NONE;
  for (size_t i = 0; i < root_moves_.size(); ++i) {
    RootMove& rm = root_moves_[i];
    const Move m = rm.move;
    ss->move_count = int(i) + 1;
    const bool gives_check = pos_.gives_check(m);
    const bool quiet = !in_capture_stage(pos_.board(), m);
    const int new_depth = depth - 1 + (gives_check && on(SearchFeature::CheckExtension) && pos_.see_ge(m, 0));
    do_move(m, ss);
    Value v;
    bool pv_searched = true;  // (ss + 1)->pv holds this move's line only after a PV search
    if (i == 0) {
      v = -search<true>(-beta, -alpha, new_depth, 1, false);
    } else {
      // Late quiet root moves (sorted by the last iteration's scores) are searched shallower
      // first, a ply less than an inner PV node reduces them; one that beats alpha is searched
      // again at full depth.
      int d = new_depth;
      if (on(SearchFeature::RootReductions) && depth >= 3 && i >= 3 && quiet && !gives_check)
        d = std::clamp(new_depth - reductions_(depth, int(i) + 1) + 1, 1, new_depth);
      v = -search<false>(-alpha - 1, -alpha, d, 1, true);
      if (v > alpha && d < new_depth) v = -search<false>(-alpha - 1, -alpha, new_depth, 1, true);
      pv_searched = v > alpha && v < beta;
      if (pv_searched) v = -search<true>(-beta, -alpha, new_depth, 1, false);
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
      // The first move inside the window, or a later one that beat it: this iteration's line.
      if (v < beta || i > 0) unfinished_best_ = rm.pv;
      alpha = v;
      if (v >= beta) break;
    }
  }
  tt_.store(pos_.key(), best_move, value_to_tt(best, 0),
            best >= beta       ? BOUND_LOWER
            : best > old_alpha ? BOUND_EXACT
                               : BOUND_UPPER,
            depth, VALUE_NONE);
  return best;
}

template <class Config>
void EngineImpl<Config>::update_pv(Stack* ss, Move m) {
  ss->pv[0] = m;
  std::copy((ss + 1)->pv, (ss + 1)->pv + (ss + 1)->pv_length, ss->pv + 1);
  ss->pv_length = (ss + 1)->pv_length + 1;
}

// The continuation rows of the moves 1, 2 and 4 plies back learn (pc, to).
template <class Config>
void EngineImpl<Config>::update_continuation(Stack* ss, Piece pc, Square to, int bonus) {
  if (!on(SearchFeature::ContinuationHistory)) return;
  for (int back : {1, 2, 4}) {
    if ((ss - back)->move == MOVE_NONE || (ss - back)->move == MOVE_NULL) break;
    (ss - back)->continuation->update(pc, to, back == 1 ? bonus : bonus / 2);
  }
}

// A quiet move that caused a cut-off (bonus > 0) or was searched before one (bonus < 0).
template <class Config>
void EngineImpl<Config>::update_quiet_stats(Stack* ss, Move m, int bonus) {
  history_->main.update(pos_.side_to_move(), m, bonus);
  update_continuation(ss, piece_after(pos_.board(), m), to_sq(m), bonus);
}

template <class Config>
OrderingTables EngineImpl<Config>::ordering(Stack* ss) const {
  OrderingTables t;
  t.main = &history_->main;
  if (on(SearchFeature::CaptureHistory)) t.captures = &history_->captures;
  if (on(SearchFeature::ContinuationHistory)) {
    t.continuation[0] = (ss - 1)->continuation;
    t.continuation[1] = (ss - 2)->continuation;
    t.continuation[2] = (ss - 4)->continuation;
  }
  return t;
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
Value EngineImpl<Config>::search(Value alpha, Value beta, int depth, int ply, bool cut_node) {
  using namespace search_detail;
  if (depth <= 0) return qsearch<PvNode>(alpha, beta, ply, 0);
  Stack* const ss = root_stack() + ply;
  if (PvNode) ss->pv_length = 0;
  if (!enter_node(ply)) return VALUE_ZERO;
  const bool in_check = pos_.in_check();
  if (ply >= kMaxSearchPly) return in_check ? draw_value(ply) : static_eval();

  const Move excluded = ss->excluded;
  if (!excluded) {
    if (const Value v = repetition_value(repetition(ply, depth), ply, draw_value(ply)); v != VALUE_NONE) return v;
    // Mate-distance pruning: no line from here beats a mate already found nearer the root.
    alpha = std::max(mated_in(ply), alpha);
    beta = std::min(mate_in(ply + 1), beta);
    if (alpha >= beta) return alpha;
    if (declaration_wins(pos_.board())) return mate_in(ply + 1);
  }
  (ss + 1)->excluded = MOVE_NONE;
  (ss + 2)->killers[0] = (ss + 2)->killers[1] = MOVE_NONE;

  // The singular search (excluded move) shares its node's entry: it neither cuts on it nor
  // overwrites it.
  const Key key = pos_.key();
  TTData tte;
  const bool tt_hit = !excluded && tt_.probe(key, tte);
  const Move tt_move = tt_hit ? tte.move : MOVE_NONE;
  const Value tt_lower = tt_hit && tte.lower > -VALUE_INFINITE ? value_from_tt(tte.lower, ply) : -VALUE_INFINITE;
  const Value tt_upper = tt_hit && tte.upper < VALUE_INFINITE ? value_from_tt(tte.upper, ply) : VALUE_INFINITE;
  if (!PvNode && tt_hit && tte.depth >= depth) {
    if (tt_lower >= beta) return tt_lower;
    if (tt_upper <= alpha) return tt_upper;
  }

  // Static evaluation, and `eval`: the same sharpened by the TT's bounds.
  Value eval = VALUE_NONE, raw_eval = VALUE_NONE;
  if (in_check)
    ss->eval = VALUE_NONE;
  else if (!excluded)
    ss->eval = corrected_eval(raw_eval = tt_hit && tte.eval != VALUE_NONE ? tte.eval : static_eval());
  if (!in_check) {
    eval = ss->eval;
    if (tt_lower > eval && !is_mate_score(tt_lower)) eval = tt_lower;
    if (tt_upper < eval && !is_mate_score(tt_upper)) eval = tt_upper;
  }
  // Improving: this side's evaluation rose since its last move (or the one before, after a check).
  const bool improving = !in_check && ((ss - 2)->eval != VALUE_NONE   ? ss->eval > (ss - 2)->eval
                                       : (ss - 4)->eval != VALUE_NONE ? ss->eval > (ss - 4)->eval
                                                                      : true);

  // A mate in one ends the node: a contact check that leaves no evasion. Only where the TT has
  // no entry, as YaneuraOu's search asks it: a node searched before has its mate stored.
  if (!excluded && !in_check && !tt_hit && on(SearchFeature::MateInOne)) {
    if (const Move m = mate_in_one(pos_, (ss + 1)->state); m != MOVE_NONE) {
      if (PvNode) {
        (ss + 1)->pv_length = 0;
        update_pv(ss, m);
      }
      const Value v = mate_in(ply + 1);
      tt_.store(key, m, value_to_tt(v, ply), BOUND_EXACT, std::min(depth + 6, MAX_PLY - 1), raw_eval);
      return v;
    }
  }

  const bool can_prune = !PvNode && !in_check && !excluded;
  // Razoring: far below alpha at low depth, only quiescence could lift it.
  if (can_prune && on(SearchFeature::Razoring) && depth <= 3 &&
      eval < alpha - tuned(k_razor_base) - tuned(k_razor_per_depth2) * depth * depth) {
    const Value v = qsearch<false>(alpha - 1, alpha, ply, 0);
    if (stopped()) return VALUE_ZERO;
    if (v < alpha && !is_mate_score(v)) return v;
  }
  // Reverse futility: far enough above beta at low depth, a quiet move will not change that.
  if (can_prune && on(SearchFeature::ReverseFutility) && depth <= 8 && !is_mate_score(beta) &&
      eval - tuned(k_reverse_futility_per_depth) * (depth - improving) >= beta && eval < VALUE_EVAL_MAX)
    return eval;

  // Null move: if passing still fails high, a real move will. Verified at high depth by a
  // search with null moves off for a few plies, against zugzwang-like positions (in shogi
  // these are rare but real: a tempo loss in a mating race).
  // A null move that is mated shows a mate threat (tsumero): the defence is often a quiet move
  // that shallow pruning and reductions would drop, so with MateThreat this node keeps them.
  bool mate_threat = false;
  if (can_prune && depth >= 2 && eval >= beta && ss->eval >= beta && (ss - 1)->move != MOVE_NULL &&
      ply >= nmp_min_ply_ && !is_mate_score(beta)) {
    const int r = 3 + depth / 4 + std::min((eval - beta) / tuned(k_null_eval_divisor), 3);
    ss->move = MOVE_NULL;
    ss->continuation = history_->continuation.row(NO_PIECE, Square(0));
    pos_.do_null_move((ss + 1)->state);
    Value v = -search<false>(-beta, -beta + 1, depth - r, ply + 1, !cut_node);
    pos_.undo_null_move();
    if (stopped()) return VALUE_ZERO;
    mate_threat = v <= VALUE_MATED_IN_MAX_PLY && on(SearchFeature::MateThreat);
    if (v >= beta) {
      if (is_mate_score(v)) v = beta;
      if (depth < 12 || nmp_min_ply_) return v;
      nmp_min_ply_ = ply + 3 * (depth - r) / 4;
      const Value verified = search<false>(beta - 1, beta, depth - r, ply, false);
      nmp_min_ply_ = 0;
      if (verified >= beta) return v;
    }
  }

  // ProbCut: a capture that beats beta by a margin in a search 4 plies shallower (after a
  // quiescence check) is taken as a cut-off at full depth.
  const OrderingTables tables = ordering(ss);
  if (can_prune && on(SearchFeature::ProbCut) && depth >= 5 && !is_mate_score(beta)) {
    const Value pc_beta = beta + tuned(k_probcut_margin) - tuned(k_probcut_improving) * improving;
    if (!(tt_hit && tte.depth >= depth - 3 && tt_upper < pc_beta)) {
      MovePicker<Pos> picker(pos_, tt_move, pc_beta - ss->eval, tables);
      for (Move m; (m = picker.next()) != MOVE_NONE;) {
        do_move(m, ss);
        Value v = -qsearch<false>(-pc_beta, -pc_beta + 1, ply + 1, 0);
        if (v >= pc_beta && !stopped()) v = -search<false>(-pc_beta, -pc_beta + 1, depth - 4, ply + 1, !cut_node);
        pos_.undo_move(m);
        if (stopped()) return VALUE_ZERO;
        if (v >= pc_beta) {
          tt_.store(key, m, value_to_tt(v, ply), BOUND_LOWER, depth - 3, raw_eval);
          return v;
        }
      }
    }
  }

  // Internal iterative reduction: a node expected to matter with no TT move is searched a ply
  // shallower (its next visit has the move this one finds).
  if (on(SearchFeature::Iir) && (PvNode || cut_node) && depth >= 5 && tt_move == MOVE_NONE && !excluded) --depth;

  Move counter = MOVE_NONE;
  if (on(SearchFeature::CounterMove) && is_ok((ss - 1)->move)) {
    const Square prev_to = to_sq((ss - 1)->move);
    counter = history_->counters.get(pos_.board().piece_on(prev_to), prev_to);
  }
  MovePicker<Pos> picker(pos_, tt_move, ss->killers, counter, tables);
  Value best = -VALUE_INFINITE;
  Move best_move = MOVE_NONE;
  Move quiets[64], captures[32];
  int quiet_count = 0, capture_count = 0, move_count = 0;
  const Value old_alpha = alpha;

  for (Move m; (m = picker.next()) != MOVE_NONE;) {
    if (m == excluded) continue;
    ss->move_count = ++move_count;
    const bool capture_stage = in_capture_stage(pos_.board(), m);
    const bool gives_check = pos_.gives_check(m);
    const Piece moved = piece_after(pos_.board(), m);
    int new_depth = depth - 1;
    const int reduction = reductions_(depth, move_count);

    // Shallow-depth pruning, once a move has kept the node from being lost.
    if (best > VALUE_MATED_IN_MAX_PLY && !mate_threat) {
      if (on(SearchFeature::MoveCountPruning) &&
          move_count >= (tuned(k_move_count_base) + depth * depth) / (2 - improving))
        picker.skip_quiets();
      const int lmr_depth = std::max(new_depth - reduction, 0);
      if (capture_stage || gives_check) {
        if (on(SearchFeature::SeePruning) && depth <= 8 && !pos_.see_ge(m, -tuned(k_see_capture_per_depth) * depth))
          continue;
      } else {
        int quiet_depth = lmr_depth;
        // A quiet move whose continuation history is bad enough is skipped, and the history
        // moves the depth the futility and SEE margins read (Stockfish's continuation-history
        // pruning and its lmrDepth adjustment).
        if (on(SearchFeature::HistoryPruning) && tables.continuation[0]) {
          const int cont = tables.continuation[0]->get(moved, to_sq(m)) + tables.continuation[1]->get(moved, to_sq(m));
          if (cont < -4000 * depth) continue;
          quiet_depth = std::max(quiet_depth + (cont + 2 * history_->main.get(pos_.side_to_move(), m)) / 3500, 0);
        }
        if (on(SearchFeature::Futility) && !in_check && quiet_depth < 8 &&
            eval + tuned(k_futility_base) + tuned(k_futility_per_depth) * quiet_depth <= alpha)
          continue;
        if (on(SearchFeature::SeePruning) &&
            !pos_.see_ge(m, -tuned(k_see_quiet_per_depth2) * quiet_depth * quiet_depth))
          continue;
      }
    }

    // Extensions. Singular: the TT move, when every other move fails a little below its bound
    // in a shallower search, is extended; when the reduced search beats beta without it, two
    // moves do, and the node is cut (multi-cut); when the bound alone beats beta, the TT move
    // is reduced instead (negative extension). Checks that keep material are extended, to
    // twice the iteration's depth at most.
    int extension = 0;
    if (on(SearchFeature::SingularExtension) && m == tt_move && !excluded && depth >= 6 && ply < 2 * root_depth_ &&
        tt_lower > -VALUE_INFINITE && !is_mate_score(tt_lower) && tte.depth >= depth - 3) {
      const Value singular_beta = tt_lower - tuned(k_singular_per_depth) * depth;
      ss->excluded = m;
      const Value v = search<false>(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
      ss->excluded = MOVE_NONE;
      if (stopped()) return VALUE_ZERO;
      if (v < singular_beta)
        extension = !PvNode && v < singular_beta - tuned(k_singular_double_margin) ? 2 : 1;
      else if (singular_beta >= beta)
        return singular_beta;
      else if (tt_lower >= beta)
        extension = -2;
      else if (cut_node)
        extension = -1;
    } else if (gives_check && on(SearchFeature::CheckExtension) && ply < 2 * root_depth_ && pos_.see_ge(m, 0)) {
      extension = 1;
    }
    new_depth += extension;

    do_move(m, ss);
    Value v;
    // Late-move reductions: late moves are searched shallower with a null window, and again
    // at full depth only if they beat alpha. Checks are reduced a ply less; captures, with
    // CaptureReductions, a ply less than quiets and without their history terms.
    if (depth >= 2 && move_count > 1 + PvNode && (!capture_stage || on(SearchFeature::CaptureReductions)) &&
        !in_check) {
      int r = reduction;
      if (capture_stage) {
        r += cut_node - PvNode - 1;  // a capture changes more than a quiet move: one ply less
      } else if (on(SearchFeature::HistoryReductions)) {
        const int stat = 2 * history_->main.get(~pos_.side_to_move(), m) +
                         (tables.continuation[0] ? tables.continuation[0]->get(moved, to_sq(m)) +
                                                       tables.continuation[1]->get(moved, to_sq(m))
                                                 : 0);
        r += cut_node + !improving - PvNode - stat / tuned(k_lmr_history_divisor);
      } else {
        r -= PvNode;
      }
      if (m == ss->killers[0] || m == ss->killers[1] || m == counter) --r;
      if (gives_check) --r;
      r -= mate_threat;
      const int d = new_depth > 1 ? std::clamp(new_depth - r, 1, new_depth) : new_depth;
      v = -search<false>(-alpha - 1, -alpha, d, ply + 1, true);
      if (v > alpha && d < new_depth) v = -search<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
    } else if (!PvNode || move_count > 1) {
      v = -search<false>(-alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
    }
    if (PvNode && (move_count == 1 || (v > alpha && v < beta)))
      v = -search<true>(-beta, -alpha, new_depth, ply + 1, false);
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
    if (!capture_stage && quiet_count < 64)
      quiets[quiet_count++] = m;
    else if (capture_stage && capture_count < 32)
      captures[capture_count++] = m;
  }

  // No legal move: lost, in check or not (shogi has no stalemate; a pawn-drop mate is not
  // generated, so a position whose only mate is one is not lost by this). Without the
  // excluded move: that move alone holds the node, so the singular search fails low.
  if (move_count == 0) return excluded ? alpha : mated_in(ply);

  if (best >= beta) {
    const int bonus = history_bonus(depth);
    if (!in_capture_stage(pos_.board(), best_move)) {
      Move* k = ss->killers;
      if (k[0] != best_move) k[1] = k[0], k[0] = best_move;
      update_quiet_stats(ss, best_move, bonus);
      for (int i = 0; i < quiet_count; ++i) update_quiet_stats(ss, quiets[i], -bonus);
      if (is_ok((ss - 1)->move)) {
        const Square prev_to = to_sq((ss - 1)->move);
        history_->counters.set(pos_.board().piece_on(prev_to), prev_to, best_move);
      }
    } else {
      history_->captures.update(piece_after(pos_.board(), best_move), to_sq(best_move),
                                type_of(pos_.board().piece_on(to_sq(best_move))), bonus);
    }
    for (int i = 0; i < capture_count; ++i)
      history_->captures.update(piece_after(pos_.board(), captures[i]), to_sq(captures[i]),
                                type_of(pos_.board().piece_on(to_sq(captures[i]))), -bonus);
  }

  // The evaluation's error, where the bound says which way it lies: a result below the
  // evaluation that is an upper bound, or one above it that is a lower bound (a best move found).
  if (on(SearchFeature::CorrectionHistory) && !excluded && !in_check && !is_mate_score(best) &&
      ((best < ss->eval && best < beta) || (best > ss->eval && best_move)) &&
      !(best_move && in_capture_stage(pos_.board(), best_move)))
    update_correction(
        std::clamp((best - ss->eval) * depth / 8, -CorrectionHistory::kMax / 4, CorrectionHistory::kMax / 4));

  if (!excluded)
    tt_.store(key, best_move, value_to_tt(best, ply),
              best >= beta                 ? BOUND_LOWER
              : PvNode && best > old_alpha ? BOUND_EXACT
                                           : BOUND_UPPER,
              depth, raw_eval);
  return best;
}

// Quiescence: captures and pawn promotions, quiet checks at its first ply, every evasion in
// check. Stored in the TT at depth 0, below any main-search entry.
template <class Config>
template <bool PvNode>
Value EngineImpl<Config>::qsearch(Value alpha, Value beta, int ply, int qply) {
  Stack* const ss = root_stack() + ply;
  if (PvNode) ss->pv_length = 0;
  if (!enter_node(ply)) return VALUE_ZERO;
  const bool in_check = pos_.in_check();
  if (ply >= kMaxSearchPly) return in_check ? draw_value(ply) : static_eval();

  const Repetition r =
      by_board_key<typename Config::Hand>(pos_.board().state(), pos_.side_to_move(), repetition_horizon(true, 0));
  if (const Value v = repetition_value(r, ply, draw_value(ply)); v != VALUE_NONE) return v;

  const Key key = pos_.key();
  TTData tte;
  const bool tt_hit = tt_.probe(key, tte);
  if (!PvNode && tt_hit) {
    const Value lower = value_from_tt(tte.lower, ply), upper = value_from_tt(tte.upper, ply);
    if (lower >= beta) return lower;
    if (upper <= alpha) return upper;
  }

  Value best, eval = VALUE_NONE, raw_eval = VALUE_NONE;
  if (in_check) {
    best = mated_in(ply);
  } else {
    eval = corrected_eval(raw_eval = tt_hit && tte.eval != VALUE_NONE ? tte.eval : static_eval());
    if (eval >= beta) {
      if (!tt_hit) tt_.store(key, MOVE_NONE, value_to_tt(eval, ply), BOUND_LOWER, 0, raw_eval);
      return eval;
    }
    alpha = std::max(alpha, eval);
    best = eval;
  }
  const Value old_alpha = alpha;

  const OrderingTables tables = ordering(ss);
  MovePicker<Pos> picker(pos_, tt_hit ? tte.move : MOVE_NONE, tables, qply == 0 && on(SearchFeature::QuiescenceChecks));
  Move best_move = MOVE_NONE;
  for (Move m; (m = picker.next()) != MOVE_NONE;) {
    if (!in_check) {
      // Futility by material: a capture that cannot lift the score to alpha is skipped;
      // a losing exchange or check is skipped altogether.
      const bool capture = pos_.board().is_capture(m);
      if (capture && !is_promotion(m) &&
          eval + piece_value(pos_.board().piece_on(to_sq(m))) + tuned(k_qsearch_futility) <= alpha &&
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
            best >= beta                 ? BOUND_LOWER
            : PvNode && best > old_alpha ? BOUND_EXACT
                                         : BOUND_UPPER,
            0, raw_eval);
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
