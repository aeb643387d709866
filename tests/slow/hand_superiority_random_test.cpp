// 10 M random pairs for every superiority method, compiled and xbyak (1 M in the default run).
#include <gtest/gtest.h>

#include "tests/hand_domain.h"

namespace sashite {
namespace {

TEST(HandSuperioritySlow, EveryMethodOnTenMillionRandomPairs) {
  testing::expect_every_method_matches_definition(study::random_pairs(10'000'000, 99));
}

}  // namespace
}  // namespace sashite
