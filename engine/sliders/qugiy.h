// Slider method `qugiy`: Qugiy's method (Qugiy, WCSC31 appeal, 2021; YaneuraOu's slider
// attacks since). No PEXT, no magic; per square only the rays' masks (qugiy.cpp).
//
// The subtraction. Take the occupied squares of one ray, em, whose squares lie in increasing
// bit order away from the piece. em - 1 borrows from bit 0 up to em's lowest bit, the nearest
// blocker: em ^ (em - 1) sets every bit up to and including it, and masked by the ray that is
// the attack set (the whole ray when em is empty: the borrow runs through). The bitboard is
// one 128-bit value p[1]:p[0]: bit 63 of p[0] is never set, squares 63-80 are bits 64-81, so
// the square order is the bit order and a borrow out of p[0] goes on into p[1].
//
// The byte reversal. The rays towards lower squares (towards file 1) are the same subtraction
// on the byte-reversed value (the 16 bytes in reverse order, one vpshufb): a bit keeps its
// place inside its byte, so the order of two squares reverses exactly when they lie in
// different bytes. On a rank the squares are 9 bits apart (10 across the unused bit 63), on a
// diagonal 8 or 10 (9 or 11): never two in one byte, so each of those rays comes out in
// increasing order. The file does not (its squares are adjacent bits): there
//   towards rank i (White's lance, increasing bits): the subtraction, per 64-bit word (a file
//     never leaves its word, so no borrow crosses words);
//   towards rank a (Black's lance): the blockers smeared away from the piece, em | em >> 1,
//     then >> 2, >> 4 (a ray has at most 8 squares), and the ray minus what lies past a
//     blocker.
// Both words at once in one 128-bit register: no branch on which word holds the file.
//
// The registers. Rook rank: one 256-bit register, lane 0 the ray towards file 9 on the
// occupancy, lane 1 the ray towards file 1 on the reversed occupancy; one vpshufb makes that
// pair from the broadcast occupancy and the same one turns lane 1's result back. Bishop: two
// 256-bit registers, the diagonals towards file 9 on the occupancy and those towards file 1
// on the reversed one, the four lanes ORed together at the end. AVX2 (x86-64-v3).
#pragma once

#include <immintrin.h>

#include "engine/sliders/method.h"

namespace sashite {

struct QugiyTables {
  // One cache line per square and piece. rank: {towards file 9, towards file 1 byte-reversed};
  // file: {towards rank i, towards rank a}; the squares of each ray without the piece's own.
  struct alignas(64) Orthogonal {
    Bitboard rank[2];
    Bitboard file[2];
  };
  // {file+1 rank+1, file+1 rank-1} as they are, then {file-1 rank+1, file-1 rank-1}
  // byte-reversed.
  struct alignas(64) Diagonal {
    Bitboard rising[2];
    Bitboard falling_reversed[2];
  };
  alignas(64) Orthogonal orthogonal[SQ_NB];
  alignas(64) Diagonal diagonal[SQ_NB];
};
extern const QugiyTables kQugiyTables;

struct QugiySliders {
  static constexpr const char* name = "qugiy";
  static constexpr unsigned own = kSliderAll;

  static __m128i load(const Bitboard& b) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(b.p)); }
  static __m256i load2(const Bitboard* b) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(b)); }
  static Bitboard store(__m128i v) { return {uint64_t(_mm_cvtsi128_si64(v)), uint64_t(_mm_extract_epi64(v, 1))}; }
  static __m128i fold(__m256i v) { return _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)); }

  // Each 128-bit lane minus 1: the low word's borrow (it was 0) taken from the high word.
  static __m256i decrement(__m256i x) {
    const __m256i borrow = _mm256_bslli_epi128(_mm256_cmpeq_epi64(x, _mm256_setzero_si256()), 8);
    return _mm256_add_epi64(_mm256_add_epi64(x, _mm256_set_epi64x(0, -1, 0, -1)), borrow);
  }
  // Per lane: the ray of `mask` (increasing bit order) up to its first square in occ.
  static __m256i up_to_blocker(__m256i occ, __m256i mask) {
    const __m256i em = _mm256_and_si256(occ, mask);
    return _mm256_and_si256(_mm256_xor_si256(em, decrement(em)), mask);
  }
  // vpshufb indices: both lanes byte-reversed; lane 0 kept and lane 1 byte-reversed.
  static __m256i reverse_both() {
    return _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5,
                            4, 3, 2, 1, 0);
  }
  static __m256i reverse_high() {
    return _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5,
                            4, 3, 2, 1, 0);
  }

  // Towards rank i (increasing bits): the subtraction in each word.
  static __m128i file_down(__m128i occ, __m128i mask) {
    const __m128i em = _mm_and_si128(occ, mask);
    return _mm_and_si128(_mm_xor_si128(em, _mm_sub_epi64(em, _mm_set1_epi64x(1))), mask);
  }
  // Towards rank a (decreasing bits): the blockers smeared past themselves, off the ray.
  static __m128i file_up(__m128i occ, __m128i mask) {
    __m128i em = _mm_and_si128(occ, mask);
    em = _mm_or_si128(em, _mm_srli_epi64(em, 1));
    em = _mm_or_si128(em, _mm_srli_epi64(em, 2));
    em = _mm_or_si128(em, _mm_srli_epi64(em, 4));
    return _mm_andnot_si128(_mm_srli_epi64(em, 1), mask);
  }

  template <Color C>
  static Bitboard lance(Square s, const Bitboard& occ) {
    const Bitboard* m = kQugiyTables.orthogonal[s].file;
    return store(C == BLACK ? file_up(load(occ), load(m[1])) : file_down(load(occ), load(m[0])));
  }
  static __m128i file(Square s, __m128i occ) {
    const Bitboard* m = kQugiyTables.orthogonal[s].file;
    return _mm_or_si128(file_down(occ, load(m[0])), file_up(occ, load(m[1])));
  }
  static __m128i rank(Square s, __m128i occ) {
    const __m256i both = _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(occ), reverse_high());
    return fold(_mm256_shuffle_epi8(up_to_blocker(both, load2(kQugiyTables.orthogonal[s].rank)), reverse_high()));
  }
  static Bitboard rook_file(Square s, const Bitboard& occ) { return store(file(s, load(occ))); }
  static Bitboard rook_rank(Square s, const Bitboard& occ) { return store(rank(s, load(occ))); }
  static Bitboard rook(Square s, const Bitboard& occ) {
    const __m128i o = load(occ);
    return store(_mm_or_si128(file(s, o), rank(s, o)));
  }
  static Bitboard bishop(Square s, const Bitboard& occ) {
    const QugiyTables::Diagonal& d = kQugiyTables.diagonal[s];
    const __m256i o = _mm256_broadcastsi128_si256(load(occ));
    const __m256i rising = up_to_blocker(o, load2(d.rising));
    const __m256i falling = up_to_blocker(_mm256_shuffle_epi8(o, reverse_both()), load2(d.falling_reversed));
    return store(fold(_mm256_or_si256(rising, _mm256_shuffle_epi8(falling, reverse_both()))));
  }
};

}  // namespace sashite
