// The 4-instruction form LS3600 says exists (differential generation, 2009): mov t, [word]; and t, mask; neg t; adc
// acc, acc. neg leaves CF = (t != 0) and adc acc, acc is acc * 2 + CF, so no sbb/lea pair is needed. Fewer
// instructions, but the accumulator chain goes through adc: 1 cycle where adc is one uop (Broadwell on, Zen), 2 on
// Sandy Bridge/Haswell and Core 2, where sbb/lea's lea chain is shorter (scripts/dirty_flags_models.sh shows both in
// llvm-mca's models).
#pragma once

#include "dbb/dirty_kernel.h"

namespace sashite::dbb {

struct AdcStep {
  SASHITE_NEG_CARRY_STEP("adc %[acc], %[acc]")  // acc = acc * 2 + CF
  static uint64_t finish(uint64_t acc) { return acc; }
};
using AdcBody = StepChainBody<AdcStep>;

struct AdcKernel : OnWindow<AdcBody> {
  static constexpr const char* kName = "adc_asm";
};

}  // namespace sashite::dbb
