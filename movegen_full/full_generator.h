// The full generator as a registered generator (movegen/generators.h): BasicPosition<H>, which
// generates every category from the bitboards on each request.
#pragma once

#include "movegen_full/movegen.h"

namespace sashite {

struct FullGenerator {
  static constexpr const char* name = "full";
  template <HandLayout H>
  using Position = BasicPosition<H>;
  template <HandLayout H>
  using PerftPosition = BasicPosition<H>;
};

}  // namespace sashite
