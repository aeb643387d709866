// Per-square effect counts, the evaluation's input (search/evaluate.h): for each colour and
// square, how many of that colour's pieces attack the square, the king included. Where they
// come from is the effect-source family (search/effects/sources.h); this file holds the board
// and the two ways of filling it from attack sets that every source shares.
#pragma once

#include <cstdint>
#include <cstring>

#include "base/bmi2.h"
#include "engine/position.h"

namespace sashite {

// A square has at most 10 attackers of one colour (one along each of the 8 lines, the first
// piece on it, and 2 knights), so a count fits 4 bits. Bytes 81.. stay zero (the accumulators
// store whole vectors or 8-byte groups past square 80), and board comparisons cover them.
inline constexpr int kEffectBoardStride = 96;
inline constexpr int kMaxEffects = 10;

struct alignas(32) EffectBoard {
  uint8_t count[COLOR_NB][kEffectBoardStride];
  bool operator==(const EffectBoard&) const = default;
};

// Two ways to add attack sets into per-square counts, neither branching on the set:
//   PlaneCounter  four bit planes, a bit-sliced counter: a ripple-carry add of one bit per
//                 square, 24 word operations per set, turned into bytes by PDEP at the end;
//   ByteCounter   AVX-512 (BW, VL): one masked byte add per word, word 0's 63 squares in a
//                 zmm, word 1's 18 in a ymm.
// EffectAccumulator is ByteCounter when the build targets AVX-512 (the cheaper count there,
// FINDINGS.md F-effect-sources), else PlaneCounter (SASHITE_PORTABLE's x86-64-v3).
struct PlaneCounter {
  Bitboard bit[4]{};

  void add(const Bitboard& b) {
    Bitboard carry = b;
    for (Bitboard& p : bit) {
      const Bitboard next = p & carry;
      p ^= carry;
      carry = next;
    }
  }
  // PDEP spreads 8 squares of a plane to the 8 bytes' bit i. Word 0 holds squares 0..62 (its
  // bit 63 is clear, so byte 63 is first written 0), word 1 squares 63..80.
  void store(uint8_t* out) const {
    constexpr uint64_t kByteBit0 = 0x0101010101010101ULL;
    auto word = [&](int w, uint8_t* dst, int groups) {
      for (int g = 0; g < groups; ++g) {
        uint64_t v = 0;
        for (int i = 0; i < 4; ++i) v |= _pdep_u64(bit[i].p[w] >> (8 * g), kByteBit0 << i);
        std::memcpy(dst + 8 * g, &v, 8);
      }
    };
    word(0, out, 8);
    word(1, out + 63, 3);
  }
};

#if defined(__AVX512BW__) && defined(__AVX512VL__)
struct ByteCounter {
  __m512i lo = _mm512_setzero_si512();
  __m256i hi = _mm256_setzero_si256();

  void add(const Bitboard& b) {
    lo = _mm512_mask_add_epi8(lo, __mmask64(b.p[0]), lo, _mm512_set1_epi8(1));
    hi = _mm256_mask_add_epi8(hi, __mmask32(b.p[1]), hi, _mm256_set1_epi8(1));
  }
  // Byte 63 of `lo` is 0 (no square) and is overwritten by square 63; bytes 81..94 are 0.
  void store(uint8_t* out) const {
    _mm512_storeu_si512(out, lo);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 63), hi);
  }
};
using EffectAccumulator = ByteCounter;
#else
using EffectAccumulator = PlaneCounter;
#endif

// The effects of colour c's pieces, computed from the bitboards: the pawns as one shift (two
// pawns of a side never attack the same square), each other piece by its kind's attack
// function (no switch on the type).
template <HandLayout H, class Counter = EffectAccumulator>
void add_effects(const BasicPosition<H>& pos, Color c, Counter& acc) {
  const Bitboard occ = pos.pieces(), own = pos.pieces(c), pawns = pos.pieces(c, PAWN);
  acc.add(c == BLACK ? pawns.rank_up() : pawns.rank_down());
  auto steps = [&](const Bitboard& b, PieceType pt) {
    for_each_square(b, [&](Square s) { acc.add(step_attacks(c, pt, s)); });
  };
  steps(own & pos.pieces(KNIGHT), KNIGHT);
  steps(own & pos.pieces(SILVER), SILVER);
  steps(own & pos.golds(), GOLD);
  steps(own & pos.pieces(KING), KING);
  for_each_square(own & pos.pieces(LANCE), [&](Square s) { acc.add(lance_attacks(c, s, occ)); });
  for_each_square(own & pos.pieces(BISHOP), [&](Square s) { acc.add(bishop_attacks(s, occ)); });
  for_each_square(own & pos.pieces(ROOK), [&](Square s) { acc.add(rook_attacks(s, occ)); });
  for_each_square(own & pos.pieces(HORSE), [&](Square s) { acc.add(horse_attacks(s, occ)); });
  for_each_square(own & pos.pieces(DRAGON), [&](Square s) { acc.add(dragon_attacks(s, occ)); });
}

// Every count of the position, from scratch: the recomputed source, and the reference the
// others are tested against.
template <HandLayout H, class Counter = EffectAccumulator>
void compute_effects(const BasicPosition<H>& pos, EffectBoard& out) {
  std::memset(&out, 0, sizeof out);
  for (Color c : {BLACK, WHITE}) {
    Counter acc;
    add_effects(pos, c, acc);
    acc.store(out.count[c]);
  }
}

// One attack set added to or taken from the counts square by square: cheaper than the planes
// for the few squares a move changes.
inline void add_effect(EffectBoard& e, Color c, const Bitboard& b) {
  for_each_square(b, [&](Square s) { ++e.count[c][s]; });
}
inline void remove_effect(EffectBoard& e, Color c, const Bitboard& b) {
  for_each_square(b, [&](Square s) { --e.count[c][s]; });
}

}  // namespace sashite
