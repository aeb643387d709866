// The xbyak kernels (dbb/jit.h) behind the common interface: one indirect call each, after
// the inline guard of jit_kernels() (a byte load and a branch always taken the same way, off
// the kernel's dependency chain).
#pragma once

#include "dbb/cpu.h"
#include "dbb/dirty_kernel.h"
#include "dbb/jit.h"

namespace sashite::dbb {

template <JitWordsFn JitKernels::*Fn>
struct JitBody {
  static uint64_t run(const uint64_t* words, uint64_t mask) { return (jit_kernels().*Fn)(words, mask); }
};
// One generated function per window: the caller passes window 0 and the window's offset is a
// constant displacement in the code.
struct JitAdcWindowBody {
  static uint64_t run(const AttackWords& words, const MoveWindow& mw) {
    return jit_kernels().adc_window[mw.window](words.w[0], mw.mask);
  }
};

struct JitSbbLeaKernel : OnWindow<JitBody<&JitKernels::sbb_lea>> {
  static constexpr const char* kName = "jit_sbb_lea";
};
struct JitAdcKernel : OnWindow<JitBody<&JitKernels::adc>> {
  static constexpr const char* kName = "jit_adc";
};
struct JitAdcWindowKernel : OnWindow<JitAdcWindowBody> {
  static constexpr const char* kName = "jit_adc_window";
};
struct JitAvx2Kernel : OnWindow<JitBody<&JitKernels::avx2>> {
  static constexpr const char* kName = "jit_avx2";
  static bool available() { return cpu::has_avx2; }
};
struct JitVptestmqKernel : OnWindow<JitBody<&JitKernels::vptestmq>> {
  static constexpr const char* kName = "jit_vptestmq";
  static bool available() { return cpu::has_avx512; }  // the condition jit.cpp generates it on
};

}  // namespace sashite::dbb
