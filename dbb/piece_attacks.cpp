#include "dbb/piece_attacks.h"

namespace sashite::dbb {

void compute_piece_attacks(const Position& pos, PieceAttacks& out) {
  out = PieceAttacks{};
  for (Square& s : out.square) s = SQ_NONE;
  int next[PIECE_TYPE_NB] = {};
  const Bitboard occ = pos.pieces();
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {  // square order within each kind
    const Piece pc = pos.piece_on(s);
    if (pc == NO_PIECE) continue;
    const PieceType raw = raw_type(type_of(pc));
    const KindIds k = kind_ids(raw);
    // Position::set rejects more than the real set, so a kind never overflows its ids.
    const int id = k.first + next[raw]++;
    const Bitboard a = attacks_bb(color_of(pc), type_of(pc), s, occ);
    out.core[id] = a;
    out.square[id] = s;
    if (id < kWordPieces) {
      const DBB d = to_dbb(a);
      for (int x = 0; x < WINDOW_NB; ++x) out.words.w[x][id] = d.w[x];
    } else {
      for_each_square(a, [&](Square t) { out.pawn_hits[t] |= 1ULL << id; });
    }
  }
}

}  // namespace sashite::dbb
