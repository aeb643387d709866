// Slider method `qugiy512`: Qugiy's method (qugiy.h) with each piece's rays in one 512-bit
// register, one ray per 128-bit lane (AVX-512 BW, and GFNI for the rook).
//   bishop: lanes {file+1 rank+1, file+1 rank-1} on the occupancy, {file-1 rank+1, file-1
//     rank-1} on its byte reversal (qugiy.h's masks, one cache line): one vpshufb builds the
//     four lanes from the broadcast occupancy and turns the two reversed results back.
//   rook: lanes {towards rank i, towards file 9} on the occupancy, {towards file 1, towards
//     rank a} on its bit reversal: the byte reversal, then each byte's bits reversed by
//     vgf2p8affineqb. A file's squares are adjacent bits, so the file's ray towards rank a
//     needs the whole bit order turned round, not the bytes only: then all four rays are the
//     one subtraction.
// Lance: qugiy's (one ray, 128 bits). Built only where the compiler targets AVX-512 BW and GFNI
// (the host CPU by default; not under SASHITE_PORTABLE's x86-64-v3): sliders.h registers it then.
#pragma once

#if defined(__AVX512BW__) && defined(__GFNI__)
#define SASHITE_HAS_QUGIY512 1

#include <immintrin.h>

#include "engine/sliders/qugiy.h"

namespace sashite {

struct Qugiy512Tables {
  // {towards rank i, towards file 9, towards file 1 bit-reversed, towards rank a bit-reversed}.
  struct alignas(64) Rook {
    Bitboard ray[4];
  };
  alignas(64) Rook rook[SQ_NB];
};
extern const Qugiy512Tables kQugiy512Tables;

struct Qugiy512Sliders {
  static constexpr const char* name = "qugiy512";
  static constexpr unsigned own = kSliderRook | kSliderBishop;

  // Each 128-bit lane minus 1: a lane whose low word is 0 borrows from its high word.
  static __m512i decrement(__m512i x) {
    const __mmask8 low_zero = _mm512_cmpeq_epi64_mask(x, _mm512_setzero_si512()) & 0x55;
    const __m512i t = _mm512_add_epi64(x, _mm512_set_epi64(0, -1, 0, -1, 0, -1, 0, -1));
    return _mm512_mask_sub_epi64(t, __mmask8(low_zero << 1), t, _mm512_set1_epi64(1));
  }
  // Per lane: the ray of `mask` (increasing bit order) up to its first square in occ.
  static __m512i up_to_blocker(__m512i occ, __m512i mask) {
    const __m512i em = _mm512_and_si512(occ, mask);
    return _mm512_ternarylogic_epi64(em, decrement(em), mask, 0x28);  // (em ^ (em - 1)) & mask
  }
  // vpshufb indices: lanes 0 and 1 kept, lanes 2 and 3 byte-reversed.
  static __m512i reverse_high_lanes() {
    const __m128i keep = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m128i rev = _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    return _mm512_maskz_inserti64x4(0xff, _mm512_castsi256_si512(_mm256_set_m128i(keep, keep)),
                                    _mm256_set_m128i(rev, rev), 1);
  }
  // Lanes 2 and 3 bit-reversed (bytes reversed, then the bits of each byte), 0 and 1 kept.
  static __m512i bit_reverse_high_lanes(__m512i x) {
    const __m512i matrices =
        _mm512_set_epi64(0x8040201008040201LL, 0x8040201008040201LL, 0x8040201008040201LL, 0x8040201008040201LL,
                         0x0102040810204080LL, 0x0102040810204080LL, 0x0102040810204080LL, 0x0102040810204080LL);
    return _mm512_gf2p8affine_epi64_epi8(_mm512_shuffle_epi8(x, reverse_high_lanes()), matrices, 0);
  }
  static __m128i fold(__m512i v) {
    return QugiySliders::fold(
        _mm256_or_si256(_mm512_maskz_extracti64x4_epi64(0xff, v, 0), _mm512_maskz_extracti64x4_epi64(0xff, v, 1)));
  }
  // The zero-masking forms with every lane kept: GCC 12's unmasked forms pass an "undefined"
  // source that -Wuninitialized reports.
  static __m512i broadcast(const Bitboard& occ) {
    return _mm512_maskz_broadcast_i32x4(0xffff, QugiySliders::load(occ));
  }
  static __m512i load4(const Bitboard* b) { return _mm512_load_si512(b); }

  template <Color C>
  static Bitboard lance(Square s, const Bitboard& occ) {
    return QugiySliders::lance<C>(s, occ);
  }
  static Bitboard rook_file(Square s, const Bitboard& occ) { return QugiySliders::rook_file(s, occ); }
  static Bitboard rook_rank(Square s, const Bitboard& occ) { return QugiySliders::rook_rank(s, occ); }
  static Bitboard rook(Square s, const Bitboard& occ) {
    const __m512i x = bit_reverse_high_lanes(broadcast(occ));
    const __m512i r = up_to_blocker(x, load4(kQugiy512Tables.rook[s].ray));
    return QugiySliders::store(fold(bit_reverse_high_lanes(r)));
  }
  static Bitboard bishop(Square s, const Bitboard& occ) {
    const __m512i x = _mm512_shuffle_epi8(broadcast(occ), reverse_high_lanes());
    const __m512i r = up_to_blocker(x, load4(kQugiyTables.diagonal[s].rising));
    return QugiySliders::store(fold(_mm512_shuffle_epi8(r, reverse_high_lanes())));
  }
};

}  // namespace sashite

#endif
