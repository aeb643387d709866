// Dirty-flag kernels against the naive mask on 30 million real (position, move) pairs. The
// naive kernel is the reference here, proved against the position's own attacks in
// tests/dirty_flags_test.cpp (NaiveKernel.EqualsTheAttacksOfThePosition), so it is not a row.
#include <gtest/gtest.h>

#include <string_view>

#include "dbb/kernels.h"
#include "tests/dirty_walk.h"
#include "tests/kernel_coverage.h"

namespace sashite::dbb {
namespace {

TEST(DirtyKernelsSlow, EveryKernelEqualsNaiveOnThirtyMillionMoves) {
  std::vector<const DirtyKernelEntry*> kernels;
  for (const DirtyKernelEntry& e : dirty_kernel_table()) {
    if (std::string_view(e.name) == NaiveKernel::kName) continue;
    if (e.available()) {
      kernels.push_back(&e);
    } else if (const std::string error = testing::kernel_skip_error(e.name); !error.empty()) {
      ADD_FAILURE() << error;
    }
  }
  ASSERT_FALSE(kernels.empty());
  std::vector<size_t> mismatches(kernels.size());
  const size_t n = testing::for_each_walk_case(0x5a5a, 30'000'000, [&](const PieceAttacks& pa, Square f, Square t) {
    const uint64_t want22 = NaiveKernel::dirty22(pa, f, t), want40 = NaiveKernel::dirty40(pa, f, t);
    for (size_t i = 0; i < kernels.size(); ++i)
      mismatches[i] += kernels[i]->dirty22(pa, f, t) != want22 || kernels[i]->dirty40(pa, f, t) != want40;
  });
  EXPECT_GE(n, 30'000'000u);
  for (size_t i = 0; i < kernels.size(); ++i) EXPECT_EQ(mismatches[i], 0u) << kernels[i]->name;
}

}  // namespace
}  // namespace sashite::dbb
