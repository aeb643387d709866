// The staged move picker: a small state machine that generates a category only when the
// search asks past the previous one, so a node cut off by its TT move or a good capture never
// generates quiet moves.
//
//   main search   TT move, good captures (MVV-LVA, SEE >= 0), killers, quiets by history,
//                 bad captures;
//   in check      TT move, evasions (captures by MVV-LVA first, then by history);
//   quiescence    TT move if it is a capture, captures (pawn promotions included), and at its
//                 first ply the quiet checks.
//
// Deterministic: every stage orders by (score descending, Move value ascending), a total order,
// so the order a generator emitted moves in never reaches the tree. The full and the
// differential generator then search identical trees.
#pragma once

#include <cstdint>
#include <cstring>

#include "engine/piece_value.h"
#include "movegen/generator.h"

namespace sashite {

// Quiet-move history: bonuses for moves that caused a cut-off, by side and move (the 15 bits
// below the promotion flag: from or dropped kind, to, drop flag; 256 KB). Gravity keeps every
// entry inside +-kMax, so scores never overflow ExtMove's 32 bits.
struct History {
  static constexpr int kMax = 1 << 14;
  int32_t table[COLOR_NB][1 << 15];

  void clear() { std::memset(table, 0, sizeof table); }
  int32_t get(Color c, Move m) const { return table[c][m & 0x7fff]; }
  void update(Color c, Move m, int bonus) {
    int32_t& e = table[c][m & 0x7fff];
    e += bonus - e * (bonus < 0 ? -bonus : bonus) / kMax;
  }
};

// Moves the capture stage yields: captures and the pawn promotions that capture nothing
// (GenType::Captures' definition).
template <class Board>
bool in_capture_stage(const Board& b, Move m) {
  return b.is_capture(m) || (is_promotion(m) && type_of(b.piece_on(from_sq(m))) == PAWN);
}

template <SearchPosition Pos>
class MovePicker {
  enum Stage : uint8_t {
    MainTT, CaptureInit, GoodCapture, Killer1, Killer2, QuietInit, Quiet, BadCaptureInit, BadCapture,
    EvasionTT, EvasionInit, Evasion,
    QTT, QCaptureInit, QCapture, QCheckInit, QCheck,
    Done,
  };

 public:
  // Main search (evasions when in check).
  MovePicker(Pos& pos, Move tt_move, const Move killers[2], const History& history)
      : pos_(pos), history_(history), tt_move_(tt_move), killers_{killers[0], killers[1]} {
    stage_ = pos.in_check() ? EvasionTT : MainTT;
    if (!valid(tt_move_)) ++stage_;
  }
  // Quiescence: `checks` at its first ply.
  MovePicker(Pos& pos, Move tt_move, const History& history, bool checks)
      : pos_(pos), history_(history), tt_move_(tt_move), killers_{MOVE_NONE, MOVE_NONE}, checks_(checks) {
    stage_ = pos.in_check() ? EvasionTT : QTT;
    if (!valid(tt_move_) || (stage_ == QTT && !in_capture_stage(pos.board(), tt_move_))) ++stage_;
  }

  // The next legal move, MOVE_NONE when there is none left.
  Move next() {
    for (;;) {
      switch (stage_) {
        case MainTT:
        case EvasionTT:
        case QTT:
          ++stage_;
          return tt_move_;

        case CaptureInit:
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
        case Killer2: {
          const Move k = killers_[stage_ - Killer1];
          ++stage_;
          if (k != tt_move_ && k != MOVE_NONE && valid(k) && !in_capture_stage(pos_.board(), k)) return k;
          break;
        }

        case QuietInit:
          cur_ = bad_end_;  // quiets go after the bad captures kept at the front
          end_ = generate<GenType::Drops>(pos_, generate<GenType::Quiets>(pos_, cur_));
          score_by_history();
          sort(cur_, end_);
          ++stage_;
          break;

        case Quiet:
          while (cur_ < end_) {
            const Move m = (cur_++)->move;
            if (m != tt_move_ && m != killers_[0] && m != killers_[1]) return m;
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
          sort(cur_, end_);
          ++stage_;
          break;

        case Evasion:
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
          score_by_history();
          sort(cur_, end_);
          ++stage_;
          break;

        case Done:
          return MOVE_NONE;
      }
    }
  }

 private:
  // A move from the TT or a killer slot may be anything: validated without generating.
  bool valid(Move m) const { return m != MOVE_NONE && pos_.pseudo_legal(m) && pos_.legal(m); }

  // MVV-LVA: the most valuable victim first, the least valuable attacker among equals; a
  // promotion adds its gain.
  int capture_score(Move m) const {
    const auto& b = pos_.board();
    const PieceType moved = type_of(b.piece_on(from_sq(m)));
    int s = 16 * piece_value(b.piece_on(to_sq(m))) - piece_value(moved) / 16;
    if (is_promotion(m)) s += 16 * (piece_value(promote(moved)) - piece_value(moved));
    return s;
  }
  void score_by_history() {
    for (ExtMove* e = cur_; e < end_; ++e) e->score = history_.get(pos_.side_to_move(), e->move);
  }
  void score_captures() {
    for (ExtMove* e = cur_; e < end_; ++e) e->score = capture_score(e->move);
  }
  void score_evasions() {
    const auto& b = pos_.board();
    for (ExtMove* e = cur_; e < end_; ++e)
      e->score = in_capture_stage(b, e->move) ? (1 << 28) + capture_score(e->move)
                                              : history_.get(pos_.side_to_move(), e->move);
  }

  // Insertion sort on (score desc, move asc): lists are short and mostly ordered by stage.
  static bool before(const ExtMove& a, const ExtMove& b) {
    return a.score != b.score ? a.score > b.score : a.move < b.move;
  }
  static void sort(ExtMove* begin, ExtMove* end) {
    for (ExtMove* p = begin + 1; p < end; ++p) {
      const ExtMove x = *p;
      ExtMove* q = p;
      for (; q > begin && before(x, q[-1]); --q) *q = q[-1];
      *q = x;
    }
  }

  Pos& pos_;
  const History& history_;
  Move tt_move_;
  Move killers_[2];
  bool checks_ = false;
  int stage_;
  ExtMove *cur_, *end_, *bad_end_;
  ExtMove moves_[MAX_MOVES];
};

}  // namespace sashite
