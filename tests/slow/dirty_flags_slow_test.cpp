// Dirty-flag kernels against the naive mask on 30 million real (position, move) pairs.
#include <gtest/gtest.h>

#include "dbb/kernels.h"
#include "tests/dirty_walk.h"

namespace sashite::dbb {
namespace {

TEST(DirtyKernelsSlow, EveryKernelEqualsNaiveOnThirtyMillionMoves) {
  std::vector<const DirtyKernelEntry*> kernels;
  for (const DirtyKernelEntry& e : dirty_kernel_table())
    if (e.available()) kernels.push_back(&e);
  std::vector<size_t> mismatches(kernels.size());
  testing::for_each_walk_case(0x5a5a, 30'000'000, [&](const PieceAttacks& pa, Square f, Square t) {
    const uint64_t want22 = NaiveKernel::dirty22(pa, f, t), want40 = NaiveKernel::dirty40(pa, f, t);
    for (size_t i = 0; i < kernels.size(); ++i)
      mismatches[i] += kernels[i]->dirty22(pa, f, t) != want22 || kernels[i]->dirty40(pa, f, t) != want40;
  });
  for (size_t i = 0; i < kernels.size(); ++i) EXPECT_EQ(mismatches[i], 0u) << kernels[i]->name;
}

}  // namespace
}  // namespace sashite::dbb
