#include "dbb/jit.h"

#include <xbyak/xbyak.h>

#include <memory>

#include "dbb/piece_attacks.h"

namespace sashite::dbb {
namespace {

class DirtyCodeGen : public Xbyak::CodeGenerator {
 public:
  DirtyCodeGen(JitForm form, const JitShape& s) : Xbyak::CodeGenerator(4096) {
    if (form == JitForm::kVptestmq) {
      emit_vptestmq(s);
      return;
    }
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
    if (!s.whole) return;
    if (form == JitForm::kSbbLea) neg(rax);
    ret();
  }

 private:
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
    if (!s.whole) return;
    vzeroupper();  // no AVX-SSE transition penalty for the caller
    ret();
  }
};

const JitShape kWhole22{kWordPieces, 0, true};

// The generators own the executable memory; they live as long as the process.
JitWordsFn keep(JitForm form, const JitShape& shape) {
  static std::vector<std::unique_ptr<DirtyCodeGen>> alive;
  alive.push_back(std::make_unique<DirtyCodeGen>(form, shape));
  alive.back()->ready();
  return alive.back()->getCode<JitWordsFn>();
}

JitKernels generate() {
  JitKernels k{};
  k.sbb_lea = keep(JitForm::kSbbLea, kWhole22);
  k.seed_literal = keep(JitForm::kSeedLiteral, kWhole22);
  k.adc = keep(JitForm::kAdc, kWhole22);
  if (__builtin_cpu_init(), __builtin_cpu_supports("avx512f")) k.vptestmq = keep(JitForm::kVptestmq, kWhole22);
  for (int x = 0; x < WINDOW_NB; ++x)
    k.adc_window[x] = keep(JitForm::kAdc, {kWordPieces, int(x * kPaddedWords * sizeof(uint64_t)), true});
  return k;
}

}  // namespace

const char* name(JitForm f) {
  switch (f) {
    case JitForm::kSbbLea: return "sbb_lea";
    case JitForm::kSeedLiteral: return "seed_literal";
    case JitForm::kAdc: return "adc";
    case JitForm::kVptestmq: return "vptestmq";
  }
  return "?";
}

std::vector<uint8_t> jit_bytes(JitForm form, const JitShape& shape) {
  DirtyCodeGen g(form, shape);
  return {g.getCode(), g.getCode() + g.getSize()};
}

const JitKernels jit_kernels = generate();

}  // namespace sashite::dbb
