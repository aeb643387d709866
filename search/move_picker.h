// The staged move picker: a small state machine that generates a category only when the
// search asks past the previous one, so a node cut off by its TT move or a good capture never
// generates quiet moves.
//
//   main search   TT move, good captures (victim value + capture history, SEE >= 0), killers,
//                 the counter move, quiets by history, bad captures;
//   in check      TT move, evasions (captures by victim first, then by history);
//   ProbCut       TT move and captures whose SEE clears the threshold;
//   quiescence    TT move if it is a capture or (at the first ply) a check, captures (pawn
//                 promotions included), and at its first ply the quiet checks.
//
// Deterministic: every stage orders by (score descending, Move value ascending), a total order,
// so the order a generator emitted moves in never reaches the tree. The full and the
// differential generator then search identical trees.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>

#include "engine/piece_value.h"
#include "movegen/generator.h"
#include "search/history.h"

namespace sashite {

// Moves the capture stage yields: captures and the pawn promotions that capture nothing
// (GenType::Captures' definition).
template <class Board>
bool in_capture_stage(const Board& b, Move m) {
  return b.is_capture(m) || (is_promotion(m) && type_of(b.piece_on(from_sq(m))) == PAWN);
}

// What the picker orders by: the tables (null when a feature is off) and the continuation
// rows of the moves 1, 2 and 4 plies back.
struct OrderingTables {
  const ButterflyHistory* main = nullptr;
  const CaptureHistory* captures = nullptr;    // null: victim value and attacker only
  const PieceToHistory* continuation[3] = {};  // null entries are skipped
};

template <SearchPosition Pos>
class MovePicker {
  enum Stage : uint8_t {
    MainTT,
    CaptureInit,
    GoodCapture,
    Killer1,
    Killer2,
    Counter,
    QuietInit,
    Quiet,
    BadCaptureInit,
    BadCapture,
    EvasionTT,
    EvasionInit,
    Evasion,
    ProbCutTT,
    ProbCutInit,
    ProbCut,
    QTT,
    QCaptureInit,
    QCapture,
    QCheckInit,
    QCheck,
    Done,
  };

 public:
  // Main search (evasions when in check).
  MovePicker(Pos& pos, Move tt_move, const Move killers[2], Move counter, const OrderingTables& tables)
      : pos_(pos), tables_(tables), tt_move_(tt_move), refutations_{killers[0], killers[1], counter} {
    stage_ = pos.in_check() ? EvasionTT : MainTT;
    if (!valid(tt_move_)) tt_move_ = MOVE_NONE, ++stage_;
  }
  // Quiescence: `checks` at its first ply. A TT move of another category is dropped (and then
  // filtered nowhere): a quiet check is searched here only where quiet checks are.
  MovePicker(Pos& pos, Move tt_move, const OrderingTables& tables, bool checks)
      : pos_(pos), tables_(tables), tt_move_(tt_move), checks_(checks) {
    stage_ = pos.in_check() ? EvasionTT : QTT;
    const bool fits = valid(tt_move_) && (stage_ == EvasionTT || in_capture_stage(pos.board(), tt_move_) ||
                                          (checks && pos.gives_check(tt_move_)));
    if (!fits) tt_move_ = MOVE_NONE, ++stage_;
  }
  // ProbCut: captures whose SEE is at least `threshold`.
  MovePicker(Pos& pos, Move tt_move, int threshold, const OrderingTables& tables)
      : pos_(pos), tables_(tables), tt_move_(tt_move), threshold_(threshold) {
    stage_ = ProbCutTT;
    if (!(valid(tt_move_) && in_capture_stage(pos.board(), tt_move_) && pos.see_ge(tt_move_, threshold)))
      tt_move_ = MOVE_NONE, ++stage_;
  }

  // From now on no quiet move (killers and the counter move included): move-count pruning.
  void skip_quiets() { skip_quiets_ = true; }

  // The next legal move, MOVE_NONE when there is none left.
  Move next() {
    for (;;) {
      switch (stage_) {
        case MainTT:
        case EvasionTT:
        case ProbCutTT:
        case QTT: ++stage_; return tt_move_;

        case CaptureInit:
        case ProbCutInit:
        case QCaptureInit:
          cur_ = moves_;
          end_ = generate<GenType::Captures>(pos_, moves_);
          score_captures();
          sort(cur_, end_);
          bad_end_ = moves_;
          ++stage_;
          break;

        case GoodCapture:
          while (cur_ < end_) {
            const Move m = (cur_++)->move;
            if (m == tt_move_) continue;
            if (pos_.see_ge(m, 0)) return m;
            *bad_end_++ = cur_[-1];  // kept in order for the bad-capture stage
          }
          ++stage_;
          break;

        case Killer1:
        case Killer2:
        case Counter: {
          const int i = stage_ - Killer1;
          const Move r = refutations_[i];
          ++stage_;
          // One not returned here is the TT move, a killer again, a capture or no legal move:
          // none of them comes back from the quiet stage either.
          if (!skip_quiets_ && r != MOVE_NONE && r != tt_move_ &&
              (i < 2 || (r != refutations_[0] && r != refutations_[1])) && valid(r) &&
              !in_capture_stage(pos_.board(), r))
            return r;
          break;
        }

        case QuietInit:
          cur_ = bad_end_;  // quiets go after the bad captures kept at the front
          end_ = skip_quiets_ ? cur_ : generate<GenType::Drops>(pos_, generate<GenType::Quiets>(pos_, cur_));
          score_quiets();
          ++stage_;
          break;

        case Quiet:
          while (!skip_quiets_ && cur_ < end_) {
            pick_best(cur_, end_);
            const Move m = (cur_++)->move;
            if (m != tt_move_ && m != refutations_[0] && m != refutations_[1] && m != refutations_[2]) return m;
          }
          ++stage_;
          break;

        case BadCaptureInit:
          cur_ = moves_;
          end_ = bad_end_;
          ++stage_;
          break;

        case BadCapture:
          if (cur_ < end_) return (cur_++)->move;
          stage_ = Done;
          break;

        case EvasionInit:
          cur_ = moves_;
          end_ = generate<GenType::Evasions>(pos_, moves_);
          score_evasions();
          ++stage_;
          break;

        case ProbCut:
          while (cur_ < end_) {
            const Move m = (cur_++)->move;
            if (m != tt_move_ && pos_.see_ge(m, threshold_)) return m;
          }
          stage_ = Done;
          break;

        case Evasion:
          while (cur_ < end_) {
            pick_best(cur_, end_);
            const Move m = (cur_++)->move;
            if (m != tt_move_) return m;
          }
          stage_ = Done;
          break;

        case QCapture:
        case QCheck:
          while (cur_ < end_) {
            const Move m = (cur_++)->move;
            if (m != tt_move_) return m;
          }
          stage_ = stage_ == QCapture && checks_ ? QCheckInit : Done;
          break;

        case QCheckInit:
          cur_ = moves_;
          end_ = generate<GenType::QuietChecks>(pos_, moves_);
          score_quiets();
          sort(cur_, end_);
          ++stage_;
          break;

        case Done: return MOVE_NONE;
      }
    }
  }

