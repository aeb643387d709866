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
    int double_extensions;  // double singular extensions on the path to this ply's move
    int pv_length;          // the principal variation from this ply, set at PV nodes
    Move pv[MAX_PLY + 1];
  };
  static constexpr int kStackBefore = 4;
  Stack* root_stack() { return stack_ + kStackBefore; }

  // One main-search node's shared state, for the steps of search().
  struct Node {
    Stack* ss = nullptr;
    int ply = 0, depth = 0;
    Value alpha = VALUE_ZERO, beta = VALUE_ZERO;  // the window, narrowed by mate distance; alpha rises in the loop
    bool cut_node = false, in_check = false, tt_hit = false, improving = false, mate_threat = false;
    Move excluded = MOVE_NONE;  // the singular search's excluded move, MOVE_NONE otherwise
    Key key = 0;
    TTData tte;
    Move tt_move = MOVE_NONE;
    Value tt_lower = -VALUE_INFINITE, tt_upper = VALUE_INFINITE;  // the entry's bounds at this ply
    Value eval = VALUE_NONE;      // the static evaluation sharpened by the TT's bounds (none in check)
    Value raw_eval = VALUE_NONE;  // what the TT keeps: the evaluation before its correction
  };
  // What the move loop's steps read of one move.
  struct MoveFacts {
    bool capture_stage, gives_check;
    Piece moved;    // the piece after the move (promoted if it promotes)
    int reduction;  // the late-move reduction table's plies at this depth and move number
  };
  // The moves searched before the best one: the histories' maluses at a cut-off.
  struct Tried {
    Move quiets[64], captures[32];
    int quiet_count = 0, capture_count = 0;
    void add(Move m, bool capture) {
      if (!capture && quiet_count < 64)
        quiets[quiet_count++] = m;
      else if (capture && capture_count < 32)
        captures[capture_count++] = m;
    }
  };

  template <bool PvNode>
  Value search(Value alpha, Value beta, int depth, int ply, bool cut_node);
  // search()'s steps, inlined into it: the tree and the code are those of one function.
  template <bool PvNode>
  [[gnu::always_inline]] inline Value open_node(Node& n);
  [[gnu::always_inline]] inline void evaluate_node(Node& n);
  template <bool PvNode>
  [[gnu::always_inline]] inline Value mate_in_one_cut(Node& n);
  template <bool PvNode>
  [[gnu::always_inline]] inline Value prune_node(Node& n);
  template <bool PvNode>
  [[gnu::always_inline]] inline Value probcut(Node& n, const OrderingTables& tables);
  template <bool PvNode>
  [[gnu::always_inline]] inline Value search_moves(Node& n, const OrderingTables& tables);
  [[gnu::always_inline]] inline bool prune_move(const Node& n, MovePicker<Pos>& picker, Move m, const MoveFacts& f,
                                                int move_count, const OrderingTables& tables);
  template <bool PvNode>
  [[gnu::always_inline]] inline Value extend(Node& n, Move m, const MoveFacts& f, int& extension);
  template <bool PvNode>
  [[gnu::always_inline]] inline int reduction(const Node& n, Move m, const MoveFacts& f, Move counter,
                                              const OrderingTables& tables) const;
  [[gnu::always_inline]] inline void learn_from_result(const Node& n, Value best, Move best_move, const Tried& tried);
  template <bool PvNode>
  [[gnu::always_inline]] inline void store_node(const Node& n, Value best, Move best_move, Value old_alpha);
  template <bool PvNode>
  Value qsearch(Value alpha, Value beta, int ply, int qply);
  void start_search(const SearchLimits& limits, const SearchControl& control);
  void iterate(SearchResult& result, std::vector<Move>& mate_checked);
  Value aspiration_search(int depth, Value score, bool& full_window);
  bool out_of_time(int depth, Value score, Value previous_score, int stable_iterations) const;
  void choose_answer(SearchResult& result, std::vector<Move>& mate_checked);
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
  std::vector<Move> unfinished_best_;    // this iteration's line, once its first move is searched or beaten
  Value unfinished_score_ = VALUE_NONE;  // that line's score in this iteration

  // Per search.
  SearchLimits limits_;
  const SearchControl* control_ = nullptr;
  Clock::time_point start_;
  TimeBudget budget_{};
  bool pondering_ = false;
  bool stop_ = false;
  uint64_t nodes_ = 0;
  int seldepth_ = 0;
  int max_double_extensions_ = 0;          // the most double singular extensions on one path
  uint64_t check_extensions_dropped_ = 0;  // checks the singular test left unextended
  int root_depth_ = 0;
  int nmp_min_ply_ = 0;        // null move is off below this ply (the verification search)
  int64_t mate_check_ms_ = 0;  // one mate-safety answer's time (0: no clock)
};

