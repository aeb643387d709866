// Hashing schemes, chosen by the hand type a Position is instantiated with, so that every
// generator and tool instantiates BasicPosition<H> unchanged (one template parameter).
//
//   xor      (default, any layout): board XOR-Zobrist with a side random, hands XOR-Zobrist
//            per (colour, kind, count).
//   additive (seed 000): board XOR-Zobrist without a side random, PLUS (integer add) the
//            side to move's raw hand; White to move is marked by the layout's spare bit. No
//            random numbers for hands. Same board and side => key difference = hand
//            difference, which repetition detection reads directly (search/repetition.h).
#pragma once

#include "hand/hand.h"

namespace sashite {

enum class KeyScheme { Xor, Additive };

// A layout whose positions use the additive key. It IS the layout (same storage and
// methods), only the scheme differs.
template <class H>
  requires HandLayout<H> && requires { H::kSpareBit; }
struct AdditiveKey : H {
  static constexpr KeyScheme key_scheme = KeyScheme::Additive;
  constexpr AdditiveKey() = default;
  constexpr AdditiveKey(const H& h) : H(h) {}
  static constexpr AdditiveKey from_raw(typename H::Raw r) { return AdditiveKey(H::from_raw(r)); }
  constexpr bool operator==(const AdditiveKey&) const = default;
};

template <class H>
constexpr KeyScheme key_scheme_of() {
  if constexpr (requires { H::key_scheme; }) return H::key_scheme;
  else return KeyScheme::Xor;
}

constexpr const char* key_scheme_name(KeyScheme s) { return s == KeyScheme::Xor ? "xor" : "additive"; }

// seed 000's superiority mask: the two low bits of every count field, i.e. the raw value of a
// hand holding 3 of each kind (0x0303030303030300 for hand64).
template <HandLayout H>
constexpr typename H::Raw small_surplus_mask() {
  H h;
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) h.set(pr, 3);
  return h.raw();
}

}  // namespace sashite
