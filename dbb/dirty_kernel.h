// The dirty-flag kernel interface (seed 003, stage 1 of differential generation): given the
// per-piece attack sets and a move's from/to, the mask of pieces whose attacks touch either
// square, bit i = piece id i (dbb/piece_attacks.h). Drops pass from == to.
//
// A kernel is a type with
//   kName                         its benchmark/registry name,
//   available()                   false when this CPU cannot run it (AVX-512 on an AVX2 box),
//   dirty22(attacks, from, to)    bits 0..21, the attack-word pieces,
// and optionally dirty40(...) when it computes all 40 bits its own way; otherwise the pawn
// part (pawn_dirty) is ORed in. Most kernels are a word body on one DBB window: OnWindow<Body>
// selects the window and the two-square mask and calls Body::run(words, mask).
#pragma once

#include <concepts>
#include <cstdint>

#include "dbb/dbb.h"
#include "dbb/piece_attacks.h"

namespace sashite::dbb {

template <class K>
concept DirtyKernel = requires(const PieceAttacks& pa, Square from, Square to) {
  { K::kName } -> std::convertible_to<const char*>;
  { K::available() } -> std::same_as<bool>;
  { K::dirty22(pa, from, to) } -> std::same_as<uint64_t>;
};

// Pawn-kind pieces (ids 22..39): the inverted table, two loads.
inline uint64_t pawn_dirty(const PieceAttacks& pa, Square from, Square to) {
  return pa.pawn_hits[from] | pa.pawn_hits[to];
}

template <DirtyKernel K>
inline uint64_t dirty40(const PieceAttacks& pa, Square from, Square to) {
  if constexpr (requires { K::dirty40(pa, from, to); })
    return K::dirty40(pa, from, to);
  else
    return K::dirty22(pa, from, to) | pawn_dirty(pa, from, to);
}

template <DirtyKernel K>
inline uint64_t dirty_mask(int pieces, const PieceAttacks& pa, Square from, Square to) {
  return pieces == kWordPieces ? K::dirty22(pa, from, to) : dirty40<K>(pa, from, to);
}

// A kernel made of a body over the 22 (padded 24) words of one window.
template <class Body>
struct OnWindow {
  static uint64_t dirty22(const PieceAttacks& pa, Square from, Square to) {
    const MoveWindow mw = move_window(from, to);
    return Body::run(pa.words.w[mw.window], mw.mask);
  }
};

}  // namespace sashite::dbb
