// 81-square bitboard and attack tables.
//
// Layout: two 64-bit words split on a file boundary. p[0] bit i = square i for files 1-7
// (squares 0..62), p[1] bit i = square 63+i for files 8-9. No file straddles the words, so
// a file-local operation (lance/rook file attacks, pawn steps, the nifu file fill) touches one
// word and needs no carry between them.
//
// Sliders: lance and the rook's file part use a shift-and-mask index into a small table (no
// PEXT); the rook's rank part and the bishop use PEXT tables (PEXT is 3 cycles on Zen 3+ and
// Intel; this library requires BMI2, which x86-64-v3 has). bench/attacks_bench.cpp measures
// them against the alternatives: a sentinel bit scan for files, magic multiplication for the
// bishop.
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
  alignas(64) PextIndex bishop_index[SQ_NB];
  alignas(64) Bitboard bishop[kBishopEntries];
  alignas(64) Bitboard rank_attacks[FILE_NB][128];  // rank-1 pattern by file and inner-file occupancy
  // File-1 pattern (bits 0-8) by [Black lance, White lance, both ways][rank][inner occupancy].
  alignas(64) uint16_t file_attacks[3][RANK_NB][128];
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

// Lance and the rook's file part: a file is 9 contiguous bits of one word (types.h), so its 7
// inner squares are one shift and mask away (no PEXT needed); a 9x128 table indexed by rank and
// that occupancy gives the 9-bit pattern, shifted back to the file. Kept over a sentinel bit
// scan (one lzcnt/tzcnt per direction, no table): per call the two trade the lead from run to
// run, in perft the table was faster (FINDINGS.md F-slider-attacks). bench/attacks_bench.cpp
// keeps the bit scan as a variant.
namespace detail {
struct FileWord {
  int w;      // which word holds the file
  int start;  // bit of rank a of that file in that word
  explicit FileWord(Square s) : w(s >= 63), start(int(s) - 63 * w - int(rank_of(s))) {}
  unsigned inner(const Bitboard& occ) const { return unsigned((occ.p[w] >> (start + 1)) & 127); }
  // A one-word result placed without an indexed store (which would go through memory).
  Bitboard place(uint64_t pattern) const {
    const uint64_t r = pattern << start;
    return {w ? 0 : r, w ? r : 0};
  }
};
}  // namespace detail

template <Color C>
inline Bitboard lance_attacks(Square s, const Bitboard& occ) {
  const detail::FileWord f(s);
  return f.place(kTables.file_attacks[C][rank_of(s)][f.inner(occ)]);
}
inline Bitboard lance_attacks(Color c, Square s, const Bitboard& occ) {
  return c == BLACK ? lance_attacks<BLACK>(s, occ) : lance_attacks<WHITE>(s, occ);
}

inline Bitboard rook_file_attacks(Square s, const Bitboard& occ) {
  const detail::FileWord f(s);
  return f.place(kTables.file_attacks[2][rank_of(s)][f.inner(occ)]);
}

// Rank part: shift the rank down to rank 1, gather the 7 inner files with PEXT (files 2-7 in
// word 0, file 8 in word 1), look up the rank-1 pattern and shift it back.
inline Bitboard rook_rank_attacks(Square s, const Bitboard& occ) {
  const int r = rank_of(s);
  const uint64_t inner0 = 0x0040201008040200ULL;  // files 2..7 of rank 1 (bits 9,18,...,54)
  const unsigned idx = unsigned(_pext_u64(occ.p[0] >> r, inner0)) | unsigned((occ.p[1] >> r) & 1) << 6;
  const Bitboard& a = kTables.rank_attacks[file_of(s)][idx];
  return {a.p[0] << r, a.p[1] << r};
}

inline Bitboard rook_attacks(Square s, const Bitboard& occ) {
  return rook_file_attacks(s, occ) | rook_rank_attacks(s, occ);
}

inline Bitboard bishop_attacks(Square s, const Bitboard& occ) {
  const AttackTables::PextIndex& e = kTables.bishop_index[s];
  const uint64_t idx = _pext_u64(occ.p[0], e.mask0) | _pext_u64(occ.p[1], e.mask1) << e.shift1;
  return kTables.bishop[e.offset + idx];
}

inline Bitboard horse_attacks(Square s, const Bitboard& occ) { return bishop_attacks(s, occ) | king_attacks(s); }
inline Bitboard dragon_attacks(Square s, const Bitboard& occ) { return rook_attacks(s, occ) | king_attacks(s); }

// Attacks of any piece type (for generic code; the generator uses the typed functions).
Bitboard attacks_bb(Color c, PieceType pt, Square s, const Bitboard& occ);

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
