// The fastest single-subtraction superiority tests written as x64 by xbyak at run time, so the
// compiler's loop (bench/hand_bench.cpp) and hand-written code run on the same arrays.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "hand/layouts.h"

namespace sashite {

// Counts i < n with ((a[i] - b[i]) & borrow_mask) == 0, over 32- or 64-bit raw hands.
class SuperiorCountJit {
 public:
  template <class Raw>
  using Fn = size_t (*)(const Raw* a, const Raw* b, size_t n);

  SuperiorCountJit(int raw_bits, uint64_t borrow_mask);
  ~SuperiorCountJit();
  template <class Raw>
  // The const_cast: Clang refuses a reinterpret_cast from const void* to a function pointer.
  Fn<Raw> get() const {
    return reinterpret_cast<Fn<Raw>>(const_cast<void*>(code_));
  }
  size_t code_size() const;

 private:
  struct Generator;
  std::unique_ptr<Generator> gen_;
  const void* code_;
};

// Calls f.template operator()<H>() for every registered layout the loop covers: those with a
// borrow mask, under their own scheme only (the key scheme does not change the raw hand).
template <class F>
void for_each_jit_layout(F&& f) {
  for_each_hand_layout([&]<class H>() {
    if constexpr (requires { H::kBorrowMask; } && kPlainLayout<H>) f.template operator()<H>();
  });
}

}  // namespace sashite
