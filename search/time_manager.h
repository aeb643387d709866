// TEMPORARY stand-in (replaced by branch tm's version at merge).
#pragma once
#include "search/limits.h"
namespace sashite {
struct TimeBudget { int64_t optimum_ms; int64_t maximum_ms; };
TimeBudget plan_time(const SearchLimits& limits, Color us, int game_ply, int64_t move_overhead_ms);
}  // namespace sashite
