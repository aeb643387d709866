// 81-square bitboards and attacks: the bitboard and the tables of engine/bitboard_base.h, and
// the slider attacks of the method chosen at build time (engine/sliders/sliders.h).
#pragma once

#include "engine/bitboard_base.h"
#include "engine/sliders/sliders.h"

namespace sashite {

// Slider attacks: the method of engine/sliders/ chosen at build time (SASHITE_SLIDERS, default
// `library`: lance and rook file by a shift-and-mask file table, rook rank and bishop by PEXT
// tables). Every method gives the same sets (tests/sliders_test.cpp); bench `attacks` compares
// them per call.
template <Color C>
inline Bitboard lance_attacks(Square s, const Bitboard& occ) {
  return Sliders::lance<C>(s, occ);
}
inline Bitboard lance_attacks(Color c, Square s, const Bitboard& occ) {
  return c == BLACK ? lance_attacks<BLACK>(s, occ) : lance_attacks<WHITE>(s, occ);
}
inline Bitboard rook_file_attacks(Square s, const Bitboard& occ) { return Sliders::rook_file(s, occ); }
inline Bitboard rook_rank_attacks(Square s, const Bitboard& occ) { return Sliders::rook_rank(s, occ); }
inline Bitboard rook_attacks(Square s, const Bitboard& occ) { return Sliders::rook(s, occ); }
inline Bitboard bishop_attacks(Square s, const Bitboard& occ) { return Sliders::bishop(s, occ); }

inline Bitboard horse_attacks(Square s, const Bitboard& occ) { return bishop_attacks(s, occ) | king_attacks(s); }
inline Bitboard dragon_attacks(Square s, const Bitboard& occ) { return rook_attacks(s, occ) | king_attacks(s); }

// Attacks of any piece type (for generic code; the generator uses the typed functions).
inline Bitboard attacks_bb(Color c, PieceType pt, Square s, const Bitboard& occ) {
  switch (pt) {
    case LANCE: return lance_attacks(c, s, occ);
    case BISHOP: return bishop_attacks(s, occ);
    case ROOK: return rook_attacks(s, occ);
    case HORSE: return horse_attacks(s, occ);
    case DRAGON: return dragon_attacks(s, occ);
    default: return step_attacks(c, pt, s);
  }
}

// The squares from which a piece of kind pt of colour Us attacks ksq, on occupancy occ: those
// that the same kind of the other colour on ksq attacks (the check generator's drop and move
// targets, the mate test's drops).
template <Color Us>
inline Bitboard check_squares(PieceType pt, Square ksq, const Bitboard& occ) {
  switch (pt) {
    case LANCE: return lance_attacks<~Us>(ksq, occ);
    case BISHOP: return bishop_attacks(ksq, occ);
    case ROOK: return rook_attacks(ksq, occ);
    case HORSE: return horse_attacks(ksq, occ);
    case DRAGON: return dragon_attacks(ksq, occ);
    default: return step_attacks(~Us, pt, ksq);
  }
}

// Squares not holding a pawn of the file-filled set: bit set on every square of each file
// that contains at least one bit of `pawns`. Used for nifu. Each file is 9 bits and a pawn
// never stands on its own last rank, so one bit of every 9-bit group is free: shifting Black's
// pawns down one bit (White's need no shift) leaves 8 bits per group, adding 0xff per group
// then sets bit 8 exactly when the group was non-zero, with no carry between groups.
template <Color C>
inline Bitboard pawn_files(const Bitboard& pawns) {
  constexpr uint64_t ff0 = 0x3fdfeff7fbfdfeffULL;   // 0xff in every 9-bit group, word 0
  constexpr uint64_t b8_0 = 0x4020100804020100ULL;  // bit 8 per group
  constexpr uint64_t ff1 = 0x1feffULL;
  constexpr uint64_t b8_1 = 0x20100ULL;
  const int sh = C == BLACK ? 1 : 0;
  uint64_t f0 = (((pawns.p[0] >> sh) & ff0) + ff0) & b8_0;
  uint64_t f1 = (((pawns.p[1] >> sh) & ff1) + ff1) & b8_1;
  f0 >>= 8;
  f1 >>= 8;
  return {(f0 << 9) - f0, (f1 << 9) - f1};
}

std::string pretty(const Bitboard& b);

}  // namespace sashite
