// Per-square effect counts, the evaluation's input (search/evaluate.h): for each colour and
// square, how many of that colour's pieces attack the square, the king included. Where they
// come from is the effect-source family (search/effects/sources.h); this file holds the board
// and the two ways of filling it from attack sets that every source shares.
#pragma once

#include <cstdint>
#include <cstring>

#include "base/bmi2.h"
#include "engine/position.h"

namespace sashite {

// A square has at most 10 attackers of one colour (one along each of the 8 lines, the first
// piece on it, and 2 knights), so a count fits 4 bits. Bytes 81.. stay zero: the planes'
// store writes whole 8-byte groups up to byte 86, and board comparisons cover the padding.
inline constexpr int kEffectBoardStride = 96;
inline constexpr int kMaxEffects = 10;

struct alignas(32) EffectBoard {
  uint8_t count[COLOR_NB][kEffectBoardStride];
  bool operator==(const EffectBoard&) const = default;
};

// Counts in four bit planes, a bit-sliced counter: adding an attack set is a ripple-carry add
// of one bit per square, 24 word operations whatever the set's size, and no branch.
struct EffectPlanes {
  Bitboard bit[4]{};

  void add(const Bitboard& b) {
    Bitboard carry = b;
    for (Bitboard& p : bit) {
      const Bitboard next = p & carry;
      p ^= carry;
      carry = next;
    }
  }

  // Bytes per square: PDEP spreads 8 squares of a plane to the 8 bytes' bit i. Word 0 holds
  // squares 0..62 (its bit 63 is clear, so byte 63 is first written 0), word 1 squares 63..80.
  void store(uint8_t* out) const {
    constexpr uint64_t kByteBit0 = 0x0101010101010101ULL;
    auto word = [&](int w, uint8_t* dst, int groups) {
      for (int g = 0; g < groups; ++g) {
        uint64_t v = 0;
        for (int i = 0; i < 4; ++i) v |= _pdep_u64(bit[i].p[w] >> (8 * g), kByteBit0 << i);
        std::memcpy(dst + 8 * g, &v, 8);
      }
    };
    word(0, out, 8);
    word(1, out + 63, 3);
  }
};

// The effects of colour c's pieces, computed from the bitboards: the pawns as one shift (two
// pawns of a side never attack the same square), each other piece by its kind's attack
// function (no switch on the type).
template <HandLayout H>
void add_effects(const BasicPosition<H>& pos, Color c, EffectPlanes& planes) {
  const Bitboard occ = pos.pieces(), own = pos.pieces(c), pawns = pos.pieces(c, PAWN);
  planes.add(c == BLACK ? pawns.rank_up() : pawns.rank_down());
  auto steps = [&](const Bitboard& b, PieceType pt) {
    for_each_square(b, [&](Square s) { planes.add(step_attacks(c, pt, s)); });
  };
  steps(own & pos.pieces(KNIGHT), KNIGHT);
  steps(own & pos.pieces(SILVER), SILVER);
  steps(own & pos.golds(), GOLD);
  steps(own & pos.pieces(KING), KING);
  for_each_square(own & pos.pieces(LANCE), [&](Square s) { planes.add(lance_attacks(c, s, occ)); });
  for_each_square(own & pos.pieces(BISHOP), [&](Square s) { planes.add(bishop_attacks(s, occ)); });
  for_each_square(own & pos.pieces(ROOK), [&](Square s) { planes.add(rook_attacks(s, occ)); });
  for_each_square(own & pos.pieces(HORSE), [&](Square s) { planes.add(horse_attacks(s, occ)); });
  for_each_square(own & pos.pieces(DRAGON), [&](Square s) { planes.add(dragon_attacks(s, occ)); });
}

// Every count of the position, from scratch: the recomputed source, and the reference the
// others are tested against.
template <HandLayout H>
void compute_effects(const BasicPosition<H>& pos, EffectBoard& out) {
  std::memset(&out, 0, sizeof out);
  for (Color c : {BLACK, WHITE}) {
    EffectPlanes planes;
    add_effects(pos, c, planes);
    planes.store(out.count[c]);
  }
}

// One attack set added to or taken from the counts square by square: cheaper than the planes
// for the few squares a move changes.
inline void add_effect(EffectBoard& e, Color c, const Bitboard& b) {
  for_each_square(b, [&](Square s) { ++e.count[c][s]; });
}
inline void remove_effect(EffectBoard& e, Color c, const Bitboard& b) {
  for_each_square(b, [&](Square s) { --e.count[c][s]; });
}

}  // namespace sashite
