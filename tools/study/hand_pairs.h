// Hand domains as per-kind counts that every layout can be built from, and the tally of
// Bonanza's aggressive superiority over them (tests/hand_*_test.cpp check it, tools/repetition_study prints it).
#pragma once

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "hand/aggressive.h"
#include "hand/layouts.h"
#include "movegen_full/random_walk.h"

namespace sashite::study {

using Counts = std::array<int, RAW_END>;  // [pr], entry 0 unused
using CountPairs = std::vector<std::pair<Counts, Counts>>;

template <HandLayout H>
H make_hand(const Counts& c) {
  H h;
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) h.set(pr, c[pr]);
  return h;
}

// Every hand whose count of each kind is one of values(pr), in every combination of kinds.
template <class Values>
std::vector<Counts> every_combination(Values values) {
  std::vector<Counts> out{Counts{}};
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) {
    std::vector<Counts> next;
    for (const Counts& c : out)
      for (int v : values(pr)) {
        next.push_back(c);
        next.back()[pr] = v;
      }
    out = std::move(next);
  }
  return out;
}

// Counts 0, 1 or the maximum (pawn also 17): the boundary values where a borrow or a full
// field shows (4 * 3^6 = 2916 hands).
inline std::vector<Counts> boundary_hands() {
  return every_combination([](PieceType pr) {
    const int m = max_in_hand(pr);
    return pr == PAWN ? std::vector{0, 1, m - 1, m} : m == 2 ? std::vector{0, 1, 2} : std::vector{0, 1, m};
  });
}

// Counts 0, 1 or 2 of every kind (3^7 = 2187 hands): bit 1 of every field, which the boundary
// domain never sets for lance to gold (1 = 0b001, 4 = 0b100).
inline std::vector<Counts> small_count_hands() {
  return every_combination([](PieceType) { return std::vector{0, 1, 2}; });
}

// A domain is a hand list (every ordered pair of it, visited without storing the pairs) or an
// explicit pair list.
template <class F>
void for_each_pair(const std::vector<Counts>& hands, F&& f) {
  for (const Counts& a : hands)
    for (const Counts& b : hands) f(a, b);
}
template <class F>
void for_each_pair(const CountPairs& pairs, F&& f) {
  for (const auto& [a, b] : pairs) f(a, b);
}

// Random pairs: a third independent, the rest b = a nudged by -1..+1 on a few kinds (so that
// both answers occur), every count clamped to its real maximum; every 64th pair is all-maxima.
inline CountPairs random_pairs(size_t n, uint64_t seed) {
  Rng rng(seed);
  CountPairs out;
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

// Bonanza's aggressive superiority (hand/aggressive.h) against the exact test, over a domain.
struct AggressiveTally {
  size_t pairs = 0;
  size_t by_field = 0;                    // exact superiority
  size_t gained = 0;                      // corrected, not by_field: superior only by substitution
  size_t faithful_only = 0;               // faithful yes, corrected no (the in-place sums)
  size_t corrected_only = 0;              // corrected yes, faithful no
  size_t corrected_not_substitution = 0;  // corrected != by_substitution: must be 0
  size_t by_field_not_corrected = 0;      // by_field but not corrected: must be 0
};

template <class Domain>
AggressiveTally tally_aggressive(const Domain& domain) {
  AggressiveTally t;
  for_each_pair(domain, [&](const Counts& ca, const Counts& cb) {
    const auto a = make_hand<HandBonanza21>(ca), b = make_hand<HandBonanza21>(cb);
    const bool exact = superior_or_equal_by_field(a, b), corrected = aggressive::corrected(a, b),
               faithful = aggressive::bonanza_faithful(a, b);
    ++t.pairs;
    t.by_field += exact;
    t.gained += corrected && !exact;
    t.faithful_only += faithful && !corrected;
    t.corrected_only += corrected && !faithful;
    t.corrected_not_substitution += corrected != aggressive::by_substitution(a, b);
    t.by_field_not_corrected += exact && !corrected;
  });
  return t;
}

}  // namespace sashite::study
