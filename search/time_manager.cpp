#include "search/time_manager.h"

#include <algorithm>

namespace sashite {

TimeBudget plan_time(const SearchLimits& limits, Color us, int game_ply, int64_t move_overhead_ms) {
  if (limits.infinite) return {kNoTimeLimit, kNoTimeLimit};
  const int64_t overhead = std::max<int64_t>(move_overhead_ms, 0);
  TimeBudget b{kNoTimeLimit, kNoTimeLimit};

  if (limits.movetime > 0) {
    const int64_t t = std::max(limits.movetime - overhead, kMinThinkMs);
    b = {t, t};
  }
  if (!limits.uses_clock()) return b;

  const int64_t remaining = std::max<int64_t>(limits.time[us], 0);
  // Byoyomi and increment both given (some GUIs send both): only the larger is counted, which
  // is safe whether the GUI meant two allowances or one allowance said twice.
  const int64_t per_move = std::max({limits.byoyomi, limits.inc[us], int64_t(0)});
  // Everything this move may use, kept strictly under the flag. The increment is not counted
  // here: GUIs differ on whether the btime they send already holds this move's increment, and
  // counting it twice loses on time; it still enters the planned share below.
  const int64_t hard = remaining + std::max<int64_t>(limits.byoyomi, 0) - overhead - 1;
  if (hard < kMinThinkMs) return {kMinThinkMs, kMinThinkMs};

  // The main time is spread over the moves still to come: 40 at the start, down to 20 from
  // move 40 on (games rarely end before move 80; later moves get a larger share). The per-move
  // allowance is spent whole: unused byoyomi is lost, and spending the increment keeps the
  // main time where it was. The overhead is lost on every move, so it comes off too.
  const int64_t moves_to_go = 40 - std::min(std::max(game_ply, 0) / 2, 20);
  const int64_t main_share = remaining / moves_to_go;
  // Up to 4 shares on a hard move, never more than 80% of the main time: a long think
  // leaves the next moves something.
  const int64_t main_max = std::min(4 * main_share, remaining * 4 / 5);
  const int64_t maximum = std::max(std::min(hard, main_max + per_move - overhead), kMinThinkMs);
  const int64_t optimum = std::clamp(main_share + per_move - overhead, kMinThinkMs, maximum);
  return {std::min(optimum, b.optimum_ms), std::min(maximum, b.maximum_ms)};
}

}  // namespace sashite
