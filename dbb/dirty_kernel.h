// The dirty-flag kernel interface (stage 1 of LS3600, differential generation (2009)): given the
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
#include <utility>

#include "dbb/dbb.h"
#include "dbb/piece_attacks.h"

namespace sashite::dbb {

template <class K>
concept DirtyKernel = requires(const PieceAttacks& pa, Square from, Square to) {
  { K::kName } -> std::convertible_to<const char*>;
  { K::available() } -> std::same_as<bool>;
  { K::dirty22(pa, from, to) } -> std::same_as<uint64_t>;
};

// The default available(): the library already requires x86-64-v3 (AVX2, BMI2), so a kernel
// that needs nothing more runs on every supported CPU. Others hide it with their own.
struct AnyCpu {
  static bool available() { return true; }
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

// A kernel made of a body over the 22 (padded 24) words of the move's window:
// Body::run(that window's words, mask), or Body::run(all windows, MoveWindow) for a body that
// specialises on the window itself (dbb/kernels/jit.h).
template <class Body>
struct OnWindow : AnyCpu {
  static uint64_t dirty22(const PieceAttacks& pa, Square from, Square to) {
    const MoveWindow mw = move_window(from, to);
    if constexpr (requires { Body::run(pa.words, mw); })
      return Body::run(pa.words, mw);
    else
      return Body::run(pa.words.w[mw.window], mw.mask);
  }
};

// A body of one inline-asm Step per piece, the last piece first so that piece i ends in bit
// i; expanded from a fold, so the 22 steps are straight-line code whatever the optimiser's
// unrolling limits. Step::step(acc, word, mask) updates the accumulator, Step::finish fixes it.
//
// LS3600's (differential generation, 2009) steps share their head, `mov t, [word]; and t, mask; neg t` (CF = t != 0),
// and differ in the tail that folds CF into the accumulator: this defines step() from the tail.
#define SASHITE_NEG_CARRY_STEP(tail)                                     \
  static void step(uint64_t& acc, const uint64_t& word, uint64_t mask) { \
    uint64_t t;                                                          \
    asm("mov %[w], %[t]\n\tand %[m], %[t]\n\tneg %[t]\n\t" tail          \
        : [t] "=&r"(t), [acc] "+r"(acc)                                  \
        : [w] "m"(word), [m] "r"(mask)                                   \
        : "cc");                                                         \
  }
template <class Step>
struct StepChainBody {
  static uint64_t run(const uint64_t* words, uint64_t mask) {
    uint64_t acc = 0;
    [&]<size_t... I>(std::index_sequence<I...>) { (Step::step(acc, words[kWordPieces - 1 - I], mask), ...); }
    (std::make_index_sequence<kWordPieces>{});
    return Step::finish(acc);
  }
};

}  // namespace sashite::dbb
