// Registry of the dirty-flag kernels. A new variant is one file in dbb/kernels/ and one line
// here; the benchmark, the tests and the dirty_count tool iterate this list.
#pragma once

#include <string_view>
#include <vector>

#include "base/registry.h"
#include "dbb/kernels/adc.h"
#include "dbb/kernels/cpp_branchless.h"
#include "dbb/kernels/jit.h"
#include "dbb/kernels/naive.h"
#include "dbb/kernels/sbb_lea.h"
#include "dbb/kernels/simd.h"

#define SASHITE_FOR_EACH_DIRTY_KERNEL(X) \
  X(NaiveKernel)                         \
  X(CppBranchlessKernel)                 \
  X(SbbLeaKernel)                        \
  X(AdcKernel)                           \
  X(Avx2Kernel)                          \
  X(Avx512Kernel)                        \
  X(SimdKernel)                          \
  X(JitSbbLeaKernel)                     \
  X(JitAdcKernel)                        \
  X(JitAdcWindowKernel)                  \
  X(JitAvx2Kernel)                       \
  X(JitVptestmqKernel)

namespace sashite::dbb {

using RegisteredDirtyKernels = SASHITE_TYPE_LIST(SASHITE_FOR_EACH_DIRTY_KERNEL);
static_assert(all_types<RegisteredDirtyKernels>([]<class K> { return DirtyKernel<K>; }));

// Calls f.template operator()<K>() for every registered kernel, the naive baseline first.
template <class F>
void for_each_dirty_kernel(F&& f) {
  for_each_type<RegisteredDirtyKernels>(f);
}

// The same list as function pointers, for code that picks a kernel by name at run time
// (tests, dirty_count). Benchmarks use the types directly so the kernels can inline.
struct DirtyKernelEntry {
  const char* name;
  bool (*available)();
  uint64_t (*dirty22)(const PieceAttacks&, Square, Square);
  uint64_t (*dirty40)(const PieceAttacks&, Square, Square);
};

inline const std::vector<DirtyKernelEntry>& dirty_kernel_table() {
  static const std::vector<DirtyKernelEntry> table = [] {
    std::vector<DirtyKernelEntry> t;
    for_each_dirty_kernel([&]<class K>() { t.push_back({K::kName, &K::available, &K::dirty22, &dirty40<K>}); });
    return t;
  }();
  return table;
}

inline const DirtyKernelEntry* find_dirty_kernel(std::string_view name) {
  for (const DirtyKernelEntry& e : dirty_kernel_table())
    if (name == e.name) return &e;
  return nullptr;
}

}  // namespace sashite::dbb
