// The registered hand types (hand/layouts.h) as a GoogleTest typed-test list: the one place
// typed tests take it from, so that a new registry line joins every typed test.
#pragma once

#include <gtest/gtest.h>

#include "hand/layouts.h"

namespace sashite::testing {

// Any registry's type list (base/registry.h) as GoogleTest types.
template <class List>
struct AsGTestTypes;
template <class... Ts>
struct AsGTestTypes<TypeList<Ts...>> {
  using type = ::testing::Types<Ts...>;
};
using GTestHandTypes = AsGTestTypes<RegisteredHands>::type;

}  // namespace sashite::testing
