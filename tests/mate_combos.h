// Every registered mate solver over every registered mate-table layout (mate/solvers.h)
// as a GoogleTest typed-test list, named "<solver>_<table>" ('-' is no part of a ctest name).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "mate/solvers.h"
#include "hand_types.h"

namespace sashite::testing {

using MateCombos = AsGTestTypes<mate::RegisteredMateCombos>::type;

struct MateComboNames {
  template <class C>
  static std::string GetName(int) {
    std::string n = std::string(C::Solver::name) + "_" + C::Table::name;
    std::replace(n.begin(), n.end(), '-', '_');
    return n;
  }
};

}  // namespace sashite::testing
