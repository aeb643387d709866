// LS3600's (differential generation, 2009) per-piece sequence, as GCC inline asm (the JIT emits the same instructions):
//   mov t, [word]; and t, mask; neg t; sbb t, t; lea acc, [t + acc*2]
// neg sets CF iff t != 0 and sbb t, t turns CF into 0 / -1, so the lea computes
// acc = 2*acc - touched: as printed in the post the sequence yields -dirty, not dirty
// (tests/dirty_flags_test.cpp runs it and shows it). Keeping the accumulator as -dirty makes
// the same 5 instructions right, since -(2d + b) = 2(-d) - b: one neg at the very end.
#pragma once

#include "dbb/dirty_kernel.h"

namespace sashite::dbb {

template <bool NegateAtEnd>
struct SbbLeaStep {
  SASHITE_NEG_CARRY_STEP("sbb %[t], %[t]\n\tlea (%[t],%[acc],2), %[acc]")  // acc = acc * 2 - CF
  static uint64_t finish(uint64_t acc) { return NegateAtEnd ? 0 - acc : acc; }
};
template <bool NegateAtEnd>
using SbbLeaBody = StepChainBody<SbbLeaStep<NegateAtEnd>>;

// LS3600's sequence exactly as printed. Not a kernel: kept for the test that proves it wrong.
using SeedLiteralSbbLeaBody = SbbLeaBody<false>;

struct SbbLeaKernel : OnWindow<SbbLeaBody<true>> {
  static constexpr const char* kName = "sbb_lea_asm";
};

}  // namespace sashite::dbb
