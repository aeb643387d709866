// 81-square bitboard and the attack tables of the non-sliding pieces, the lines and the
// library's own slider method. engine/bitboard.h adds the slider attacks on top (one method of
// engine/sliders/, chosen at build time); code includes that header, not this one.
//
// Layout: two 64-bit words split on a file boundary. p[0] bit i = square i for files 1-7
// (squares 0..62), p[1] bit i = square 63+i for files 8-9. No file straddles the words, so
// a file-local operation (lance/rook file attacks, pawn steps, the nifu file fill) touches one
// word and needs no carry between them.
//
// The `library` slider method (engine/sliders/library.h) reads its tables here: lance and the
// rook's file part a shift-and-mask index into a small table (no PEXT), the rook's rank part
// and the bishop PEXT tables (PEXT is 3 cycles on Zen 3+ and Intel; this library requires BMI2,
// which x86-64-v3 has).
#pragma once

#include <immintrin.h>

#include <cstdint>

#include "types.h"

namespace sashite {

struct Bitboard {
  uint64_t p[2];

  constexpr Bitboard() : p{0, 0} {}
  constexpr Bitboard(uint64_t lo, uint64_t hi) : p{lo, hi} {}

  constexpr explicit operator bool() const { return (p[0] | p[1]) != 0; }
  constexpr bool test(Square s) const { return s < 63 ? (p[0] >> s) & 1 : (p[1] >> (s - 63)) & 1; }
  constexpr Bitboard operator&(const Bitboard& b) const { return {p[0] & b.p[0], p[1] & b.p[1]}; }
  constexpr Bitboard operator|(const Bitboard& b) const { return {p[0] | b.p[0], p[1] | b.p[1]}; }
  constexpr Bitboard operator^(const Bitboard& b) const { return {p[0] ^ b.p[0], p[1] ^ b.p[1]}; }
  constexpr Bitboard operator~() const { return {~p[0] & 0x7fffffffffffffffULL, ~p[1] & 0x3ffffULL}; }
  constexpr Bitboard& operator&=(const Bitboard& b) {
    p[0] &= b.p[0];
    p[1] &= b.p[1];
    return *this;
  }
  constexpr Bitboard& operator|=(const Bitboard& b) {
    p[0] |= b.p[0];
    p[1] |= b.p[1];
    return *this;
  }
  constexpr Bitboard& operator^=(const Bitboard& b) {
    p[0] ^= b.p[0];
    p[1] ^= b.p[1];
    return *this;
  }
  constexpr bool operator==(const Bitboard& b) const { return p[0] == b.p[0] && p[1] == b.p[1]; }
  // this & ~b, without materialising ~b's board mask.
  constexpr Bitboard andnot(const Bitboard& b) const { return {p[0] & ~b.p[0], p[1] & ~b.p[1]}; }

  constexpr int popcount() const { return __builtin_popcountll(p[0]) + __builtin_popcountll(p[1]); }
  bool more_than_one() const { return (p[0] & (p[0] - 1)) || (p[1] & (p[1] - 1)) || (p[0] && p[1]); }
  constexpr Square lsb() const { return p[0] ? Square(__builtin_ctzll(p[0])) : Square(63 + __builtin_ctzll(p[1])); }
  Square pop_lsb() {
    if (p[0]) {
      Square s = Square(__builtin_ctzll(p[0]));
      p[0] &= p[0] - 1;
      return s;
    }
    Square s = Square(63 + __builtin_ctzll(p[1]));
    p[1] &= p[1] - 1;
    return s;
  }
  // Whole-board shifts by one rank: a pawn step. Files never cross words, and the edge rank
  // that would spill into the next file is always empty for the pawns shifted.
  constexpr Bitboard rank_up() const { return {p[0] >> 1, p[1] >> 1}; }
  constexpr Bitboard rank_down() const { return {p[0] << 1, p[1] << 1}; }
};

// Calls f(square) for every set square, word by word (the common case is word 0 only).
template <class F>
inline void for_each_square(Bitboard b, F&& f) {
  for (uint64_t w = b.p[0]; w; w &= w - 1) f(Square(__builtin_ctzll(w)));
  for (uint64_t w = b.p[1]; w; w &= w - 1) f(Square(63 + __builtin_ctzll(w)));
}

// Every precomputed table, built at compile time by bitboard.cpp: constant-initialised data,
// valid before any code runs (static constructors of other files included) and never written.
struct AttackTables {
  struct PextIndex {
    uint64_t mask0, mask1;  // the relevant occupancy in each word
    uint32_t shift1;        // popcount(mask0): where word 1's bits go in the index
    uint32_t offset;        // first entry of this square in `bishop`
  };
  // Sum over the squares of 2^(relevant bishop squares); bitboard.cpp checks it.
  static constexpr int kBishopEntries = 20224;

