#include "hand/superiority_jit.h"

#include <xbyak/xbyak.h>

namespace sashite {

// System V: rdi = a, rsi = b, rdx = n; returns the count in rax. One pair per iteration:
// load, subtract, test against the mask, setz, add: what the compiler emits for the scalar
// loop, written by hand.
struct SuperiorCountJit::Generator : Xbyak::CodeGenerator {
  Generator(int raw_bits, uint64_t mask) {
    Xbyak::Label loop, done;
    xor_(eax, eax);
    test(rdx, rdx);
    jz(done);
    mov(r8, mask);
    xor_(ecx, ecx);
    L(loop);
    xor_(r10d, r10d);
    if (raw_bits == 64) {
      mov(r9, ptr[rdi + rcx * 8]);
      sub(r9, ptr[rsi + rcx * 8]);
    } else {
      mov(r9d, ptr[rdi + rcx * 4]);
      sub(r9d, ptr[rsi + rcx * 4]);
    }
    test(r9, r8);
    setz(r10b);
    add(rax, r10);
    inc(rcx);
    cmp(rcx, rdx);
    jne(loop);
    L(done);
    ret();
    readyRE();
  }
};

SuperiorCountJit::SuperiorCountJit(int raw_bits, uint64_t borrow_mask)
    : gen_(std::make_unique<Generator>(raw_bits, borrow_mask)), code_(gen_->getCode()) {}
SuperiorCountJit::~SuperiorCountJit() = default;
size_t SuperiorCountJit::code_size() const { return gen_->getSize(); }

}  // namespace sashite
