// A position that keeps the per-square effect counts up to date in do_move and undo_move: the
// incremental effect source (search/effects/sources.h). The idea is YaneuraOu's
// LONG_EFFECT_LIBRARY (yaneurao, MATERIAL evaluation (2020)): counts kept per square and
// changed by each move, instead of recomputed at each evaluation; this code is the project's
// own.
//
// A move changes occupancy at `from` and `to` only, so the attack sets that change are the
// moved piece's, the captured piece's, and those of the sliders whose rays reach `from` (it
// empties) or, on a non-capture, `to` (it fills): on a capture `to` stays occupied and no ray
// through it changes. Every other set stays; a step piece's never depends on occupancy. So
// do_move takes the moved and captured pieces' old sets off, adds the moved piece's new set,
// and for each such slider adds its new set less the old one and takes the old less the new.
//
// Undo has two forms, measured against each other (bench effects_make/copy and /replay):
//   Copy    each ply holds its own board: do_move copies the parent's (192 bytes, six 32-byte
//           moves) and updates the copy; undo_move and a null move change one pointer.
//   Replay  one board; each ply logs the sets it added and took, and undo_move applies them
//           the other way, the same per-square work again.
// Copy is the cheaper (FINDINGS.md F-effect-sources), so it is the default and the engine's.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "search/effects/effect_board.h"

namespace sashite {

enum class EffectUndo { Copy, Replay };

template <HandLayout H, EffectUndo Undo = EffectUndo::Copy>
class EffectPosition {
  // Per move at most: the moved piece's two sets, the captured piece's, and two per slider
  // whose set changed (8 sliders in the whole piece set).
  static constexpr int kMaxLogged = 3 + 2 * 8;
  struct Logged {
    Bitboard squares;
    Color color;
    int8_t sign;  // +1 added, -1 taken
  };
  struct CopyPart {
    const EffectBoard* effects;  // this ply's counts: `own` after a move, the parent's after a pass
    EffectBoard own;
  };
  struct ReplayPart {
    int count;
    Logged log[kMaxLogged];
  };

 public:
  using Base = BasicPosition<H>;
  using Hand = H;

  struct State {
    StateInfo base;  // the position's own state (the search reads it as State::base)
    State* previous;
    std::conditional_t<Undo == EffectUndo::Copy, CopyPart, ReplayPart> part;
  };

  std::optional<std::string> set(std::string_view sfen, State* st) {
    if (auto err = pos_.set(sfen, &st->base)) return err;
    st->previous = nullptr;
    st_ = st;
    if constexpr (Undo == EffectUndo::Copy) {
      compute_effects(pos_, st->part.own);
      st->part.effects = &st->part.own;
    } else {
      compute_effects(pos_, board_);
      st->part.count = 0;
    }
    return std::nullopt;
  }

  void do_move(Move m, State& st) {
    st.previous = st_;
    if constexpr (Undo == EffectUndo::Copy) {
      st.part.own = *st_->part.effects;
      st.part.effects = &st.part.own;
      update(m, [&](Color c, const Bitboard& b, int sign) {
        sign > 0 ? add_effect(st.part.own, c, b) : remove_effect(st.part.own, c, b);
      });
    } else {
      st.part.count = 0;
      update(m, [&](Color c, const Bitboard& b, int sign) {
        sign > 0 ? add_effect(board_, c, b) : remove_effect(board_, c, b);
        st.part.log[st.part.count++] = {b, c, int8_t(sign)};
      });
    }
    pos_.do_move(m, st.base);
    st_ = &st;
  }

  void undo_move(Move m) {
    if constexpr (Undo == EffectUndo::Replay) {
      const ReplayPart& p = st_->part;
      for (int i = p.count - 1; i >= 0; --i)
        p.log[i].sign > 0 ? remove_effect(board_, p.log[i].color, p.log[i].squares)
                          : add_effect(board_, p.log[i].color, p.log[i].squares);
    }
    pos_.undo_move(m);
    st_ = st_->previous;
  }

  // A pass changes no square, so no count.
  void do_null_move(State& st) {
    st.previous = st_;
    if constexpr (Undo == EffectUndo::Copy)
      st.part.effects = st_->part.effects;
    else
      st.part.count = 0;
    pos_.do_null_move(st.base);
    st_ = &st;
  }
  void undo_null_move() {
    pos_.undo_null_move();
    st_ = st_->previous;
  }