  // Each table starts on a cache line: no Bitboard straddles two (the 24-byte PextIndex
  // entries would otherwise leave the next table 8 bytes off).
  alignas(64) Bitboard square[SQ_NB + 1];  // [SQ_NONE] is empty
  alignas(64) Bitboard file[FILE_NB];
  alignas(64) Bitboard rank[RANK_NB];
  alignas(64) Bitboard zone[COLOR_NB];                        // promotion zone of each colour
  alignas(64) Bitboard step[COLOR_NB][PIECE_TYPE_NB][SQ_NB];  // non-sliding moves
  alignas(64) Bitboard between[SQ_NB][SQ_NB];                 // strictly between two aligned squares
  alignas(64) Bitboard line[SQ_NB][SQ_NB];                    // the whole line through two aligned squares
  alignas(64) Bitboard bishop_pseudo[SQ_NB];                  // on an empty board
  alignas(64) Bitboard rook_pseudo[SQ_NB];
  alignas(64) Bitboard lance_pseudo[COLOR_NB][SQ_NB];
  // Where an enemy piece must stand to attack a square next to a king on s (the king-move test
  // looks only there): steppers of each colour, lances of each colour, bishops and rooks (and so
  // horses and dragons) on an empty board; `near`, the 5x5 around s (within two king steps:
  // where a stepper that can reach the 3x3 stands, as the mate-in-one tests look).
  struct KingReach {
    Bitboard steppers[COLOR_NB];
    Bitboard lances[COLOR_NB];
    Bitboard bishops, rooks;
    Bitboard near;
  };
  alignas(64) KingReach king_reach[SQ_NB];
  alignas(64) PextIndex bishop_index[SQ_NB];
  alignas(64) Bitboard bishop[kBishopEntries];
  alignas(64) Bitboard rank_attacks[FILE_NB][128];  // rank-1 pattern by file and inner-file occupancy
  // File-1 pattern (bits 0-8) by [Black lance, White lance, both ways][rank][inner occupancy].
  alignas(64) uint16_t file_attacks[3][RANK_NB][128];
  // [c][s]: where a stepper of colour c stands when one move takes it to a square from which
  // it, or its promoted kind (a gold), attacks a king on s, whether or not the board lets it
  // promote there: the pieces a mate-in-one test looks at (tighter than `steppers`, which holds
  // every stepper that attacks the 3x3).
  struct CheckMovers {
    Bitboard pawn, knight, silver, gold;
  };
  alignas(64) CheckMovers check_movers[COLOR_NB][SQ_NB];
};
extern const AttackTables kTables;

inline Bitboard square_bb(Square s) { return kTables.square[s]; }
inline Bitboard file_bb(File f) { return kTables.file[f]; }
inline Bitboard rank_bb(Rank r) { return kTables.rank[r]; }
inline Bitboard zone_bb(Color c) { return kTables.zone[c]; }
inline Bitboard between_bb(Square a, Square b) { return kTables.between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return kTables.line[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return kTables.line[a][b].test(c); }
inline Bitboard bishop_pseudo_attacks(Square s) { return kTables.bishop_pseudo[s]; }
inline Bitboard rook_pseudo_attacks(Square s) { return kTables.rook_pseudo[s]; }
inline Bitboard lance_pseudo_attacks(Color c, Square s) { return kTables.lance_pseudo[c][s]; }

inline Bitboard step_attacks(Color c, PieceType pt, Square s) { return kTables.step[c][pt][s]; }
inline Bitboard pawn_attacks(Color c, Square s) { return kTables.step[c][PAWN][s]; }
inline Bitboard knight_attacks(Color c, Square s) { return kTables.step[c][KNIGHT][s]; }
inline Bitboard silver_attacks(Color c, Square s) { return kTables.step[c][SILVER][s]; }
inline Bitboard gold_attacks(Color c, Square s) { return kTables.step[c][GOLD][s]; }
inline Bitboard king_attacks(Square s) { return kTables.step[BLACK][KING][s]; }
inline const AttackTables::KingReach& king_reach(Square s) { return kTables.king_reach[s]; }
inline const AttackTables::CheckMovers& check_movers(Color c, Square s) { return kTables.check_movers[c][s]; }

}  // namespace sashite
