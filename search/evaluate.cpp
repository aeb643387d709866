#include "search/evaluate.h"

#include <algorithm>
#include <array>

namespace sashite {

namespace {

// Board pieces other than the king (both sides have one, or the position is a problem: either
// way not material). Gold and the promoted minors share a value, so golds() counts them at once.
constexpr PieceType kMaterialTypes[] = {PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK, HORSE, DRAGON};
static_assert(kPieceValue[PRO_PAWN] == kPieceValue[GOLD] && kPieceValue[PRO_LANCE] == kPieceValue[GOLD] &&
              kPieceValue[PRO_KNIGHT] == kPieceValue[GOLD] && kPieceValue[PRO_SILVER] == kPieceValue[GOLD]);

template <HandLayout H>
int hand_value(const H& hand) {
  int v = 0;
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) v += eval::kHandValue[pr][hand.count(pr)];
  return v;
}

// Squares within 2 files and 3 ranks of each square: every knight, silver or gold-like piece that
// attacks the 3x3 around a king stands in this box around it, so only those are looked at.
constexpr std::array<Bitboard, SQ_NB> kStepReach = [] {
  std::array<Bitboard, SQ_NB> t{};
  for (int k = 0; k < SQ_NB; ++k)
    for (int s = 0; s < SQ_NB; ++s) {
      const int df = s / 9 - k / 9, dr = s % 9 - k % 9;
      if (df >= -2 && df <= 2 && dr >= -3 && dr <= 3)
        t[k] |= s < 63 ? Bitboard(uint64_t(1) << s, 0) : Bitboard(0, uint64_t(1) << (s - 63));
    }
  return t;
}();

// Attack units of colour `them` on the 3x3 `zone` around `ksq`: one per (attacker, square)
// pair. A pawn attacks one square, so all of them are one shift; other step pieces only from the
// box around the king; each slider's attacks only when its empty-board attacks reach the zone
// (most do not). The king's own attacks do not count.
template <HandLayout H>
int attacks_on(const BasicPosition<H>& pos, Color them, Square ksq, const Bitboard& zone) {
  const Bitboard occ = pos.pieces(), theirs = pos.pieces(them), near = theirs & kStepReach[ksq];
  const Bitboard pawns = pos.pieces(them, PAWN);
  int n = ((them == BLACK ? pawns.rank_up() : pawns.rank_down()) & zone).popcount();
  auto steps = [&](PieceType pt, const Bitboard& b) {
    for_each_square(b, [&](Square s) { n += (step_attacks(them, pt, s) & zone).popcount(); });
  };
  steps(KNIGHT, near & pos.pieces(KNIGHT));
  steps(SILVER, near & pos.pieces(SILVER));
  steps(GOLD, near & pos.golds());
  auto slides = [&](const Bitboard& b, auto pseudo, auto attacks) {
    for_each_square(b, [&](Square s) {
      if (pseudo(s) & zone) n += (attacks(s) & zone).popcount();
    });
  };
  slides(theirs & pos.pieces(LANCE), [&](Square s) { return lance_pseudo_attacks(them, s); },
         [&](Square s) { return lance_attacks(them, s, occ); });
  slides(theirs & pos.pieces(BISHOP), bishop_pseudo_attacks, [&](Square s) { return bishop_attacks(s, occ); });
  slides(theirs & pos.pieces(ROOK), rook_pseudo_attacks, [&](Square s) { return rook_attacks(s, occ); });
  slides(theirs & pos.pieces(HORSE), [](Square s) { return bishop_pseudo_attacks(s) | king_attacks(s); },
         [&](Square s) { return horse_attacks(s, occ); });
  slides(theirs & pos.pieces(DRAGON), [](Square s) { return rook_pseudo_attacks(s) | king_attacks(s); },
         [&](Square s) { return dragon_attacks(s, occ); });
  return n;
}

template <HandLayout H>
int king_danger_penalty(const BasicPosition<H>& pos, Color c) {
  const Square ksq = pos.king_square(c);
  if (ksq == SQ_NONE) return 0;
  const Bitboard around = king_attacks(ksq);
  const int defenders = (around & pos.pieces(c) & (pos.golds() | pos.pieces(SILVER))).popcount();
  const int danger = attacks_on(pos, ~c, ksq, around | square_bb(ksq)) - defenders;
  return eval::kKingDanger[std::clamp(danger, 0, eval::kMaxKingDanger)];
}

}  // namespace

template <HandLayout H>
Value evaluate(const BasicPosition<H>& pos) {
  const Bitboard black = pos.pieces(BLACK), white = pos.pieces(WHITE);
  int v = 0;  // Black's view
  for (PieceType pt : kMaterialTypes) {
    const Bitboard b = pos.pieces(pt);
    v += kPieceValue[pt] * ((b & black).popcount() - (b & white).popcount());
  }
  const Bitboard golds = pos.golds();
  v += kPieceValue[GOLD] * ((golds & black).popcount() - (golds & white).popcount());
  v += hand_value(pos.hand(BLACK)) - hand_value(pos.hand(WHITE));
  v += king_danger_penalty(pos, WHITE) - king_danger_penalty(pos, BLACK);
  v = std::clamp(v, -VALUE_EVAL_MAX, VALUE_EVAL_MAX);
  return pos.side_to_move() == BLACK ? v : -v;
}

#define SASHITE_INSTANTIATE_EVALUATE(H) template Value evaluate<H>(const BasicPosition<H>&);
SASHITE_FOR_EACH_HAND_LAYOUT(SASHITE_INSTANTIATE_EVALUATE)

}  // namespace sashite
