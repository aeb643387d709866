// Slider method `ray_walk`: square by square from the piece until the edge or the first
// occupied square (included). No table but the square masks; the baseline of bench
// `attacks` and the reference of tests/sliders_test.cpp.
#pragma once

#include <initializer_list>
#include <utility>

#include "engine/sliders/method.h"

namespace sashite {

struct RayWalkSliders {
  static constexpr const char* name = "ray_walk";
  static constexpr unsigned own = kSliderAll;

  static Bitboard walk(Square s, const Bitboard& occ, std::initializer_list<std::pair<int, int>> dirs) {
    Bitboard a;
    for (auto [df, dr] : dirs) {
      int f = file_of(s) + df, r = rank_of(s) + dr;
      while (unsigned(f) < 9 && unsigned(r) < 9) {
        const Square t = make_square(File(f), Rank(r));
        a |= square_bb(t);
        if (occ.test(t)) break;
        f += df, r += dr;
      }
    }
    return a;
  }

  template <Color C>
  static Bitboard lance(Square s, const Bitboard& occ) {
    return walk(s, occ, {{0, C == BLACK ? -1 : 1}});
  }
  static Bitboard rook_file(Square s, const Bitboard& occ) { return walk(s, occ, {{0, 1}, {0, -1}}); }
  static Bitboard rook_rank(Square s, const Bitboard& occ) { return walk(s, occ, {{1, 0}, {-1, 0}}); }
  static Bitboard rook(Square s, const Bitboard& occ) { return walk(s, occ, {{0, 1}, {0, -1}, {1, 0}, {-1, 0}}); }
  static Bitboard bishop(Square s, const Bitboard& occ) { return walk(s, occ, {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}); }
};

}  // namespace sashite
