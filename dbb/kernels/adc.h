// The 4-instruction form seed 003 says exists: mov t, [word]; and t, mask; neg t; adc acc, acc.
// neg leaves CF = (t != 0) and adc acc, acc is acc * 2 + CF, so no sbb/lea pair is needed.
#pragma once

#include "dbb/dirty_kernel.h"

namespace sashite::dbb {

struct AdcBody {
  static uint64_t run(const uint64_t* words, uint64_t mask) {
    uint64_t acc = 0;
#pragma GCC unroll 24
    for (int i = kWordPieces - 1; i >= 0; --i) {
      uint64_t t;
      asm("mov %[w], %[t]\n\t"
          "and %[m], %[t]\n\t"
          "neg %[t]\n\t"
          "adc %[acc], %[acc]"
          : [t] "=&r"(t), [acc] "+r"(acc)
          : [w] "m"(words[i]), [m] "r"(mask)
          : "cc");
    }
    return acc;
  }
};

struct AdcKernel : OnWindow<AdcBody> {
  static constexpr const char* kName = "adc_asm";
  static bool available() { return true; }
};

}  // namespace sashite::dbb
