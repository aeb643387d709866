// The differential generator as a registered generator (movegen/generators.h).
#pragma once

#include "movegen_diff/diff_position.h"

namespace sashite {

// Caches GenType::Legal, the search's complete set (no useless non-promotions). The search asks
// for categories, and serves none of them from the kept attack sets: on the search's own node
// sequence (bench node_replay) each category costs less from the full generator than sync() plus
// the kept-set path (FINDINGS.md F-diff-search). The position stays lazy, so the build pays only
// its id maps.
inline constexpr uint32_t kKeptInSearch = 0;
struct DiffGenerator {
  static constexpr const char* name = "diff";
  template <HandLayout H>
  using Position = DiffPosition<H, GenType::Legal, DefaultDirtyKernel, kKeptInSearch>;
  template <HandLayout H>
  using PerftPosition = DiffPosition<H, GenType::LegalAll>;  // perft counts every non-promotion
};

}  // namespace sashite
