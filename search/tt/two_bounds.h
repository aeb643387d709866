// 謎電 (2005), two-bound TT entry: a lower and an upper bound instead of one value and a bound
// type, so a fail-high and a fail-low of one position at one depth both stay (an exact value
// stores the same number in both).
//   entry, 12 bytes:  key16 0-1 | move16 2-3 | lower16 4-5 | upper16 6-7 | eval16 8-9 | depth8 10 | gen8 11
//                     gen8 = age (bits 2-7) | spare (bits 0-1)
//   bucket, 64 bytes: entries 0-59 (five) | padding 60-63: one cache line
// Five 12-byte entries per line against the classic's six 10-byte ones: the price of the bound.
#pragma once

#include <algorithm>

#include "search/tt/table.h"

namespace sashite {

namespace tt::two_bounds {
struct Entry {
  uint16_t key16;
  uint16_t move16;
  int16_t lower16;
  int16_t upper16;
  int16_t eval16;
  uint8_t depth8;
  uint8_t gen8;
};
struct alignas(64) Bucket {
  static constexpr int kEntries = 5;
  Entry entry[kEntries];
  char padding[4];
};
static_assert(sizeof(Entry) == 12 && sizeof(Bucket) == 64);
}  // namespace tt::two_bounds

template <KeyScheme S>
class TwoBoundsTT : public tt::Buckets<tt::two_bounds::Bucket, S> {
  using Base = tt::Buckets<tt::two_bounds::Bucket, S>;

 public:
  static constexpr const char* name = "two-bounds";
  using Entry = tt::two_bounds::Entry;
  using Bucket = tt::two_bounds::Bucket;
  using Base::Base;

  bool probe(Key k, TTData& out) const {
    const Entry* e = this->find(k);
    if (!e) return Base::miss(out);
    out = {Move(e->move16), Value(e->lower16), Value(e->upper16), Value(e->eval16), e->depth8 + tt::kDepthOffset};
    return true;
  }

  // A new key, a deeper search or an earlier search's entry starts from (-inf, +inf) at the new
  // depth; the same depth tightens (a lower bound only raises `lower`, an upper bound only lowers
  // `upper`, exact sets both; when they cross the new bound wins and the other resets); a
  // shallower result of this search leaves the bounds alone. depth in -6..248 (tt::kDepthOffset).
  void store(Key k, Move m, Value v, Bound b, int depth, Value eval) {
    const uint16_t k16 = Base::check_of(k);
    const uint8_t gen = this->generation();
    const uint8_t d8 = uint8_t(depth - tt::kDepthOffset);
    Entry& e = tt::slot(this->bucket(k), k16, gen);
    const bool same = e.key16 == k16 && e.depth8;
    if (m != MOVE_NONE || !same) e.move16 = m;  // a fail-low's MOVE_NONE keeps the known move
    if (eval != VALUE_NONE || !same) e.eval16 = int16_t(eval);
    if (!same || d8 > e.depth8 || tt::relative_age(gen, e.gen8)) {
      e.lower16 = int16_t(b & BOUND_LOWER ? v : -VALUE_INFINITE);
      e.upper16 = int16_t(b & BOUND_UPPER ? v : VALUE_INFINITE);
      e.depth8 = d8;
    } else if (d8 == e.depth8) {
      if (b == BOUND_EXACT) {
        e.lower16 = e.upper16 = int16_t(v);
      } else if (b == BOUND_LOWER) {
        e.lower16 = int16_t(std::max<Value>(e.lower16, v));
        if (e.lower16 > e.upper16) e.upper16 = int16_t(VALUE_INFINITE);
      } else if (b == BOUND_UPPER) {
        e.upper16 = int16_t(std::min<Value>(e.upper16, v));
        if (e.upper16 < e.lower16) e.lower16 = int16_t(-VALUE_INFINITE);
      }
    }
    e.key16 = k16;
    e.gen8 = gen;  // seen in this search, whatever it kept
  }
};

}  // namespace sashite
