// Bonanza's "aggressive" superiority (LS3600, Bonanza hand (2009)): beyond kind-by-kind superiority, surplus
// lances, silvers, golds and rooks may stand in for missing pawns, and surplus rooks for
// missing lances. LS3600, Bonanza hand (2009) calls the result complete dominance; it is a heuristic: the
// substitute moves wherever the piece it replaces would (and no nifu or uchifuzume binds it),
// but once dropped it can be captured, and then the opponent holds a lance, silver, gold or
// rook where it would have held a pawn. superior_or_equal_by_field (hand/hand.h) is exact.
#pragma once

#include "hand/bonanza21.h"

namespace sashite::aggressive {

namespace detail {
template <class H>
constexpr int d(const H& a, const H& b, PieceType pr) {
  return a.count(pr) - b.count(pr);
}
}  // namespace detail

// Bonanza 4.1.2's is_hand_eq_supe as written: the substitution sums add IsHandX values, the
// fields masked IN PLACE (a rook counts 1 << 19, a lance 1 << 5), where the counts (I2HandX)
// were meant. LS3600, Bonanza hand (2009) calls it a bug; this reproduces it on the 21-bit layout.
constexpr bool bonanza_faithful(const HandBonanza21& a, const HandBonanza21& b) {
  auto in_place = [](const HandBonanza21& h, PieceType pr) {
    return int(h.raw() & (kCountMask[pr] << Bonanza21Fields::kShift[pr]));
  };
  for (PieceType pr : {KNIGHT, SILVER, GOLD, BISHOP, ROOK})
    if (in_place(a, pr) < in_place(b, pr)) return false;
  int nsupe = in_place(a, ROOK) - in_place(b, ROOK);
  nsupe += in_place(a, LANCE) - in_place(b, LANCE);
  if (nsupe < 0) return false;
  nsupe += in_place(a, SILVER) - in_place(b, SILVER);
  nsupe += in_place(a, GOLD) - in_place(b, GOLD);
  nsupe += in_place(a, PAWN) - in_place(b, PAWN);
  return nsupe >= 0;
}

// The same with counts, as intended. Any layout.
template <class H>
constexpr bool corrected(const H& a, const H& b) {
  using detail::d;
  for (PieceType pr : {KNIGHT, SILVER, GOLD, BISHOP, ROOK})
    if (d(a, b, pr) < 0) return false;
  int nsupe = d(a, b, ROOK) + d(a, b, LANCE);
  if (nsupe < 0) return false;
  nsupe += d(a, b, SILVER) + d(a, b, GOLD) + d(a, b, PAWN);
  return nsupe >= 0;
}

// The substitution rule itself, by search: can b's pieces be matched one-to-one to a's, each to the same
// kind or an allowed substitute? Tries every split of b's lances between a's lances and
// rooks and of b's pawns between a's pawns, lances, silvers, golds and rooks.
template <class H>
constexpr bool by_substitution(const H& a, const H& b) {
  for (PieceType pr : {KNIGHT, BISHOP})
    if (a.count(pr) < b.count(pr)) return false;
  const int bl = b.count(LANCE), bp = b.count(PAWN);
  for (int l_by_rook = 0; l_by_rook <= bl; ++l_by_rook) {
    const int lances_left = a.count(LANCE) - (bl - l_by_rook);
    const int rooks_left = a.count(ROOK) - b.count(ROOK) - l_by_rook;
    if (lances_left < 0 || rooks_left < 0) continue;
    const int silvers_left = a.count(SILVER) - b.count(SILVER), golds_left = a.count(GOLD) - b.count(GOLD);
    if (silvers_left < 0 || golds_left < 0) continue;
    for (int by_l = 0; by_l <= lances_left; ++by_l)
      for (int by_s = 0; by_s <= silvers_left; ++by_s)
        for (int by_g = 0; by_g <= golds_left; ++by_g)
          for (int by_r = 0; by_r <= rooks_left; ++by_r)
            if (a.count(PAWN) + by_l + by_s + by_g + by_r >= bp) return true;
  }
  return false;
}

}  // namespace sashite::aggressive
