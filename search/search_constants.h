// The search's margins and scales by name, one registry line each: the values search.h reads
// (SearchParams::constants), the USI option SearchTune that sets any of them as "name=value,..."
// (for tuning runs through the match runner: scripts/spsa.py --option SearchTune), and the tests
// that check each one reaches the tree. The shapes are Stockfish's; the values started at about
// half its scale (its pawn is ~200, this evaluation's 100) and are now those of an SPSA run
// (scripts/spsa.py) that passed its SPRT against them (FINDINGS.md F-search-constants);
// singular_per_depth was not tuned.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace sashite {

// X(name, default, min, max, where the search reads it)
#define SASHITE_FOR_EACH_SEARCH_CONSTANT(X)                                                                         \
  X(reverse_futility_per_depth, 130, 40, 300, "static null move: eval - this x (depth - improving) >= beta")        \
  X(razor_base, 419, 100, 1000, "razoring: eval < alpha - base - per_depth2 x depth^2 asks quiescence")             \
  X(razor_per_depth2, 331, 50, 600, "razoring's depth^2 term")                                                      \
  X(null_eval_divisor, 239, 80, 500, "null move: one ply more reduction per this much eval above beta (at most 3)") \
  X(probcut_margin, 181, 60, 400, "ProbCut's beta: beta + margin - improving term")                                 \
  X(probcut_improving, 70, 0, 150, "ProbCut's margin less this when improving")                                     \
  X(move_count_base, 5, 0, 10, "move-count pruning: quiets past (base + depth^2) / (2 - improving) are skipped")    \
  X(futility_base, 108, 30, 300, "move loop: a quiet with eval + base + per_depth x lmr depth <= alpha is skipped") \
  X(futility_per_depth, 125, 40, 250, "the move-loop futility margin per ply of lmr depth")                         \
  X(see_capture_per_depth, 109, 40, 300, "captures and checks losing more than this x depth by SEE are skipped")    \
  X(see_quiet_per_depth2, 26, 5, 80, "quiets losing more than this x lmr depth^2 by SEE are skipped")               \
  X(singular_per_depth, 2, 1, 8, "singular extension: the search below the TT bound by this x depth")               \
  X(singular_double_margin, 42, 10, 120, "a move singular by this much more (off the PV) is extended twice")        \
  X(lmr_base_percent, 67, 0, 150, "late-move reduction: (base + scale x ln(depth) ln(move number)) / 100 plies")    \
  X(lmr_scale_percent, 69, 20, 100, "the reduction's ln(depth) ln(move number) scale")                              \
  X(lmr_history_divisor, 8538, 2000, 20000, "one ply less reduction per this much quiet history")                   \
  X(qsearch_futility, 229, 50, 500,                                                                                 \
    "quiescence: a capture that cannot lift eval + its victim + this to alpha is skipped")                          \
  X(aspiration_delta, 40, 10, 120, "the root's first window half-width around the last score")

enum SearchConstant : int {
#define SASHITE_CONSTANT_ENUM(name, value, lo, hi, what) k_##name,
  SASHITE_FOR_EACH_SEARCH_CONSTANT(SASHITE_CONSTANT_ENUM)
#undef SASHITE_CONSTANT_ENUM
      kSearchConstantCount
};

struct SearchConstantInfo {
  std::string_view name;
  int value, min, max;
  std::string_view summary;
};

inline constexpr SearchConstantInfo kSearchConstants[] = {
#define SASHITE_CONSTANT_INFO(name, value, lo, hi, what) {#name, value, lo, hi, what},
    SASHITE_FOR_EACH_SEARCH_CONSTANT(SASHITE_CONSTANT_INFO)
#undef SASHITE_CONSTANT_INFO
};
static_assert(std::size(kSearchConstants) == kSearchConstantCount);
static_assert([] {
  for (const SearchConstantInfo& c : kSearchConstants)
    if (!(c.min <= c.value && c.value <= c.max)) return false;
  return true;
}());

using SearchConstants = std::array<int, kSearchConstantCount>;
inline constexpr SearchConstants kDefaultSearchConstants = [] {
  SearchConstants v{};
  for (int i = 0; i < kSearchConstantCount; ++i) v[size_t(i)] = kSearchConstants[i].value;
  return v;
}();

// The defaults with the named ones replaced: "name=value" pairs split by commas or spaces, each
// within its registry range (a divisor cannot reach 0). The error names the first bad pair.
std::optional<std::string> parse_search_constants(std::string_view text, SearchConstants& out);

}  // namespace sashite
