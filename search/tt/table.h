// What the TT layouts share: the key scheme's slot and 16-bit check (hand/key_scheme.h), the generation byte,
// and the bucket array (a power of two of 64-byte buckets, allocated by resize only, on huge
// pages: base/large_memory.h).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>

#include "base/large_memory.h"
#include "hand/key_scheme.h"
#include "search/tt/tt.h"

namespace sashite::tt {

// Values, bounds and evals travel as int16.
static_assert(VALUE_INFINITE <= INT16_MAX && VALUE_NONE <= INT16_MAX && -VALUE_INFINITE >= INT16_MIN);

// Stored depth: depth8 = depth - kDepthOffset, so depths -6..248 fit and depth8 == 0 marks an
// empty entry (clear() zeroes).
inline constexpr int kDepthOffset = -7;

// The generation byte: the age in the 6 high bits, 2 low bits free (the classic entry's bound).
// 64 searches before an age wraps.
inline constexpr uint8_t kGenerationDelta = 4;
inline constexpr uint8_t kGenerationMask = 0xFC;
// Searches since an entry's generation byte was written, 0..63.
constexpr int relative_age(uint8_t generation, uint8_t gen8) {
  return uint8_t(generation - (gen8 & kGenerationMask)) / kGenerationDelta;
}
// Victim order: Stockfish's depth - 8 * age (one search of age outweighs 8 plies of depth).
template <class Entry>
constexpr int worth(const Entry& e, uint8_t generation) {
  return e.depth8 - 8 * relative_age(generation, e.gen8);
}

// Where a store goes: the key's own entry or an empty one, else the lowest worth.
template <class Bucket>
auto& slot(Bucket& bucket, uint16_t k16, uint8_t generation) {
  for (auto& e : bucket.entry)
    if (e.key16 == k16 || !e.depth8) return e;
  auto* victim = &bucket.entry[0];
  for (auto& e : bucket.entry)
    if (worth(e, generation) < worth(*victim, generation)) victim = &e;
  return *victim;
}

// The part of a TT layout that is not its entry: the bucket array, sizing, ageing, hashfull,
// prefetch, the scheme's slot and check, and finding a key's entry. A layout derives from it
// and adds probe() and store(). Bucket needs `entry[kEntries]`, each with key16, depth8, gen8.
template <class Bucket, KeyScheme S>
class Buckets {
 public:
  using Keys = S;
  explicit Buckets(size_t mb = 1) { resize(mb); }

  static constexpr size_t kAlign = 64;
  static_assert(kAlign % alignof(Bucket) == 0 && kAlign % sizeof(Bucket) == 0, "a bucket never straddles a line");
  static_assert(std::is_trivially_copyable_v<Bucket>, "clear() zeroes with memset");

  // mb < 1 counts as 1: at least 2^14 buckets, so multiplicative's shift (64 - bits) stays < 64.
  void resize(size_t mb) {
    const size_t n = std::bit_floor(std::max<size_t>(std::max<size_t>(mb, 1) * 1024 * 1024 / sizeof(Bucket), 1));
    if (n != count_) {
      table_.reset();  // free before allocating: two large tables need not coexist
      try {
        table_ = LargeArray<Bucket>(n);
      } catch (const std::bad_alloc&) {
        if (count_) table_ = LargeArray<Bucket>(count_);  // the old size again, then report
        clear();
        throw;
      }
      count_ = n;
      bits_ = std::countr_zero(n);
    }
    clear();
  }
  void clear() {
    std::memset(static_cast<void*>(table_.get()), 0, count_ * sizeof(Bucket));
    generation_ = 0;
  }
  void new_search() { generation_ = uint8_t(generation_ + kGenerationDelta); }
  uint8_t generation() const { return generation_; }

  static uint16_t check_of(Key k) { return S::tt_check(k); }
  size_t bucket_of(Key k) const { return size_t(S::tt_index(k, bits_)); }
  size_t bucket_count() const { return count_; }
  void prefetch(Key k) const { __builtin_prefetch(&table_[bucket_of(k)]); }

  // Stockfish's sample: the entries of the first 1000 buckets written in this search.
  int hashfull() const {
    const size_t sample = std::min<size_t>(1000, count_);
    size_t used = 0;
    for (size_t i = 0; i < sample; ++i)
      for (const auto& e : table_[i].entry) used += e.depth8 && (e.gen8 & kGenerationMask) == generation_;
    return int(used * 1000 / (sample * Bucket::kEntries));
  }

 protected:
  Bucket& bucket(Key k) { return table_[bucket_of(k)]; }
  using Entry = std::remove_cvref_t<decltype(std::declval<Bucket&>().entry[0])>;
  // The key's entry, or nullptr.
  const Entry* find(Key k) const {
    const uint16_t k16 = check_of(k);
    for (const Entry& e : table_[bucket_of(k)].entry)
      if (e.key16 == k16 && e.depth8) return &e;
    return nullptr;
  }
  // What a miss says: nothing is known.
  static bool miss(TTData& out) {
    out = {MOVE_NONE, -VALUE_INFINITE, VALUE_INFINITE, VALUE_NONE, kDepthOffset};
    return false;
  }

 private:
  LargeArray<Bucket> table_;
  size_t count_ = 0;
  int bits_ = 0;
  uint8_t generation_ = 0;
};

}  // namespace sashite::tt