// ---------------------------------------------------------------------------------------------

// go: set the search up, deepen iteration by iteration, choose the answer, and hold it
// while a GUI's `go infinite` or `go ponder` waits for its `stop`.
template <class Config>
SearchResult EngineImpl<Config>::go(const SearchLimits& limits, const SearchControl& control) {
  start_search(limits, control);
  SearchResult result;
  if (declaration_wins(pos_.board())) {
    result.declare_win = true;
  } else if (!root_moves_.empty()) {
    std::vector<Move> mate_checked;  // best moves already put to control.lets_in_mate
    iterate(result, mate_checked);
    choose_answer(result, mate_checked);
  }
  // `go infinite` and `go ponder` answer only after `stop` (or `ponderhit`): a GUI that
  // ponders must not receive a best move it did not ask for yet.
  while ((limits.infinite || pondering_) && !control.stop->load(std::memory_order_relaxed)) {
    if (pondering_ && control.ponderhit && control.ponderhit->load(std::memory_order_relaxed)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  result.nodes = nodes_;
  result.seldepth = seldepth_;
  result.double_extensions = max_double_extensions_;
  result.check_extensions_dropped = check_extensions_dropped_;
  result.ms = search_detail::ms_since(start_);
  return result;
}

// The search's counters, its time budget, the stack and the root moves.
template <class Config>
void EngineImpl<Config>::start_search(const SearchLimits& limits, const SearchControl& control) {
  limits_ = limits;
  control_ = &control;
  start_ = Clock::now();
  pondering_ = limits.ponder;
  stop_ = false;
  nodes_ = 0;
  seldepth_ = 0;
  max_double_extensions_ = 0;
  check_extensions_dropped_ = 0;
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
    s.double_extensions = 0;
  }
  root_moves_.clear();
  for (const ExtMove& m : MoveList<GenType::Legal, typename Config::Hand>(pos_.board()))
    root_moves_.emplace_back(m.move);
  // Registry order is the generator's: sort by Move value so that every configuration starts
  // from the same root order.
  std::sort(root_moves_.begin(), root_moves_.end(),
            [](const RootMove& a, const RootMove& b) { return a.move < b.move; });
}

// Iterative deepening: each completed iteration answers into `result`, until the depth limit,
// a mate found within the depth, a single legal move under a clock, or the time ends it.
template <class Config>
void EngineImpl<Config>::iterate(SearchResult& result, std::vector<Move>& mate_checked) {
  const int max_depth = limits_.depth > 0 ? std::min(limits_.depth, kMaxSearchPly - 1) : kMaxSearchPly - 1;
  Value score = VALUE_ZERO;
  Move last_best = MOVE_NONE;
  int stable_iterations = 0;
  bool full_window = false;  // the root lost its best move: no window around its score
  for (int depth = 1; depth <= max_depth; ++depth) {
    root_depth_ = depth;
    unfinished_best_.clear();
    const Value previous_score = score;
    score = aspiration_search(depth, score, full_window);
    if (stopped()) break;
    if (lets_in_mate(depth, score, mate_checked)) {
      full_window = true;
      --depth;  // the same depth again without the refuted move
      continue;
    }
    result.depth = depth;
    result.score = score;
    result.pv = root_moves_[0].pv;
    if (control_->info) control_->info(info_line(depth, score, BOUND_EXACT, result.pv));
    // A forced mate found within the depth will not change; one legal move needs no thought.
    if (score >= mate_in(depth) || score <= mated_in(depth)) break;
    if (pondering_ || !(limits_.uses_clock() || limits_.movetime)) continue;
    if (limits_.uses_clock() && root_moves_.size() == 1) break;
    stable_iterations = result.pv[0] == last_best ? stable_iterations + 1 : 0;
    last_best = result.pv[0];
    if (out_of_time(depth, score, previous_score, stable_iterations)) break;
  }
}

// One iteration: an aspiration window around the last score from depth 4 on, widened on each
// failure until the score falls inside it. Returns the iteration's score (the last one when
// stopped first).
template <class Config>
Value EngineImpl<Config>::aspiration_search(int depth, Value score, bool& full_window) {
  Value delta = tuned(k_aspiration_delta), alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;
  if (depth >= 4 && !is_mate_score(score) && !std::exchange(full_window, false)) {
    alpha = std::max(score - delta, -VALUE_INFINITE);
    beta = std::min(score + delta, VALUE_INFINITE);
  }
  for (;;) {
    const Value v = search_root(alpha, beta, depth);
    std::stable_sort(root_moves_.begin(), root_moves_.end(),
                     [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
    if (stopped()) return score;
    const Bound bound = window_bound(v, alpha, beta);
    if (bound == BOUND_EXACT) return v;
    if (control_->info && search_detail::ms_since(start_) > 1000)
      control_->info(info_line(depth, v, bound, root_moves_[0].pv));
    if (bound == BOUND_UPPER) {
      beta = (alpha + beta) / 2;
      alpha = std::max(v - delta, -VALUE_INFINITE);
    } else {
      beta = std::min(v + delta, VALUE_INFINITE);
    }
    delta += delta / 2;
  }
}

// Time after a completed iteration: a best move that has held for several iterations needs
// less of the optimum, a score that fell needs more (never past the maximum, which check_time
// enforces). With byoyomi alone the optimum is the maximum: what is left of a byoyomi is
// lost, so it is spent whole, and the unfinished iteration still answers (choose_answer).
template <class Config>
bool EngineImpl<Config>::out_of_time(int depth, Value score, Value previous_score, int stable_iterations) const {
  double scale = 1.0;
  if (budget_.optimum_ms < budget_.maximum_ms) {
    scale = stable_iterations >= 3 ? 0.6 : stable_iterations == 0 && depth > 4 ? 1.4 : 1.0;
    if (depth > 4 && score < previous_score - 30) scale *= 1.5;
  }
  return search_detail::ms_since(start_) >= int64_t(double(budget_.optimum_ms) * scale);
}

// The answer: the deepest line the search stands behind, put to the mate-safety check once
// more when no iteration asked about it, and a root move still on the list.
template <class Config>
void EngineImpl<Config>::choose_answer(SearchResult& result, std::vector<Move>& mate_checked) {
  // Stopped inside an iteration: its first move, once searched inside the window, or a later
  // move that beat it, answers with the deeper line; otherwise the last completed iteration.
  // Its score goes with it: the answer resigns on a mated score (usi/usi_engine.cpp), which
  // must be the score of the move played, not the last completed iteration's.
  if (stopped() && !unfinished_best_.empty()) {
    result.pv = unfinished_best_;
    result.depth = root_depth_;
    result.score = unfinished_score_;
  }
  // An answer no iteration put to the mate-safety check (a later iteration's or the
  // unfinished one's, or past the schedule's last check) gets one more, in the time kept back.
  if (control_->lets_in_mate && !result.pv.empty() && root_moves_.size() > 1 && !is_mate_score(result.score) &&
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
      if (v < beta || i > 0) {
        unfinished_best_ = rm.pv;
        unfinished_score_ = v;
      }
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
  if (control_->on_poll) control_->on_poll();
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

// The main search's node as named steps, in Stockfish's order: open the node (repetition,
// mate distance, declaration, the TT's cut), evaluate it, end it on a mate in one, prune it
// (razoring, reverse futility, null move, ProbCut), reduce it (IIR), then the move loop
// (search_moves). The steps share one Node; each is inlined, so the tree and the code are
// those of one function.
template <class Config>
template <bool PvNode>
Value EngineImpl<Config>::search(Value alpha, Value beta, int depth, int ply, bool cut_node) {
  if (depth <= 0) return qsearch<PvNode>(alpha, beta, ply, 0);
  Node n;
  n.ss = root_stack() + ply;
  if (PvNode) n.ss->pv_length = 0;
  if (!enter_node(ply)) return VALUE_ZERO;
  n.in_check = pos_.in_check();
  if (ply >= kMaxSearchPly) return n.in_check ? draw_value(ply) : static_eval();
  n.ply = ply;
  n.depth = depth;
  n.alpha = alpha;
  n.beta = beta;
  n.cut_node = cut_node;

  if (const Value v = open_node<PvNode>(n); v != VALUE_NONE) return v;
  evaluate_node(n);
  if (const Value v = mate_in_one_cut<PvNode>(n); v != VALUE_NONE) return v;
  if (const Value v = prune_node<PvNode>(n); v != VALUE_NONE) return v;
  const OrderingTables tables = ordering(n.ss);
  if (const Value v = probcut<PvNode>(n, tables); v != VALUE_NONE) return v;
  // Internal iterative reduction: a node expected to matter with no TT move is searched a ply
  // shallower (its next visit has the move this one finds).
  if (on(SearchFeature::Iir) && (PvNode || cut_node) && n.depth >= 5 && n.tt_move == MOVE_NONE && !n.excluded)
    --n.depth;
  return search_moves<PvNode>(n, tables);
}

// Repetition, mate-distance pruning and the declaration (not in a singular search, which
// shares its node), then the TT: its entry, and its cut at non-PV nodes. VALUE_NONE: go on.
template <class Config>
template <bool PvNode>
Value EngineImpl<Config>::open_node(Node& n) {
  Stack* const ss = n.ss;
  n.excluded = ss->excluded;
  ss->double_extensions = (ss - 1)->double_extensions;  // the null move's and ProbCut's children read it
  if (!n.excluded) {
    if (const Value v = repetition_value(repetition(n.ply, n.depth), n.ply, draw_value(n.ply)); v != VALUE_NONE)
      return v;
    // Mate-distance pruning: no line from here beats a mate already found nearer the root.
    n.alpha = std::max(mated_in(n.ply), n.alpha);
    n.beta = std::min(mate_in(n.ply + 1), n.beta);
    if (n.alpha >= n.beta) return n.alpha;
    if (declaration_wins(pos_.board())) return mate_in(n.ply + 1);
  }
  (ss + 1)->excluded = MOVE_NONE;
  (ss + 2)->killers[0] = (ss + 2)->killers[1] = MOVE_NONE;

  // The singular search (excluded move) shares its node's entry: it neither cuts on it nor
  // overwrites it.
  n.key = pos_.key();
  n.tt_hit = !n.excluded && tt_.probe(n.key, n.tte);
  n.tt_move = n.tt_hit ? n.tte.move : MOVE_NONE;
  n.tt_lower = n.tt_hit && n.tte.lower > -VALUE_INFINITE ? value_from_tt(n.tte.lower, n.ply) : -VALUE_INFINITE;
  n.tt_upper = n.tt_hit && n.tte.upper < VALUE_INFINITE ? value_from_tt(n.tte.upper, n.ply) : VALUE_INFINITE;
  if (!PvNode && n.tt_hit && n.tte.depth >= n.depth) {
    if (n.tt_lower >= n.beta) return n.tt_lower;
    if (n.tt_upper <= n.alpha) return n.tt_upper;
  }
  return VALUE_NONE;
}

// Static evaluation, and `eval`: the same sharpened by the TT's bounds; `improving`: this
// side's evaluation rose since its last move (or the one before, after a check).
template <class Config>
void EngineImpl<Config>::evaluate_node(Node& n) {
  Stack* const ss = n.ss;
  n.eval = n.raw_eval = VALUE_NONE;
  if (n.in_check)
    ss->eval = VALUE_NONE;
  else if (!n.excluded)
    ss->eval = corrected_eval(n.raw_eval = n.tt_hit && n.tte.eval != VALUE_NONE ? n.tte.eval : static_eval());
  if (!n.in_check) {
    n.eval = ss->eval;
    if (n.tt_lower > n.eval && !is_mate_score(n.tt_lower)) n.eval = n.tt_lower;
    if (n.tt_upper < n.eval && !is_mate_score(n.tt_upper)) n.eval = n.tt_upper;
  }
  n.improving = !n.in_check && ((ss - 2)->eval != VALUE_NONE   ? ss->eval > (ss - 2)->eval
                                : (ss - 4)->eval != VALUE_NONE ? ss->eval > (ss - 4)->eval
                                                               : true);
}

// A mate in one ends the node: a contact check that leaves no evasion. Only where the TT has
// no entry, as YaneuraOu's search asks it: a node searched before has its mate stored.
template <class Config>
template <bool PvNode>
Value EngineImpl<Config>::mate_in_one_cut(Node& n) {
  if (n.excluded || n.in_check || n.tt_hit || !on(SearchFeature::MateInOne)) return VALUE_NONE;
  const Move m = mate_in_one(pos_, (n.ss + 1)->state);
  if (m == MOVE_NONE) return VALUE_NONE;
  if (PvNode) {
    (n.ss + 1)->pv_length = 0;
    update_pv(n.ss, m);
  }
  const Value v = mate_in(n.ply + 1);
  tt_.store(n.key, m, value_to_tt(v, n.ply), BOUND_EXACT, std::min(n.depth + 6, MAX_PLY - 1), n.raw_eval);
  return v;
}

// Razoring, reverse futility and null move: the node's value without its moves, when the
// evaluation is far enough from the window. VALUE_NONE: search the moves.
template <class Config>
template <bool PvNode>
Value EngineImpl<Config>::prune_node(Node& n) {
  using namespace search_detail;
  Stack* const ss = n.ss;
  const int depth = n.depth, ply = n.ply;
  const Value alpha = n.alpha, beta = n.beta, eval = n.eval;
  n.mate_threat = false;
  if (PvNode || n.in_check || n.excluded) return VALUE_NONE;
  // Razoring: far below alpha at low depth, only quiescence could lift it.
  if (on(SearchFeature::Razoring) && depth <= 3 &&
      eval < alpha - tuned(k_razor_base) - tuned(k_razor_per_depth2) * depth * depth) {
    const Value v = qsearch<false>(alpha - 1, alpha, ply, 0);
    if (stopped()) return VALUE_ZERO;
    if (v < alpha && !is_mate_score(v)) return v;
  }
  // Reverse futility: far enough above beta at low depth, a quiet move will not change that.
  if (on(SearchFeature::ReverseFutility) && depth <= 8 && !is_mate_score(beta) &&
      eval - tuned(k_reverse_futility_per_depth) * (depth - n.improving) >= beta && eval < VALUE_EVAL_MAX)
    return eval;

  // Null move: if passing still fails high, a real move will. Verified at high depth by a
  // search with null moves off for a few plies, against zugzwang-like positions (in shogi
  // these are rare but real: a tempo loss in a mating race).
  // A null move that is mated shows a mate threat (tsumero): the defence is often a quiet move
  // that shallow pruning and reductions would drop, so with MateThreat this node keeps them.
  // Stockfish and YaneuraOu pass only at cut nodes: at an expected all-node a fail-high is
  // rare, so the null move's search is mostly spent for nothing (NullMoveCutNodesOnly).
  if (depth >= 2 && eval >= beta && ss->eval >= beta && (ss - 1)->move != MOVE_NULL && ply >= nmp_min_ply_ &&
      !is_mate_score(beta) && (n.cut_node || !on(SearchFeature::NullMoveCutNodesOnly))) {
    const int r = 3 + depth / 4 + std::min((eval - beta) / tuned(k_null_eval_divisor), 3);
    ss->move = MOVE_NULL;
    ss->continuation = history_->continuation.row(NO_PIECE, Square(0));
    pos_.do_null_move((ss + 1)->state);
    Value v = -search<false>(-beta, -beta + 1, depth - r, ply + 1, !n.cut_node);
    pos_.undo_null_move();
    if (stopped()) return VALUE_ZERO;
    n.mate_threat = v <= VALUE_MATED_IN_MAX_PLY && on(SearchFeature::MateThreat);
    if (v >= beta) {
      if (is_mate_score(v)) v = beta;
      if (depth < 12 || nmp_min_ply_) return v;
      nmp_min_ply_ = ply + 3 * (depth - r) / 4;
      const Value verified = search<false>(beta - 1, beta, depth - r, ply, false);
      nmp_min_ply_ = 0;
      if (verified >= beta) return v;
    }
  }
  return VALUE_NONE;
}

// ProbCut: a capture that beats beta by a margin in a search 4 plies shallower (after a
// quiescence check) is taken as a cut-off at full depth.
template <class Config>
template <bool PvNode>
Value EngineImpl<Config>::probcut(Node& n, const OrderingTables& tables) {
  const int depth = n.depth, ply = n.ply;
  if (PvNode || n.in_check || n.excluded || !on(SearchFeature::ProbCut) || depth < 5 || is_mate_score(n.beta))
    return VALUE_NONE;
  const Value pc_beta = n.beta + tuned(k_probcut_margin) - tuned(k_probcut_improving) * n.improving;
  if (n.tt_hit && n.tte.depth >= depth - 3 && n.tt_upper < pc_beta) return VALUE_NONE;
  MovePicker<Pos> picker(pos_, n.tt_move, pc_beta - n.ss->eval, tables);
  for (Move m; (m = picker.next()) != MOVE_NONE;) {
    do_move(m, n.ss);
    Value v = -qsearch<false>(-pc_beta, -pc_beta + 1, ply + 1, 0);
    if (v >= pc_beta && !stopped()) v = -search<false>(-pc_beta, -pc_beta + 1, depth - 4, ply + 1, !n.cut_node);
    pos_.undo_move(m);
    if (stopped()) return VALUE_ZERO;
    if (v >= pc_beta) {
      tt_.store(n.key, m, value_to_tt(v, ply), BOUND_LOWER, depth - 3, n.raw_eval);
      return v;
    }
  }
  return VALUE_NONE;
}

// The move loop: each move pruned (prune_move), extended (extension), searched with a late
// move reduced (reduction), then the histories learn from the result (learn_from_result) and
// the TT stores it (store_node).
template <class Config>
template <bool PvNode>
Value EngineImpl<Config>::search_moves(Node& n, const OrderingTables& tables) {
  Stack* const ss = n.ss;
  const int depth = n.depth, ply = n.ply;
  const Value beta = n.beta;
  Move counter = MOVE_NONE;
  if (on(SearchFeature::CounterMove) && is_ok((ss - 1)->move)) {
    const Square prev_to = to_sq((ss - 1)->move);
    counter = history_->counters.get(pos_.board().piece_on(prev_to), prev_to);
  }
  MovePicker<Pos> picker(pos_, n.tt_move, ss->killers, counter, tables);
  Value best = -VALUE_INFINITE;
  Move best_move = MOVE_NONE;
  Tried tried;
  int move_count = 0;
  const Value old_alpha = n.alpha;

  for (Move m; (m = picker.next()) != MOVE_NONE;) {
    if (m == n.excluded) continue;
    ss->move_count = ++move_count;
    MoveFacts f;
    f.capture_stage = in_capture_stage(pos_.board(), m);
    f.gives_check = pos_.gives_check(m);
    f.moved = piece_after(pos_.board(), m);
    f.reduction = reductions_(depth, move_count);
    int new_depth = depth - 1;

    // Shallow-depth pruning, once a move has kept the node from being lost.
    if (best > VALUE_MATED_IN_MAX_PLY && !n.mate_threat && prune_move(n, picker, m, f, move_count, tables)) continue;

    int extension = 0;
    if (const Value v = extend<PvNode>(n, m, f, extension); v != VALUE_NONE) return v;
    new_depth += extension;
    ss->double_extensions = (ss - 1)->double_extensions + (extension == 2);

    do_move(m, ss);
    Value v;
    // Late-move reductions: late moves are searched shallower with a null window, and again
    // at full depth only if they beat alpha.
    if (depth >= 2 && move_count > 1 + PvNode && (!f.capture_stage || on(SearchFeature::CaptureReductions)) &&
        !n.in_check) {
      const int r = reduction<PvNode>(n, m, f, counter, tables);
      const int d = new_depth > 1 ? std::clamp(new_depth - r, 1, new_depth) : new_depth;
      v = -search<false>(-n.alpha - 1, -n.alpha, d, ply + 1, true);
      if (v > n.alpha && d < new_depth) v = -search<false>(-n.alpha - 1, -n.alpha, new_depth, ply + 1, !n.cut_node);
    } else if (!PvNode || move_count > 1) {
      v = -search<false>(-n.alpha - 1, -n.alpha, new_depth, ply + 1, !n.cut_node);
    }
    if (PvNode && (move_count == 1 || (v > n.alpha && v < beta)))
      v = -search<true>(-beta, -n.alpha, new_depth, ply + 1, false);
    pos_.undo_move(m);
    if (stopped()) return VALUE_ZERO;

    if (v > best) {
      best = v;
      if (v > n.alpha) {
        best_move = m;
        if (PvNode) update_pv(ss, m);
        if (v >= beta) break;
        n.alpha = v;
      }
    }
    tried.add(m, f.capture_stage);
  }

  // No legal move: lost, in check or not (shogi has no stalemate; a pawn-drop mate is not
  // generated, so a position whose only mate is one is not lost by this). Without the
  // excluded move: that move alone holds the node, so the singular search fails low.
  if (move_count == 0) return n.excluded ? n.alpha : mated_in(ply);
  learn_from_result(n, best, best_move, tried);
  store_node<PvNode>(n, best, best_move, old_alpha);
  return best;
}

// Move-count pruning (of the quiets still to come), SEE pruning of captures and checks, and
// for quiet moves continuation-history, futility and SEE pruning: true to skip the move.
template <class Config>
bool EngineImpl<Config>::prune_move(const Node& n, MovePicker<Pos>& picker, Move m, const MoveFacts& f, int move_count,
                                    const OrderingTables& tables) {
  const int depth = n.depth;
  if (on(SearchFeature::MoveCountPruning) &&
      move_count >= (tuned(k_move_count_base) + depth * depth) / (2 - n.improving))
    picker.skip_quiets();
  const int lmr_depth = std::max(depth - 1 - f.reduction, 0);
  if (f.capture_stage || f.gives_check)
    return on(SearchFeature::SeePruning) && depth <= 8 && !pos_.see_ge(m, -tuned(k_see_capture_per_depth) * depth);
  int quiet_depth = lmr_depth;
  // A quiet move whose continuation history is bad enough is skipped, and the history
  // moves the depth the futility and SEE margins read (Stockfish's continuation-history
  // pruning and its lmrDepth adjustment).
  if (on(SearchFeature::HistoryPruning) && tables.continuation[0]) {
    const int cont = tables.continuation[0]->get(f.moved, to_sq(m)) + tables.continuation[1]->get(f.moved, to_sq(m));
    if (cont < -4000 * depth) return true;
    quiet_depth = std::max(quiet_depth + (cont + 2 * history_->main.get(pos_.side_to_move(), m)) / 3500, 0);
  }
  if (on(SearchFeature::Futility) && !n.in_check && quiet_depth < 8 &&
      n.eval + tuned(k_futility_base) + tuned(k_futility_per_depth) * quiet_depth <= n.alpha)
    return true;
  return on(SearchFeature::SeePruning) && !pos_.see_ge(m, -tuned(k_see_quiet_per_depth2) * quiet_depth * quiet_depth);
}

// Extensions. Singular: the TT move, when every other move fails a little below its bound in
// a shallower search, is extended; by two plies when they fail far below it, at non-PV nodes,
// and with DoubleExtensionCap only while the path holds fewer than kMaxDoubleExtensions such
// (Stockfish's per-path cap: double extensions otherwise compound down a line); when the
// reduced search beats beta without it, two moves do, and the node is cut (multi-cut: the value
// returned); when the bound alone beats beta, the TT move is reduced instead (negative
// extension). Checks that keep material are extended, to twice the iteration's depth at most; a
// checking TT move that went through the singular test gets that ply on top of its verdict
// only with CheckingTTMoveExtension (Stockfish's and YaneuraOu's `else if` drops it).
// VALUE_NONE: search the move.
template <class Config>
template <bool PvNode>
Value EngineImpl<Config>::extend(Node& n, Move m, const MoveFacts& f, int& extension) {
  const int depth = n.depth, ply = n.ply;
  bool singular_tested = false;
  if (on(SearchFeature::SingularExtension) && m == n.tt_move && !n.excluded && depth >= 6 && ply < 2 * root_depth_ &&
      n.tt_lower > -VALUE_INFINITE && !is_mate_score(n.tt_lower) && n.tte.depth >= depth - 3) {
    Stack* const ss = n.ss;
    const Value singular_beta = n.tt_lower - tuned(k_singular_per_depth) * depth;
    ss->excluded = m;
    const Value v = search<false>(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, n.cut_node);
    ss->excluded = MOVE_NONE;
    if (stopped()) return VALUE_ZERO;
    singular_tested = true;
    if (v < singular_beta) {
      const bool doubles_left =
          !on(SearchFeature::DoubleExtensionCap) || (ss - 1)->double_extensions < kMaxDoubleExtensions;
      extension = !PvNode && v < singular_beta - tuned(k_singular_double_margin) && doubles_left ? 2 : 1;
      if (extension == 2)  // the statistic, here rather than per move
        max_double_extensions_ = std::max(max_double_extensions_, (ss - 1)->double_extensions + 1);
    } else if (singular_beta >= n.beta) {
      return singular_beta;
    } else if (n.tt_lower >= n.beta) {
      extension = -2;
    } else if (n.cut_node) {
      extension = -1;
    }
  }
  if (f.gives_check && extension < 1 && on(SearchFeature::CheckExtension) && ply < 2 * root_depth_ &&
      pos_.see_ge(m, 0)) {
    if (!singular_tested || on(SearchFeature::CheckingTTMoveExtension))
      ++extension;
    else
      ++check_extensions_dropped_;
  }
  return VALUE_NONE;
}

// The late-move reduction of a move, in plies. Checks are reduced a ply less; captures, with
// CaptureReductions, a ply less than quiets and without their history terms.
template <class Config>
template <bool PvNode>
int EngineImpl<Config>::reduction(const Node& n, Move m, const MoveFacts& f, Move counter,
                                  const OrderingTables& tables) const {
  Stack* const ss = n.ss;
  int r = f.reduction;
  if (f.capture_stage) {
    r += n.cut_node - PvNode - 1;  // a capture changes more than a quiet move: one ply less
  } else if (on(SearchFeature::HistoryReductions)) {
    const int stat = 2 * history_->main.get(~pos_.side_to_move(), m) +
                     (tables.continuation[0] ? tables.continuation[0]->get(f.moved, to_sq(m)) +
                                                   tables.continuation[1]->get(f.moved, to_sq(m))
                                             : 0);
    r += n.cut_node + !n.improving - PvNode - stat / tuned(k_lmr_history_divisor);
  } else {
    r -= PvNode;
  }
  if (m == ss->killers[0] || m == ss->killers[1] || m == counter) --r;
  if (f.gives_check) --r;
  r -= n.mate_threat;
  return r;
}

// A cut-off teaches the histories: the quiet best move (killers, butterfly and continuation
// histories, the counter move) or the capture (capture history), against every move tried
// before it.
template <class Config>
void EngineImpl<Config>::learn_from_result(const Node& n, Value best, Move best_move, const Tried& tried) {
  if (best < n.beta) return;
  Stack* const ss = n.ss;
  const int bonus = search_detail::history_bonus(n.depth);
  if (!in_capture_stage(pos_.board(), best_move)) {
    Move* k = ss->killers;
    if (k[0] != best_move) k[1] = k[0], k[0] = best_move;
    update_quiet_stats(ss, best_move, bonus);
    for (int i = 0; i < tried.quiet_count; ++i) update_quiet_stats(ss, tried.quiets[i], -bonus);
    if (is_ok((ss - 1)->move)) {
      const Square prev_to = to_sq((ss - 1)->move);
      history_->counters.set(pos_.board().piece_on(prev_to), prev_to, best_move);
    }
  } else {
    history_->captures.update(piece_after(pos_.board(), best_move), to_sq(best_move),
                              type_of(pos_.board().piece_on(to_sq(best_move))), bonus);
  }
  for (int i = 0; i < tried.capture_count; ++i)
    history_->captures.update(piece_after(pos_.board(), tried.captures[i]), to_sq(tried.captures[i]),
                              type_of(pos_.board().piece_on(to_sq(tried.captures[i]))), -bonus);
}

// The evaluation's error, where the bound says which way it lies (a result below the
// evaluation that is an upper bound, or one above it that is a lower bound: a best move
// found), then the TT entry (not for a singular search, which shares its node's).
template <class Config>
template <bool PvNode>
void EngineImpl<Config>::store_node(const Node& n, Value best, Move best_move, Value old_alpha) {
  if (n.excluded) return;
  const Stack* const ss = n.ss;
  if (on(SearchFeature::CorrectionHistory) && !n.in_check && !is_mate_score(best) &&
      ((best < ss->eval && best < n.beta) || (best > ss->eval && best_move)) &&
      !(best_move && in_capture_stage(pos_.board(), best_move)))
    update_correction(
        std::clamp((best - ss->eval) * n.depth / 8, -CorrectionHistory::kMax / 4, CorrectionHistory::kMax / 4));
  tt_.store(n.key, best_move, value_to_tt(best, n.ply),
            best >= n.beta               ? BOUND_LOWER
            : PvNode && best > old_alpha ? BOUND_EXACT
                                         : BOUND_UPPER,
            n.depth, n.raw_eval);
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
    // The mate-in-one test here too where the TT knows nothing, as YaneuraOu's quiescence asks it.
    if (!tt_hit && on(SearchFeature::MateInOne)) {
      if (const Move m = mate_in_one(pos_, (ss + 1)->state); m != MOVE_NONE) {
        if (PvNode) {
          (ss + 1)->pv_length = 0;
          update_pv(ss, m);
        }
        const Value v = mate_in(ply + 1);
        tt_.store(key, m, value_to_tt(v, ply), BOUND_EXACT, 6, VALUE_NONE);  // exact at any depth: as the main search's
        return v;
      }
    }
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
