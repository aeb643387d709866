// Registry of the mate solvers (interface: mate/solver.h). A new solver is one header
// and one line in SASHITE_FOR_EACH_MATE_SOLVER (and, if it keeps its own kind of table, one
// MateTablesOf line); the USI option MateSolver, the tests, the bench and mate_report iterate
// the list.
#pragma once

#include "base/registry.h"
#include "mate/and_or.h"
#include "mate/df_pn.h"
#include "mate/mate_tables.h"
#include "mate/unbounded_df_pn.h"

#define SASHITE_FOR_EACH_MATE_SOLVER(X) \
  X(AndOrSolver)                        \
  X(DfPnSolver)                         \
  X(UnboundedDfPnSolver)

namespace sashite::mate {

// Each solver is a template over the table layout: the list holds them as Template<S>.
using RegisteredMateSolvers = SASHITE_TEMPLATE_LIST(SASHITE_FOR_EACH_MATE_SOLVER);

// The table layouts a solver runs over: the depth-keyed records, unless it keeps its own kind.
template <class S>
struct MateTablesOf {
  using type = RegisteredMateTables;
};
template <>
struct MateTablesOf<Template<UnboundedDfPnSolver>> {
  using type = RegisteredPnDnTables;
};

static_assert(all_types<RegisteredMateSolvers>([]<class S> {
  using Table = TypeAt<0, typename MateTablesOf<S>::type>;
  return MateSolver<typename S::template With<Table>, Table>;
}));

// Calls f.template operator()<S<T>, T>() for every registered solver S and each of its table
// layouts T, solvers outermost.
template <class F>
void for_each_mate_solver_and_table(F&& f) {
  for_each_type<RegisteredMateSolvers>([&]<class S>() {
    for_each_type<typename MateTablesOf<S>::type>(
        [&]<class T>() { f.template operator()<typename S::template With<T>, T>(); });
  });
}

// Every (solver, table) pair as a list of MateCombo (typed tests).
template <class S, class T>
struct MateCombo {
  using Solver = S;
  using Table = T;
};
namespace detail {
template <class S, class Tables>
struct CombosOf;
template <class S, class... Ts>
struct CombosOf<S, TypeList<Ts...>> {
  using type = TypeList<MateCombo<typename S::template With<Ts>, Ts>...>;
};
template <class Solvers>
struct AllCombos;
template <class... Ss>
struct AllCombos<TypeList<Ss...>> {
  using type = ConcatTypes<typename CombosOf<Ss, typename MateTablesOf<Ss>::type>::type...>;
};
}  // namespace detail
using RegisteredMateCombos = detail::AllCombos<RegisteredMateSolvers>::type;

}  // namespace sashite::mate
