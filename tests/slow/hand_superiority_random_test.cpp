// 10 M random pairs for every superiority method (1 M in the default run).
#include <gtest/gtest.h>

#include "hand/superiority.h"
#include "tests/hand_domain.h"

namespace sashite {
namespace {

TEST(HandSuperioritySlow, EveryMethodOnTenMillionRandomPairs) {
  const auto pairs = testing::random_pairs(10'000'000, 99);
  superiority::for_each_method([&](auto m) {
    using M = decltype(m);
    using H = typename M::Layout;
    size_t wrong = 0;
    for (const auto& [ca, cb] : pairs) {
      const H a = testing::make_hand<H>(ca), b = testing::make_hand<H>(cb);
      wrong += M::test(a, b) != superior_or_equal_by_field(a, b);
    }
    EXPECT_EQ(wrong, 0u) << H::name << "/" << M::name;
  });
}

}  // namespace
}  // namespace sashite
