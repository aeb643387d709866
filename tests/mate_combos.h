// Every registered mate solver over every registered mate-table layout (search/mate/solvers.h)
// as a GoogleTest typed-test list, named "<solver>_<table>" ('-' is no part of a ctest name).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>

#include "search/mate/solvers.h"
#include "hand_types.h"

namespace sashite::testing {

template <class S, class T>
struct MateCombo {
  using Solver = S;
  using Table = T;
};

template <template <class> class S, class Tables> struct WithEachTable;
template <template <class> class S, class... T>
struct WithEachTable<S, std::tuple<T...>> {
  using type = std::tuple<MateCombo<S<T>, T>...>;
};

#define SASHITE_MATE_COMBOS(S) , std::declval<typename WithEachTable<mate::S, mate::RegisteredMateTables>::type>()
using MateCombosTuple = decltype(std::tuple_cat(std::tuple<>() SASHITE_FOR_EACH_MATE_SOLVER(SASHITE_MATE_COMBOS)));
#undef SASHITE_MATE_COMBOS
using MateCombos = AsGTestTypes<MateCombosTuple>::type;

struct MateComboNames {
  template <class C>
  static std::string GetName(int) {
    std::string n = std::string(C::Solver::name) + "_" + C::Table::name;
    std::replace(n.begin(), n.end(), '-', '_');
    return n;
  }
};

}  // namespace sashite::testing
