// Hashing schemes, chosen by the hand type a Position is instantiated with, so that every
// generator and tool instantiates BasicPosition<H> unchanged (one template parameter).
//
//   xor      (default, any layout): board XOR-Zobrist with a side random, hands XOR-Zobrist
//            per (colour, kind, count).
//   additive (merom686, shogi686 hands (2016)): board XOR-Zobrist without a side random, PLUS (integer add) the
//            side to move's raw hand; White to move is marked by the layout's spare bit. No
//            random numbers for hands. Same board and side => key difference = hand
//            difference, which repetition detection reads directly (search/repetition.h).
#pragma once

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "hand/hand.h"

namespace sashite {

enum class KeyScheme { Xor, Additive };

namespace detail {
// "<layout>-additive", stored once per layout so that AdditiveKey<H>::name is a constant.
template <class H>
inline constexpr auto kAdditiveName = [] {
  constexpr std::string_view layout = H::name, suffix = "-additive";
  std::array<char, layout.size() + suffix.size() + 1> s{};
  std::copy(suffix.begin(), suffix.end(), std::copy(layout.begin(), layout.end(), s.begin()));
  return s;
}();
}  // namespace detail

// A layout whose positions use the additive key. It IS the layout (same storage and
// methods), only the scheme differs. Why a wrapper type rather than a second template
// parameter of BasicPosition: the scheme then travels with the hand type through everything
// already written for one parameter (Position<H>, MoveList<.., H>, DiffPosition, perft, the
// explicit instantiations of SASHITE_FOR_EACH_HAND_LAYOUT, typed tests, bench registration)
// and do_move picks the key update with `if constexpr` on key_scheme_of<H>(). The cost: the
// wrapper re-declares what names its own type (from_raw, ==, name).
template <class H>
  requires HandLayout<H> && requires { H::kSpareBit; }
struct AdditiveKey : H {
  using Layout = H;
  static constexpr KeyScheme key_scheme = KeyScheme::Additive;
  static constexpr const char* name = detail::kAdditiveName<H>.data();  // "hand64-additive"
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

// Bench and test names that state the scheme: "padded32-xor", "hand64-additive" (an
// AdditiveKey's own name already ends in its scheme).
template <HandLayout H>
std::string layout_and_scheme_name() {
  if constexpr (key_scheme_of<H>() == KeyScheme::Additive) return H::name;
  else return std::string(H::name) + "-" + key_scheme_name(KeyScheme::Xor);
}

// Every count bit of a layout: the raw value of a hand holding kCountMask[pr] of each kind.
template <HandLayout H>
constexpr typename H::Raw count_bits_mask() {
  H h;
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) h.set(pr, int(kCountMask[pr]));
  return h.raw();
}

// merom686's (shogi686 hands, 2016) superiority mask: the two low bits of every count field, i.e. the raw value of a
// hand holding 3 of each kind (0x0303030303030300 for hand64).
template <HandLayout H>
constexpr typename H::Raw small_surplus_mask() {
  H h;
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) h.set(pr, 3);
  return h.raw();
}

}  // namespace sashite
