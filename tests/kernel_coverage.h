// Which dirty-flag kernels a test may leave out. The library requires x86-64-v3, so only the
// AVX-512 kernels can be unavailable, and only on a CPU (or OS) without AVX-512F. A skipped
// kernel is printed; a skip is a failure when this build targets AVX-512 (-march=native on
// an AVX-512 host) or when CPUID and XGETBV, read here apart from dbb/cpu.h, show that this
// CPU and OS could have run it: a broken detection must not turn into silent passes.
#pragma once

#include <cpuid.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <string>

namespace sashite::testing {

// AVX-512F in CPUID leaf 7 and the OS saving opmask and ZMM state (XCR0 bits 1, 2, 5, 6, 7).
inline bool cpu_and_os_run_avx512() {
  unsigned a, b, c, d;
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || !(b & (1u << 16))) return false;
  if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27))) return false;  // OSXSAVE
  uint32_t xcr0_lo, xcr0_hi;
  __asm__("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
  return (xcr0_lo & 0xe6) == 0xe6;
}

inline constexpr bool kBuildTargetsAvx512 =
#ifdef __AVX512F__
    true;
#else
    false;
#endif

// Call when `kernel` is not available(): prints that it was not tested, and returns why the
// skip is wrong (empty when it is allowed).
inline std::string kernel_skip_error(const std::string& kernel) {
  std::cout << "[ not run  ] dirty kernel " << kernel << ": this CPU cannot run it\n";
  if (kBuildTargetsAvx512) return kernel + " skipped although this build targets AVX-512 (its own CPU has it)";
  if (cpu_and_os_run_avx512()) return kernel + " skipped although CPUID/XGETBV show AVX-512F with OS support";
  return {};
}

// For typed tests: GTEST_SKIP when the skip is allowed, a failure when it is not.
#define SASHITE_SKIP_UNAVAILABLE_KERNEL(name, available)                                  \
  do {                                                                                    \
    if (!(available)) {                                                                   \
      const std::string sashite_skip_error = ::sashite::testing::kernel_skip_error(name); \
      if (!sashite_skip_error.empty()) {                                                  \
        FAIL() << sashite_skip_error;                                                     \
      }                                                                                   \
      GTEST_SKIP() << "this CPU cannot run " << (name);                                   \
    }                                                                                     \
  } while (0)

}  // namespace sashite::testing
