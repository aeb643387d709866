// The classic entry, as Stockfish lays it out: one value and its bound type.
//   entry, 10 bytes:  key16 0-1 | move16 2-3 | value16 4-5 | eval16 6-7 | depth8 8 | gen8 9
//                     gen8 = age (bits 2-7) | bound (bits 0-1)
//   bucket, 32 bytes: entry 0-9 | entry 10-19 | entry 20-29 | padding 30-31 (two per cache line)
// A fail-high and a fail-low of one position at one depth cannot both stay: the later wins.
#pragma once

#include "search/tt/table.h"

namespace sashite {

template <KeyScheme S>
class ClassicTT {
 public:
  static constexpr const char* name = "classic";
  static constexpr KeyScheme key_scheme = S;

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

  explicit ClassicTT(size_t mb = 1) { table_.resize(mb); }
  void resize(size_t mb) { table_.resize(mb); }
  void clear() { table_.clear(); }
  void new_search() { table_.new_search(); }
  int hashfull() const { return table_.hashfull(); }
  void prefetch(Key k) const { table_.prefetch(k); }
  size_t bucket_count() const { return table_.size(); }
  size_t bucket_of(Key k) const { return table_.index(k); }
  static uint16_t check_of(Key k) { return tt::Slot<S>::check(k); }

  // On a miss `out` says nothing is known: (MOVE_NONE, -inf, +inf, VALUE_NONE, depth -7).
  bool probe(Key k, TTData& out) const {
    const uint16_t k16 = check_of(k);
    for (const Entry& e : table_.bucket(k).entry)
      if (e.key16 == k16 && e.depth8) {
        const Value v = e.value16;
        const int b = e.gen8 & BOUND_EXACT;
        out = {Move(e.move16), b & BOUND_LOWER ? v : -VALUE_INFINITE, b & BOUND_UPPER ? v : VALUE_INFINITE,
               Value(e.eval16), e.depth8 + tt::kDepthOffset};
        return true;
      }
    out = {MOVE_NONE, -VALUE_INFINITE, VALUE_INFINITE, VALUE_NONE, tt::kDepthOffset};
    return false;
  }

  // depth in -6..248 (tt::kDepthOffset).
  void store(Key k, Move m, Value v, Bound b, int depth, Value eval) {
    const uint16_t k16 = check_of(k);
    const uint8_t gen = table_.generation();
    Entry& e = tt::slot(table_.bucket(k), k16, gen);
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

 private:
  tt::Buckets<Bucket, S> table_;
};

}  // namespace sashite