 private:
  // A move from the TT or a killer slot may be anything: validated without generating.
  bool valid(Move m) const { return m != MOVE_NONE && pos_.pseudo_legal(m) && pos_.legal(m); }

  // The victim's value first (16x, or 8x plus the capture history), the least valuable
  // attacker among equals; a promotion adds its gain.
  int capture_score(Move m) const {
    const auto& b = pos_.board();
    const PieceType moved = type_of(b.piece_on(from_sq(m)));
    const PieceType victim = type_of(b.piece_on(to_sq(m)));
    int gain = piece_value(victim);
    if (is_promotion(m)) gain += piece_value(promote(moved)) - piece_value(moved);
    if (!tables_.captures) return 16 * gain - piece_value(moved) / 16;
    return 8 * gain + tables_.captures->get(piece_after(b, m), to_sq(m), victim);
  }
  int quiet_score(Move m) const {
    const Color us = pos_.side_to_move();
    int s = tables_.main->get(us, m);
    if (tables_.continuation[0]) {
      const Piece pc = piece_after(pos_.board(), m);
      const Square to = to_sq(m);
      s += 2 * tables_.continuation[0]->get(pc, to);
      for (int i = 1; i < 3; ++i) s += tables_.continuation[i]->get(pc, to);
    }
    return s;
  }
  void score_quiets() {
    for (ExtMove* e = cur_; e < end_; ++e) e->score = quiet_score(e->move);
  }
  void score_captures() {
    for (ExtMove* e = cur_; e < end_; ++e) e->score = capture_score(e->move);
  }
  void score_evasions() {
    const auto& b = pos_.board();
    for (ExtMove* e = cur_; e < end_; ++e)
      e->score = in_capture_stage(b, e->move) ? (1 << 28) + capture_score(e->move) : quiet_score(e->move);
  }

  // The order every stage yields: score descending, then Move value ascending (a total order).
  static bool before(const ExtMove& a, const ExtMove& b) {
    return a.score != b.score ? a.score > b.score : a.move < b.move;
  }
  // Quiets (a hundred or more with drops) and evasions are picked one at a time: most nodes
  // stop after a few of them (a cut-off, move-count pruning), and sorting the whole list took
  // much of the engine's time (FINDINGS.md F-move-picker). pick_best moves the first of
  // [begin, end) in before()'s order to begin, so trees do not change: a max over one 64-bit key per move
  // (score, then the Move value inverted, then the move's index), which GCC vectorises
  // (vpmaxuq with AVX-512). The index sits below the two order fields, so it never changes
  // which move is the max (no two moves share a Move value), and the max names the move: no
  // second scan to find it (that scan was a large share of the picker's cost:
  // FINDINGS.md F-move-picker).
  static uint64_t order_key(const ExtMove& e, size_t index) {
    return uint64_t(uint32_t(e.score) ^ 0x80000000u) << 32 | uint64_t(0xFFFF - e.move) << 16 | index;
  }
  static_assert(MAX_MOVES <= 0x10000, "the index field of order_key is 16 bits");
  static void pick_best(ExtMove* begin, ExtMove* end) {
    uint64_t best = 0;
    for (size_t i = 0, n = size_t(end - begin); i < n; ++i) best = std::max(best, order_key(begin[i], i));
    std::swap(*begin, begin[best & 0xFFFF]);
  }
  // Insertion sort, for the short lists (captures, quiet checks).
  static void sort(ExtMove* begin, ExtMove* end) {
    for (ExtMove* p = begin + 1; p < end; ++p) {
      const ExtMove x = *p;
      ExtMove* q = p;
      for (; q > begin && before(x, q[-1]); --q) *q = q[-1];
      *q = x;
    }
  }

  Pos& pos_;
  const OrderingTables& tables_;
  Move tt_move_;
  Move refutations_[3] = {MOVE_NONE, MOVE_NONE, MOVE_NONE};  // killers, counter move
  bool checks_ = false;
  bool skip_quiets_ = false;
  int threshold_ = 0;
  int stage_;
  ExtMove *cur_, *end_, *bad_end_;
  ExtMove moves_[MAX_MOVES];
};

}  // namespace sashite
