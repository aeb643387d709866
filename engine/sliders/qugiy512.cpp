#include "engine/sliders/qugiy512.h"

#ifdef SASHITE_HAS_QUGIY512
#include "engine/sliders/rays.h"

namespace sashite {
namespace {

using slider_tables::ray;

constexpr uint64_t reverse_bits(uint64_t x) {
  uint64_t r = 0;
  for (int i = 0; i < 64; ++i) r |= (x >> i & 1) << (63 - i);
  return r;
}
// The bitboard as one 128-bit value p[1]:p[0] with its bit order reversed.
constexpr Bitboard bit_reversed(const Bitboard& b) { return {reverse_bits(b.p[1]), reverse_bits(b.p[0])}; }

constexpr Qugiy512Tables build() {
  Qugiy512Tables t{};
  for (Square s = SQ_ZERO; s < SQ_NB; ++s)
    t.rook[s] = {{ray(s, 0, 1), ray(s, 1, 0), bit_reversed(ray(s, -1, 0)), bit_reversed(ray(s, 0, -1))}};
  return t;
}

}  // namespace

constinit const Qugiy512Tables kQugiy512Tables = build();

}  // namespace sashite
#endif
