// Shared sizing and indexing of the mate-table layouts.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

#include "engine/types.h"

namespace sashite::mate::detail {

// The largest power of two of records that fits in `bytes` (at least 1024).
inline size_t pow2_records(size_t bytes, size_t record_size) {
  const size_t n = bytes / record_size;
  return n < 1024 ? 1024 : std::bit_floor(n);
}

// Fibonacci hashing: the board key's low bits also carry the side to move under XOR keys.
inline size_t home_index(Key board, size_t mask) { return size_t((board * 0x9E3779B97F4A7C15ull) >> 20) & mask; }

}  // namespace sashite::mate::detail
