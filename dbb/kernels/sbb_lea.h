// Seed 003's per-piece sequence, as GCC inline asm (the JIT emits the same instructions):
//   mov t, [word]; and t, mask; neg t; sbb t, t; lea acc, [t + acc*2]
// neg sets CF iff t != 0 and sbb t, t turns CF into 0 / -1, so the lea computes
// acc = 2*acc - touched: as printed in the seed the sequence yields -dirty, not dirty
// (tests/dirty_flags_test.cpp runs it and shows it). Keeping the accumulator as -dirty makes
// the same 5 instructions right, since -(2d + b) = 2(-d) - b: one neg at the very end.
#pragma once

#include "dbb/dirty_kernel.h"

namespace sashite::dbb {

template <bool NegateAtEnd>
struct SbbLeaBody {
  static uint64_t run(const uint64_t* words, uint64_t mask) {
    uint64_t acc = 0;
#pragma GCC unroll 24
    for (int i = kWordPieces - 1; i >= 0; --i) {
      uint64_t t;
      asm("mov %[w], %[t]\n\t"
          "and %[m], %[t]\n\t"
          "neg %[t]\n\t"
          "sbb %[t], %[t]\n\t"
          "lea (%[t],%[acc],2), %[acc]"
          : [t] "=&r"(t), [acc] "+r"(acc)
          : [w] "m"(words[i]), [m] "r"(mask)
          : "cc");
    }
    return NegateAtEnd ? -acc : acc;
  }
};

// The seed's sequence exactly as printed. Not a kernel: kept for the test that proves it wrong.
using SeedLiteralSbbLeaBody = SbbLeaBody<false>;

struct SbbLeaKernel : OnWindow<SbbLeaBody<true>> {
  static constexpr const char* kName = "sbb_lea_asm";
  static bool available() { return true; }
};

}  // namespace sashite::dbb