  const EffectBoard& effects() const {
    if constexpr (Undo == EffectUndo::Copy)
      return *st_->part.effects;
    else
      return board_;
  }

  // What the search asks of a position, answered by the base position.
  const Base& board() const { return pos_; }
  Color side_to_move() const { return pos_.side_to_move(); }
  bool in_check() const { return pos_.in_check(); }
  Key key() const { return pos_.key(); }
  bool pseudo_legal(Move m) const { return pos_.pseudo_legal(m); }
  bool legal(Move m) const { return pos_.legal(m); }
  bool gives_check(Move m) const { return pos_.gives_check(m); }
  bool see_ge(Move m, int threshold) const { return pos_.see_ge(m, threshold); }
  std::string sfen() const { return pos_.sfen(); }
  const StateInfo* state() const { return pos_.state(); }

 private:
  // Sliders of either colour whose attack set holds s: s's own rays, looked along in reverse.
  Bitboard sliders_reaching(Square s, const Bitboard& occ) const {
    return (bishop_attacks(s, occ) & pos_.pieces(BISHOP, HORSE)) | (rook_attacks(s, occ) & pos_.pieces(ROOK, DRAGON)) |
           (lance_attacks(WHITE, s, occ) & pos_.pieces(BLACK, LANCE)) |
           (lance_attacks(BLACK, s, occ) & pos_.pieces(WHITE, LANCE));
  }

  // Calls change(colour, squares, +1 or -1) for every set m adds or takes; before the move.
  template <class F>
  void update(Move m, F&& change) const {
    const Color us = pos_.side_to_move(), them = ~us;
    const Square to = to_sq(m);
    const Bitboard occ = pos_.pieces();
    Bitboard after, touched = square_bb(to);
    PieceType placed;
    Bitboard sliders;
    if (is_drop(m)) {
      placed = dropped_type(m);
      after = occ | square_bb(to);
      sliders = sliders_reaching(to, occ);
    } else {
      const Square from = from_sq(m);
      const PieceType pt = type_of(pos_.piece_on(from));
      placed = is_promotion(m) ? promote(pt) : pt;
      after = (occ ^ square_bb(from)) | square_bb(to);
      touched |= square_bb(from);
      change(us, attacks_bb(us, pt, from, occ), -1);
      sliders = sliders_reaching(from, occ);
      if (const Piece captured = pos_.piece_on(to); captured != NO_PIECE)
        change(them, attacks_bb(them, type_of(captured), to, occ), -1);
      else
        sliders |= sliders_reaching(to, occ);
    }
    // By ray kind, with no switch on the piece type: a horse's or dragon's step part never
    // changes, and a ray's change lies 2 or more squares away, outside it, so the ray's own
    // change is the piece's.
    sliders = sliders.andnot(touched);
    auto rays = [&](const Bitboard& b, auto attacks) {
      for_each_square(b, [&](Square s) {
        const Color c = color_of(pos_.piece_on(s));
        const Bitboard before = attacks(c, s, occ), now = attacks(c, s, after);
        if (const Bitboard gained = now.andnot(before)) change(c, gained, +1);
        if (const Bitboard lost = before.andnot(now)) change(c, lost, -1);
      });
    };
    rays(sliders & pos_.pieces(BISHOP, HORSE), [](Color, Square s, const Bitboard& o) { return bishop_attacks(s, o); });
    rays(sliders & pos_.pieces(ROOK, DRAGON), [](Color, Square s, const Bitboard& o) { return rook_attacks(s, o); });
    rays(sliders & pos_.pieces(LANCE), [](Color c, Square s, const Bitboard& o) { return lance_attacks(c, s, o); });
    change(us, attacks_bb(us, placed, to, after), +1);
  }

  Base pos_;
  State* st_ = nullptr;
  EffectBoard board_{};  // Replay only: the one board
};

template <GenType Type, HandLayout H, EffectUndo U>
ExtMove* generate(EffectPosition<H, U>& pos, ExtMove* list) {
  return generate<Type>(pos.board(), list);
}
template <HandLayout H, EffectUndo U>
ExtMove* generate_recaptures(const EffectPosition<H, U>& pos, Square to, ExtMove* list) {
  return generate_recaptures(pos.board(), to, list);
}

}  // namespace sashite
