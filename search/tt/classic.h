// The classic entry, as Stockfish lays it out: one value and its bound type.
//   entry, 10 bytes:  key16 0-1 | move16 2-3 | value16 4-5 | eval16 6-7 | depth8 8 | gen8 9
//                     gen8 = age (bits 2-7) | bound (bits 0-1)
//   bucket, 32 bytes: entry 0-9 | entry 10-19 | entry 20-29 | padding 30-31 (two per cache line)
// A fail-high and a fail-low of one position at one depth cannot both stay: the later wins.
#pragma once

#include "search/tt/table.h"

namespace sashite {

namespace tt::classic {
struct Entry {
  uint16_t key16;
  uint16_t move16;
  int16_t value16;
  int16_t eval16;
  uint8_t depth8;
  uint8_t gen8;
};
struct alignas(32) Bucket {
  static constexpr int kEntries = 3;
  Entry entry[kEntries];
  char padding[2];
};
static_assert(sizeof(Entry) == 10 && sizeof(Bucket) == 32);
}  // namespace tt::classic

template <KeyScheme S>
class ClassicTT : public tt::Buckets<tt::classic::Bucket, S> {
  using Base = tt::Buckets<tt::classic::Bucket, S>;

 public:
  static constexpr const char* name = "classic";
  using Entry = tt::classic::Entry;
  using Bucket = tt::classic::Bucket;
  using Base::Base;

  bool probe(Key k, TTData& out) const {
    const Entry* e = this->find(k);
    if (!e) return Base::miss(out);
    const Value v = e->value16;
    const int b = e->gen8 & BOUND_EXACT;
    out = {Move(e->move16), b & BOUND_LOWER ? v : -VALUE_INFINITE, b & BOUND_UPPER ? v : VALUE_INFINITE,
           Value(e->eval16), e->depth8 + tt::kDepthOffset};
    return true;
  }

  // depth in -6..248 (tt::kDepthOffset).
  void store(Key k, Move m, Value v, Bound b, int depth, Value eval) {
    const uint16_t k16 = Base::check_of(k);
    const uint8_t gen = this->generation();
    Entry& e = tt::slot(this->bucket(k), k16, gen);
    const bool same = e.key16 == k16 && e.depth8;
    if (m != MOVE_NONE || !same) e.move16 = m;  // a fail-low's MOVE_NONE keeps the known move
    // Stockfish's guard: a same-search result 4+ plies shallower and inexact does not overwrite.
    if (b == BOUND_EXACT || !same || depth - tt::kDepthOffset > e.depth8 - 4 || tt::relative_age(gen, e.gen8)) {
      e.key16 = k16;
      e.value16 = int16_t(v);
      e.eval16 = int16_t(eval);
      e.depth8 = uint8_t(depth - tt::kDepthOffset);
      e.gen8 = uint8_t(gen | b);
    }
  }
};

}  // namespace sashite
