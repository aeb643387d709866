#include "engine/sliders/bit_scan.h"

#include "engine/sliders/rays.h"

namespace sashite {
namespace {

constexpr BitScanTables build() {
  constexpr int kDiagonals[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  BitScanTables t{};
  for (int d = 0; d < 4; ++d)
    for (Square s = SQ_ZERO; s < SQ_NB; ++s) t.ray[d][s] = slider_tables::ray(s, kDiagonals[d][0], kDiagonals[d][1]);
  return t;
}

}  // namespace

constinit const BitScanTables kBitScanTables = build();

}  // namespace sashite
