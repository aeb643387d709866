// The xbyak kernels (dbb/jit.h) behind the common interface: one indirect call each.
#pragma once

#include "dbb/dirty_kernel.h"
#include "dbb/jit.h"
#include "dbb/kernels/simd.h"

namespace sashite::dbb {

template <JitWordsFn JitKernels::*Fn>
struct JitBody {
  static uint64_t run(const uint64_t* words, uint64_t mask) { return (jit_kernels.*Fn)(words, mask); }
};

struct JitSbbLeaKernel : OnWindow<JitBody<&JitKernels::sbb_lea>> {
  static constexpr const char* kName = "jit_sbb_lea";
  static bool available() { return true; }
};
struct JitAdcKernel : OnWindow<JitBody<&JitKernels::adc>> {
  static constexpr const char* kName = "jit_adc";
  static bool available() { return true; }
};
struct JitVptestmqKernel : OnWindow<JitBody<&JitKernels::vptestmq>> {
  static constexpr const char* kName = "jit_vptestmq";
  static bool available() { return cpu_has_avx512(); }  // the condition jit.cpp generates it on
};
// One generated function per window: the window's offset is a constant displacement.
struct JitAdcWindowKernel {
  static constexpr const char* kName = "jit_adc_window";
  static bool available() { return true; }
  static uint64_t dirty22(const PieceAttacks& pa, Square from, Square to) {
    const MoveWindow mw = move_window(from, to);
    return jit_kernels.adc_window[mw.window](pa.words.w[0], mw.mask);
  }
};

}  // namespace sashite::dbb
