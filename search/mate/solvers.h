// Registry of the mate solvers (interface: search/mate/solver.h). A new solver is one header
// and one line in SASHITE_FOR_EACH_MATE_SOLVER; the USI option MateSolver, the tests, the
// bench and mate_report iterate the list.
#pragma once

#include <tuple>

#include "search/mate/and_or.h"
#include "search/mate/df_pn.h"
#include "search/mate/mate_tables.h"

#define SASHITE_FOR_EACH_MATE_SOLVER(X) \
  X(AndOrSolver)                        \
  X(DfPnSolver)

namespace sashite::mate {

#define SASHITE_MATE_SOLVER_MODELS(S)                                                          \
  static_assert(MateSolver<S<MainOverflowTable<DefaultHand>>, MainOverflowTable<DefaultHand>>, \
                #S " models MateSolver");
SASHITE_FOR_EACH_MATE_SOLVER(SASHITE_MATE_SOLVER_MODELS)
#undef SASHITE_MATE_SOLVER_MODELS

// Calls f.template operator()<S<T>, T>() for every registered solver S and table layout T,
// solvers outermost.
template <class F>
void for_each_mate_solver_and_table(F&& f) {
  auto with_tables = [&]<template <class> class S>() {
    std::apply([&]<class... T>(T...) { (f.template operator()<S<T>, T>(), ...); }, RegisteredMateTables{});
  };
#define SASHITE_MATE_SOLVER_CALL(S) with_tables.template operator()<S>();
  SASHITE_FOR_EACH_MATE_SOLVER(SASHITE_MATE_SOLVER_CALL)
#undef SASHITE_MATE_SOLVER_CALL
}

}  // namespace sashite::mate
