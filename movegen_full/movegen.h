// Folder movegen_full/ (layer 3): the full generator, perft, USI move parsing, reference values
// and random walks; includes base/, hand/, engine/.
//
// Full legal move generation: every category is generated legal directly (pins and king
// safety resolved during generation), so no generate-then-filter pass is needed.
#pragma once

#include "engine/position.h"

namespace sashite {

enum class GenType {
  Captures,  // captures, plus pawn promotions that capture nothing
  Quiets,    // board moves that capture nothing, pawn promotions excluded
  Drops,
  Evasions,     // every legal move when in check; nothing when not in check
  Legal,        // every legal move; omits the useless non-promotions of pawn, bishop and rook
  LegalAll,     // every legal move, every non-promotion included: what perft counts
  Checks,       // the moves of Legal that give check, drops included (movegen_full/checks.h)
  QuietChecks,  // Checks minus what Captures yields: no capture, no pawn promotion
  // The mate solvers' categories: every non-promotion included, because one can be the only
  // mate (a promoted piece would make a later pawn drop a pawn-drop mate, which is illegal).
  ChecksAll,    // the moves of LegalAll that give check
  EvasionsAll,  // every legal move when in check, as LegalAll; nothing when not in check
};
// Captures, Quiets and Drops partition Legal, in check too (they are then restricted to
// evasions). Legal and LegalAll differ only by the useless non-promotions.

template <GenType Type, HandLayout H>
ExtMove* generate(const BasicPosition<H>& pos, ExtMove* list);
// The number of LegalAll moves, counted from the target sets without writing a move (the
// leaf-counting perft's last ply).
template <HandLayout H>
int count_legal_all(const BasicPosition<H>& pos);
// The moves of Legal that go to `to`, drops excluded (captures on it when it holds an enemy).
template <HandLayout H>
ExtMove* generate_recaptures(const BasicPosition<H>& pos, Square to, ExtMove* list);

template <GenType Type, HandLayout H = DefaultHand>
struct MoveList {
  explicit MoveList(const BasicPosition<H>& pos) : last_(generate<Type>(pos, moves_)) {}
  const ExtMove* begin() const { return moves_; }
  const ExtMove* end() const { return last_; }
  size_t size() const { return size_t(last_ - moves_); }
  bool contains(Move m) const {
    for (const ExtMove& e : *this)
      if (e.move == m) return true;
    return false;
  }

 private:
  ExtMove moves_[MAX_MOVES];
  ExtMove* last_;
};

}  // namespace sashite
