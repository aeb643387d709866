// Transposition-table slot from a key: the candidates of merom686's (shogi686 hands, 2016) open question (does the
// additive key, whose hand bits sit in bytes 1..7, spread same-board positions badly over the
// low bits that pick a slot?). Studied by tools/tt_index_study, timed by bench "tt_index".
#pragma once

#include <cstdint>

#include "base/bmi2.h"
#include "engine/types.h"
#include "hand/layouts.h"

namespace sashite::tt_index {

// The count bits of hand64 (pawn 5 bits, bishop and rook 2, the others 3): 21 bits.
constexpr uint64_t kHand64CountBits = count_bits_mask<Hand64>();
static_assert(kHand64CountBits == 0x0703030707071f00);

constexpr uint64_t low_bits(Key k, int bits) { return k & ((uint64_t(1) << bits) - 1); }

// Fibonacci hashing: the top bits of k * 2^64/phi depend on every bit of k.
constexpr uint64_t multiplicative(Key k, int bits) { return (k * 0x9E3779B97F4A7C15ULL) >> (64 - bits); }

// PEXT gathers the 21 count bits of the (additive) key into bits 0..20 and XORs them into the
// low bits; the >> 5 folds the top five (rook, gold) into tables as small as 2^16.
inline uint64_t pext_fold(Key k, int bits) {
  const uint64_t p = _pext_u64(k, kHand64CountBits);
  return (k ^ p ^ (p >> 5)) & ((uint64_t(1) << bits) - 1);
}

// The schemes' own slots (hand/key_scheme.h) are the candidates this study chose for them.
static_assert(low_bits(0x0123456789abcdefULL, 20) == XorKeys::tt_index(0x0123456789abcdefULL, 20));
static_assert(multiplicative(0x0123456789abcdefULL, 20) == AdditiveKeys::tt_index(0x0123456789abcdefULL, 20));

}  // namespace sashite::tt_index
