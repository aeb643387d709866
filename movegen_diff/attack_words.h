// Per-piece attack sets in the double-sized bitboard layout of seed 003, stored as three word
// arrays (structure of arrays) so that a dirty-mask kernel reads one contiguous array:
// word 0 = squares 0..63, word 2 = squares 17..80, word 1 = squares 0..16 (low half) and
// 64..80 (high half). Any (from, to) pair lies inside one word.
#pragma once

#include <immintrin.h>

#include <cstdint>

#include "engine/bitboard.h"
#include "movegen_diff/piece_ids.h"

namespace sashite {

struct MoveWindow {
  int word;       // which of the three words holds both squares
  uint64_t mask;  // from and to in that word's coordinates
};

inline int window_bit(int word, Square s) { return word == 0 ? s : word == 2 ? s - 17 : s < 17 ? s : s - 32; }

// Both squares < 64: word 0; both >= 17: word 2; otherwise one is < 17 and the other >= 64.
inline MoveWindow move_window(Square from, Square to) {
  const int w = (from < 64 && to < 64) ? 0 : (from >= 17 && to >= 17) ? 2 : 1;
  return {w, (1ULL << window_bit(w, from)) | (1ULL << window_bit(w, to))};
}
inline MoveWindow drop_window(Square to) {
  const int w = to < 64 ? 0 : 2;
  return {w, 1ULL << window_bit(w, to)};
}

struct AttackWords {
  // Padded to 48 so that vector kernels may read whole 64-byte lines.
  alignas(64) uint64_t w[3][48] = {};

  void set(int id, const Bitboard& b) {
    w[0][id] = b.p[0] | (b.p[1] << 63);
    w[1][id] = (b.p[0] & 0x1ffff) | ((b.p[1] >> 1) << 32);
    w[2][id] = (b.p[0] >> 17) | (b.p[1] << 46);
  }
  Bitboard get(int id) const { return {w[0][id] & 0x7fffffffffffffffULL, w[2][id] >> 46}; }
};

// Dirty-mask kernels: bit i set when piece i's attacks (in the window word) meet the mask.
// Selected at compile time through DiffPosition's template parameter.
struct DirtyScalar {
  static constexpr const char* name = "scalar";
  static uint64_t run(const uint64_t* words, uint64_t mask) {
    uint64_t d = 0;
    for (int i = 0; i < PIECE_ID_NB; ++i) d |= uint64_t((words[i] & mask) != 0) << i;
    return d;
  }
};

#ifdef __AVX512F__
// Five `vptestmq` over 8 words each: one mask bit per piece.
struct DirtyAvx512 {
  static constexpr const char* name = "avx512";
  static uint64_t run(const uint64_t* words, uint64_t mask) {
    const __m512i m = _mm512_set1_epi64(int64_t(mask));
    uint64_t d = 0;
    for (int k = 0; k < 5; ++k)
      d |= uint64_t(_mm512_test_epi64_mask(_mm512_load_si512(words + 8 * k), m)) << (8 * k);
    return d;
  }
};
using DefaultDirtyKernel = DirtyAvx512;
#else
using DefaultDirtyKernel = DirtyScalar;
#endif

}  // namespace sashite
