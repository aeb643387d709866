// Hand pairs for the superiority tests: a reduced exhaustive domain and seeded random pairs,
// as per-kind counts that every layout can be built from.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>

#include "hand/layouts.h"
#include "movegen_full/random_walk.h"

namespace sashite::testing {

// Every registered hand type (hand/layouts.h) as a typed-test list.
template <class Tuple> struct AsGTestTypes;
template <class... Hs> struct AsGTestTypes<std::tuple<Hs...>> { using type = ::testing::Types<Hs...>; };
using GTestHandTypes = AsGTestTypes<RegisteredHands>::type;

using Counts = std::array<int, RAW_END>;  // [pr], entry 0 unused

template <HandLayout H>
H make_hand(const Counts& c) {
  H h;
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) h.set(pr, c[pr]);
  return h;
}

// Every hand whose counts are 0, 1 or the maximum (pawn also 17): the boundary values where a
// borrow or a full field shows, in every combination of kinds (4 * 3^6 = 2916 hands).
inline std::vector<Counts> boundary_hands() {
  std::vector<Counts> out;
  Counts c{};
  auto rec = [&](auto&& self, PieceType pr) -> void {
    if (pr == RAW_END) { out.push_back(c); return; }
    const int m = max_in_hand(pr);
    for (int v : {0, 1, m - 1, m}) {
      if (pr != PAWN && v == m - 1 && m - 1 != 1) continue;  // 17 for pawns only
      if (v == m - 1 && v == 1) continue;                      // bishop/rook: 0, 1, 2
      c[pr] = v;
      self(self, pr + 1);
    }
  };
  rec(rec, RAW_BEGIN);
  return out;
}

// Random pairs: a third independent, the rest b = a nudged by -1..+1 on a few kinds (so that
// both answers occur), every count clamped to its real maximum; every 64th pair is all-maxima.
inline std::vector<std::pair<Counts, Counts>> random_pairs(size_t n, uint64_t seed) {
  Rng rng(seed);
  std::vector<std::pair<Counts, Counts>> out;
  out.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    Counts a{}, b{};
    for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) a[pr] = int(rng.below(max_in_hand(pr) + 1));
    if (i % 64 == 0)
      for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) a[pr] = max_in_hand(pr);
    if (i % 3 == 0) {
      for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) b[pr] = int(rng.below(max_in_hand(pr) + 1));
    } else {
      b = a;
      for (int k = int(rng.below(3)); k >= 0; --k) {
        const PieceType pr = PieceType(int(RAW_BEGIN) + int(rng.below(RAW_END - RAW_BEGIN)));
        b[pr] = std::clamp(b[pr] + int(rng.below(3)) - 1, 0, max_in_hand(pr));
      }
    }
    out.emplace_back(a, b);
  }
  return out;
}

}  // namespace sashite::testing
