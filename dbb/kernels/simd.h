// Vector kernels: all 24 words of a window tested against the broadcast mask at once.
// AVX-512: three vptestmq give the 24 bits directly in mask registers. AVX2 fallback: six
// (vpand, vpcmpeqq with zero, vmovmskpd) give the untouched pieces, inverted at the end.
// The functions carry target attributes so that the portable x86-64-v3 build compiles them
// too; SimdKernel picks one at run time (dbb/cpu.h).
#pragma once

#include <immintrin.h>

#include "dbb/cpu.h"
#include "dbb/dirty_kernel.h"

namespace sashite::dbb {

__attribute__((target("avx512f"))) inline uint64_t dirty_words_avx512(const uint64_t* words, uint64_t mask) {
  const __m512i m = _mm512_set1_epi64(int64_t(mask));
  const uint64_t k0 = _mm512_test_epi64_mask(_mm512_load_si512(words), m);
  const uint64_t k1 = _mm512_test_epi64_mask(_mm512_load_si512(words + 8), m);
  const uint64_t k2 = _mm512_test_epi64_mask(_mm512_load_si512(words + 16), m);
  return k0 | k1 << 8 | k2 << 16;  // words 22, 23 are empty: bits 22, 23 stay clear
}

__attribute__((target("avx2"))) inline uint64_t dirty_words_avx2(const uint64_t* words, uint64_t mask) {
  const __m256i m = _mm256_set1_epi64x(int64_t(mask));
  uint64_t untouched = 0;
  for (int i = 0; i < kPaddedWords / 4; ++i) {
    const __m256i t = _mm256_and_si256(_mm256_load_si256(reinterpret_cast<const __m256i*>(words) + i), m);
    const __m256i z = _mm256_cmpeq_epi64(t, _mm256_setzero_si256());
    untouched |= uint64_t(_mm256_movemask_pd(_mm256_castsi256_pd(z))) << 4 * i;
  }
  return ~untouched & kWordPieceMask;
}

struct Avx512Body {
  static uint64_t run(const uint64_t* w, uint64_t m) { return dirty_words_avx512(w, m); }
};
struct Avx2Body {
  static uint64_t run(const uint64_t* w, uint64_t m) { return dirty_words_avx2(w, m); }
};
// The best the CPU has, chosen at run time even on an AVX-512 build (so the benchmark shows
// what the choice costs): a load of one byte set before main (cpu::has_avx512) and a branch
// that always goes the same way, both bodies inlined (a call through a pointer would not be).
struct SimdBody {
  static uint64_t run(const uint64_t* w, uint64_t m) {
    return cpu::has_avx512 ? dirty_words_avx512(w, m) : dirty_words_avx2(w, m);
  }
};

struct Avx512Kernel : OnWindow<Avx512Body> {
  static constexpr const char* kName = "avx512";
  static bool available() { return cpu::has_avx512; }
};
struct Avx2Kernel : OnWindow<Avx2Body> {
  static constexpr const char* kName = "avx2";
  static bool available() { return cpu::has_avx2; }
};
struct SimdKernel : OnWindow<SimdBody> {
  static constexpr const char* kName = "simd";
  static bool available() { return cpu::has_avx2; }
};

}  // namespace sashite::dbb
