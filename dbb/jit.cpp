#include "dbb/jit.h"

#include <xbyak/xbyak.h>

#include <memory>

#include "dbb/cpu.h"
#include "dbb/piece_attacks.h"

namespace sashite::dbb {
namespace {

class DirtyCodeGen : public Xbyak::CodeGenerator {
 public:
  DirtyCodeGen(JitForm form, const JitShape& s) : Xbyak::CodeGenerator(4096) {
    switch (form) {
      case JitForm::kVptestmq: emit_vptestmq(s); break;
      case JitForm::kAvx2: emit_avx2(s); break;
      default: emit_chain(form, s); break;
    }
    if (s.whole) ret();
  }

 private:
  void emit_chain(JitForm form, const JitShape& s) {
    if (s.whole) xor_(eax, eax);
    for (int i = s.pieces - 1; i >= 0; --i) {
      mov(rdx, ptr[rdi + s.disp0 + 8 * i]);
      and_(rdx, rsi);
      neg(rdx);  // CF = (rdx != 0)
      if (form == JitForm::kAdc) {
        adc(rax, rax);
      } else {
        sbb(rdx, rdx);
        lea(rax, ptr[rdx + rax * 2]);
      }
    }
    if (s.whole && form == JitForm::kSbbLea) neg(rax);
  }

  void emit_vptestmq(const JitShape& s) {
    vpbroadcastq(zmm0, rsi);
    vptestmq(k1, zmm0, ptr[rdi + s.disp0]);
    vptestmq(k2, zmm0, ptr[rdi + s.disp0 + 64]);
    vptestmq(k3, zmm0, ptr[rdi + s.disp0 + 128]);
    kunpckbw(k1, k2, k1);  // k1 = k2:k1, words 0..15
    kmovw(eax, k1);
    kmovw(edx, k3);
    shl(edx, 16);
    or_(eax, edx);
    if (s.whole) vzeroupper();  // no AVX-SSE transition penalty for the caller
  }

  // AVX2 has no per-lane test into a mask: compare (word & mask) with zero per 64-bit lane,
  // collect the sign bits (untouched pieces) four at a time, invert at the end.
  void emit_avx2(const JitShape& s) {
    vmovq(xmm0, rsi);
    vpbroadcastq(ymm0, xmm0);
    vpxor(xmm1, xmm1, xmm1);
    for (int i = 0; i < kPaddedWords / 4; ++i) {
      vpand(ymm2, ymm0, ptr[rdi + s.disp0 + 32 * i]);
      vpcmpeqq(ymm2, ymm2, ymm1);
      if (i == 0) {
        vmovmskpd(eax, ymm2);
      } else {
        vmovmskpd(edx, ymm2);
        shl(edx, 4 * i);
        or_(eax, edx);
      }
    }
    not_(eax);
    and_(eax, uint32_t(kWordPieceMask));  // 32-bit ops zero rax's high half
    if (s.whole) vzeroupper();
  }
};

const JitShape kWhole22{kWordPieces, 0, true};

// Generates into executable memory owned for the rest of the process.
JitWordsFn generate_resident(JitForm form, const JitShape& shape) {
  static std::vector<std::unique_ptr<DirtyCodeGen>> resident;
  resident.push_back(std::make_unique<DirtyCodeGen>(form, shape));
  resident.back()->ready();
  return resident.back()->getCode<JitWordsFn>();
}

}  // namespace

JitKernels generate_jit_kernels() {
  JitKernels k{};
  k.sbb_lea = generate_resident(JitForm::kSbbLea, kWhole22);
  k.seed_literal = generate_resident(JitForm::kSeedLiteral, kWhole22);
  k.adc = generate_resident(JitForm::kAdc, kWhole22);
  k.avx2 = generate_resident(JitForm::kAvx2, kWhole22);
  if (cpu::has_avx512) k.vptestmq = generate_resident(JitForm::kVptestmq, kWhole22);
  for (int x = 0; x < WINDOW_NB; ++x)
    k.adc_window[x] = generate_resident(JitForm::kAdc, {kWordPieces, int(x * kPaddedWords * sizeof(uint64_t)), true});
  return k;
}

const char* jit_form_name(JitForm f) {
  switch (f) {
    case JitForm::kSbbLea: return "sbb_lea";
    case JitForm::kSeedLiteral: return "seed_literal";
    case JitForm::kAdc: return "adc";
    case JitForm::kVptestmq: return "vptestmq";
    case JitForm::kAvx2: return "avx2";
  }
  return "?";
}

std::vector<uint8_t> jit_bytes(JitForm form, const JitShape& shape) {
  DirtyCodeGen g(form, shape);
  return {g.getCode(), g.getCode() + g.getSize()};
}

}  // namespace sashite::dbb
