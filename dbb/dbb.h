// Folder dbb/ (layer 4): the double-sized bitboard and the dirty-flag kernels; includes base/,
// hand/, engine/ (no generator).
//
// The double-sized bitboard (DBB) of LS3600, differential generation (2009): three 64-bit words holding overlapping
// windows of the 81 squares, so that the two squares of any move lie together in one word and a "does this attack set
// touch from or to?" test is one AND on one word.
//
//   word 0: bit i      = square i,       squares  0..63
//   word 1: bit i      = square i,       squares  0..16  (low 32-bit half)
//           bit 32 + i = square 64 + i,  squares 64..80  (high half)
//   word 2: bit i      = square 17 + i,  squares 17..80
//
// A pair with both squares in 0..63 uses word 0, both in 17..80 word 2; otherwise one square
// is below 17 and the other above 63, and word 1 holds exactly those two ends (LS3600's (differential generation, 2009)
// cases 0, 2 and 1). Squares are the core's file-major numbers (engine/types.h), so the
// windows are ranges of square numbers, not of ranks as in the post's rank-major board.
#pragma once

#include <array>
#include <cstdint>

#include "engine/bitboard.h"

namespace sashite::dbb {

enum Window : int { WINDOW_LOW = 0, WINDOW_ENDS = 1, WINDOW_HIGH = 2, WINDOW_NB = 3 };

constexpr int kHighBase = 17;  // square of word 2's bit 0
constexpr int kEndsHigh = 64;  // first square of word 1's high half
constexpr uint64_t kEndsLowMask = (1ULL << 17) - 1;

struct DBB {
  uint64_t w[WINDOW_NB];
  constexpr bool operator==(const DBB&) const = default;
  constexpr DBB operator|(const DBB& b) const { return {{w[0] | b.w[0], w[1] | b.w[1], w[2] | b.w[2]}}; }
};

// Core layout: p[0] = squares 0..62, p[1] bit j = square 63 + j.
constexpr DBB to_dbb(const Bitboard& b) {
  return {{b.p[0] | b.p[1] << 63,                          // square 63 is p[1] bit 0
           (b.p[0] & kEndsLowMask) | (b.p[1] >> 1) << 32,  // squares 64.. are p[1] bits 1..
           b.p[0] >> kHighBase | b.p[1] << (63 - kHighBase)}};
}
// Words 0 and 2 already cover the board; word 1 is redundant by construction.
constexpr Bitboard to_bitboard(const DBB& d) { return {d.w[0] & ~(1ULL << 63), d.w[2] >> (63 - kHighBase)}; }
// True when the three words agree on every square they share (what to_dbb produces).
constexpr bool is_consistent(const DBB& d) { return to_dbb(to_bitboard(d)) == d; }

constexpr DBB square_dbb_of(Square s) {
  DBB d{};
  if (s <= 63) d.w[0] = 1ULL << s;
  if (s < kHighBase) d.w[1] = 1ULL << s;
  if (s >= kEndsHigh) d.w[1] = 1ULL << (s - kEndsHigh + 32);
  if (s >= kHighBase) d.w[2] = 1ULL << (s - kHighBase);
  return d;
}

namespace tables {
inline constexpr auto square_dbb = [] {
  std::array<DBB, SQ_NB> t{};
  for (int s = 0; s < SQ_NB; ++s) t[s] = square_dbb_of(Square(s));
  return t;
}();
inline constexpr auto window_table = [] {
  std::array<std::array<uint8_t, SQ_NB>, SQ_NB> t{};
  for (int a = 0; a < SQ_NB; ++a)
    for (int b = 0; b < SQ_NB; ++b)
      t[a][b] = uint8_t(a <= 63 && b <= 63 ? WINDOW_LOW : a >= kHighBase && b >= kHighBase ? WINDOW_HIGH : WINDOW_ENDS);
  return t;
}();
}  // namespace tables

inline const DBB& square_dbb(Square s) { return tables::square_dbb[s]; }

// Window selectors: all return the same window for every pair (tests/dbb_test.cpp checks it
// for all 81 x 81 pairs); dbb/<selector>/... in the benchmark compares their cost.
struct WindowByTable {  // one byte load from an 81 x 81 table (6.5 KB)
  static constexpr const char* kName = "table";
  static Window select(Square a, Square b) { return Window(tables::window_table[a][b]); }
};
struct WindowByCompare {  // "some square above 63" selects word 1 or 2, "some below 17" then picks 1
  static constexpr const char* kName = "compare";
  // Comparisons as sign bits of differences: a setcc here writes a byte register, and GCC's
  // Zen tuning leaves it merging into the previous value, chaining every call to the last.
  static constexpr unsigned above63(Square s) { return unsigned(63 - int(s)) >> 31; }
  static constexpr unsigned below17(Square s) { return unsigned(int(s) - kHighBase) >> 31; }
  static Window select(Square a, Square b) {
    const unsigned high = above63(a) | above63(b), low = below17(a) | below17(b);
    return Window(high + (high & (low ^ 1)));
  }
};
// Each square's class (bit 0: above 63, bit 1: below 17) ORed over the pair indexes a
// 4-entry, 2-bit table kept in an immediate: 00 -> 0, 01 -> 2, 10 -> 0, 11 -> 1.
struct WindowByClassBits {
  static constexpr const char* kName = "class_bits";
  static constexpr unsigned class_of(Square s) {
    return WindowByCompare::above63(s) | WindowByCompare::below17(s) << 1;
  }
  static Window select(Square a, Square b) { return Window((0b01'00'10'00u >> 2 * (class_of(a) | class_of(b))) & 3); }
};

// The word holding both squares of a move (drops pass from == to), and their mask in it.
struct MoveWindow {
  Window window;
  uint64_t mask;
};
template <class Selector = WindowByTable>  // the fastest here (dbb/<selector>/... in the benchmark)
inline MoveWindow move_window(Square from, Square to) {
  const Window x = Selector::select(from, to);
  return {x, tables::square_dbb[from].w[x] | tables::square_dbb[to].w[x]};
}

}  // namespace sashite::dbb
