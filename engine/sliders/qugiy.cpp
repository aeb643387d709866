#include "engine/sliders/qugiy.h"

#include "engine/sliders/rays.h"

namespace sashite {
namespace {

using slider_tables::byte_reversed;
using slider_tables::ray;

constexpr QugiyTables build() {
  QugiyTables t{};
  for (Square s = SQ_ZERO; s < SQ_NB; ++s) {
    t.orthogonal[s].rank[0] = ray(s, 1, 0);
    t.orthogonal[s].rank[1] = byte_reversed(ray(s, -1, 0));
    t.orthogonal[s].file[0] = ray(s, 0, 1);
    t.orthogonal[s].file[1] = ray(s, 0, -1);
    t.diagonal[s].rising[0] = ray(s, 1, 1);
    t.diagonal[s].rising[1] = ray(s, 1, -1);
    t.diagonal[s].falling_reversed[0] = byte_reversed(ray(s, -1, 1));
    t.diagonal[s].falling_reversed[1] = byte_reversed(ray(s, -1, -1));
  }
  return t;
}

// What the method rests on, checked on the tables themselves: no two squares of a ray the
// subtraction runs on share a byte, so the byte reversal reverses each ray's order.
constexpr bool one_square_per_byte(const Bitboard& b) {
  for (int i = 0; i < 8; ++i)
    if (__builtin_popcountll(b.p[0] >> (8 * i) & 0xff) > 1 || __builtin_popcountll(b.p[1] >> (8 * i) & 0xff) > 1)
      return false;
  return true;
}
constexpr bool reversible(const QugiyTables& t) {
  for (Square s = SQ_ZERO; s < SQ_NB; ++s)
    if (!one_square_per_byte(t.orthogonal[s].rank[1]) || !one_square_per_byte(t.diagonal[s].falling_reversed[0]) ||
        !one_square_per_byte(t.diagonal[s].falling_reversed[1]))
      return false;
  return true;
}

}  // namespace

constinit const QugiyTables kQugiyTables = build();
static_assert(reversible(build()));

}  // namespace sashite
