// Dirty-flag kernels generated with xbyak (LS3600's (differential generation, 2009) sequences, emitted exactly, so
// compiler output and hand code run on the same data). SysV ABI: rdi = first word of the window, rsi = the two-square
// mask, result in rax.
#pragma once

#include <cstdint>
#include <vector>

namespace sashite::dbb {

enum class JitForm {
  kSbbLea,       // mov/and/neg/sbb/lea on -dirty, one neg at the end
  kSeedLiteral,  // the same without the final neg: the post's sequence as printed (wrong: yields -dirty)
  kAdc,          // mov/and/neg/adc r,r
  kVptestmq,     // three vptestmq over 24 words (AVX-512F)
  kAvx2,         // six vpand/vpcmpeqq/vmovmskpd over 24 words, inverted (AVX2)
};
const char* jit_form_name(JitForm f);

// What to generate: `pieces` words (the last first, so piece i lands in bit i) read at
// [rdi + disp0 + 8 * i]; `whole` adds the accumulator set-up, the final fix-up and ret
// (false gives just the per-piece instructions, for llvm-mca). The vector forms always read
// the 24 padded words and ignore `pieces`.
struct JitShape {
  int pieces;
  int disp0;
  bool whole;
};

// The machine code of one shape (a fresh generator; for tools/dirty_asm).
std::vector<uint8_t> jit_bytes(JitForm form, const JitShape& shape);

using JitWordsFn = uint64_t (*)(const uint64_t* words, uint64_t mask);

struct JitKernels {
  JitWordsFn sbb_lea, seed_literal, adc, avx2;
  JitWordsFn vptestmq;       // nullptr without AVX-512F
  JitWordsFn adc_window[3];  // specialised per window: rdi = window 0's first word, the
                             // window's offset folded into each load's displacement
};
// Generates every kernel into executable memory kept for the rest of the process.
JitKernels generate_jit_kernels();
// Generated on first use (never in a program that does not ask). Inline, so a kernel call pays
// the guard's byte load and branch, not a call into jit.cpp.
inline const JitKernels& jit_kernels() {
  static const JitKernels kernels = generate_jit_kernels();
  return kernels;
}

}  // namespace sashite::dbb
