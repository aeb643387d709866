// Hashing schemes, chosen by the hand type a Position is instantiated with (WithKeys<H, S>), so
// that every generator and tool instantiates BasicPosition<H> unchanged (one template
// parameter). A new scheme is one policy struct here plus one registry line, and registry lines
// WithKeys<Layout, Scheme> in hand/layouts.h for the layouts it should run with.
#pragma once

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include <concepts>
#include <type_traits>

#include "base/registry.h"
#include "hand/hand.h"

namespace sashite {

// A key scheme is a policy type (KeyScheme concept below): how the position key combines the
// board and hand keys, whether the board key carries a side-to-move random, how the hand key
// follows a change of one hand count and a change of side, and where a key's entry sits in a
// transposition table (index and 16-bit check; FINDINGS.md F-key-tt-spread, F-key-tt-index).
// Position, the TT layouts, repetition and the registries read only this.
template <class S>
concept KeyScheme = requires(Key k, int bits) {
  { S::name } -> std::convertible_to<const char*>;
  { S::kSideRandom } -> std::convertible_to<bool>;
  { S::kKeyDifferenceIsHandDifference } -> std::convertible_to<bool>;
  { S::combine(k, k) } -> std::same_as<Key>;
  { S::tt_index(k, bits) } -> std::same_as<uint64_t>;
  { S::tt_check(k) } -> std::same_as<uint16_t>;
};

// Board XOR-Zobrist with a side random, hands XOR-Zobrist per (colour, kind, count).
struct XorKeys {
  static constexpr const char* name = "xor";
  static constexpr bool kSideRandom = true;
  static constexpr bool kKeyDifferenceIsHandDifference = false;
  static constexpr Key combine(Key board, Key hand) { return board ^ hand; }
  // `zh[c][pr][n]`: the random of c holding n of pr. Called before c's count of pr changes by
  // `delta` (+1 a capture, -1 a drop).
  template <HandLayout H, class Z>
  static Key count_changed(Key hand_key, const Z& zh, Color c, PieceType pr, const H& hand, int delta) {
    const int n = hand.count(pr);
    return hand_key ^ zh[c][pr][n] ^ zh[c][pr][n + delta];
  }
  // After a move or a pass, with `stm` to move: nothing to do.
  template <HandLayout H>
  static Key side_changed(Key hand_key, const H*, Color) {
    return hand_key;
  }
  template <HandLayout H, class Z>
  static Key of_hands(const H* hands, Color, const Z& zh) {
    Key k = 0;
    for (Color c : {BLACK, WHITE})
      for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) k ^= zh[c][pr][hands[c].count(pr)];
    return k;
  }
  // Every bit is a Zobrist sum: the low bits pick the bucket and the top 16 bits check
  // (disjoint for tables under 2^48 buckets).
  static constexpr uint64_t tt_index(Key k, int bits) { return k & ((uint64_t(1) << bits) - 1); }
  static constexpr uint16_t tt_check(Key k) { return uint16_t(k >> 48); }
};

// merom686, shogi686 hands (2016): board XOR-Zobrist without a side random, PLUS (integer add)
// the side to move's raw hand; White to move is marked by the layout's spare bit. Same board
// and side => key difference = hand difference (rules/repetition.h reads it directly).
struct AdditiveKeys {
  static constexpr const char* name = "additive";
  static constexpr bool kSideRandom = false;
  static constexpr bool kKeyDifferenceIsHandDifference = true;
  template <class H>
  static constexpr bool kSupports = requires {
    H::kSpareBit;
  };
  static constexpr Key combine(Key board, Key hand) { return board + hand; }
  template <HandLayout H, class Z>
  static Key count_changed(Key hand_key, const Z&, Color, PieceType, const H&, int) {
    return hand_key;
  }
  // No per-count randoms: the key's hand part is the new side to move's raw hand.
  template <HandLayout H>
  static Key side_changed(Key, const H* hands, Color stm) {
    return Key(hands[stm].raw()) + (stm == WHITE ? Key(H::kSpareBit) : 0);
  }
  template <HandLayout H, class Z>
  static Key of_hands(const H* hands, Color stm, const Z&) {
    return side_changed(0, hands, stm);
  }
  // The low bits are hand counts, so the bucket is the top bits of k * 2^64/phi. Neither the
  // key's own top 16 bits (hand64's gold and rook counts only: same-board pairs differing in
  // lance..bishop would share them) nor the product's next bits (bit j of a product sees key
  // bits 0..j only) would do as the check; the top 16 bits of a second product, by splitmix64's
  // odd multiplier, see every key bit and none of the index's.
  static constexpr uint64_t tt_index(Key k, int bits) { return (k * 0x9E3779B97F4A7C15ULL) >> (64 - bits); }
  static constexpr uint16_t tt_check(Key k) { return uint16_t((k * 0xBF58476D1CE4E5B9ULL) >> 48); }
};

// Registry of the key schemes; the first is every layout's own (an unwrapped layout uses it).
#define SASHITE_FOR_EACH_KEY_SCHEME(X) \
  X(XorKeys)                           \
  X(AdditiveKeys)
using RegisteredKeySchemes = SASHITE_TYPE_LIST(SASHITE_FOR_EACH_KEY_SCHEME);
static_assert(all_types<RegisteredKeySchemes>([]<class S> { return KeyScheme<S>; }));
using DefaultKeys = TypeAt<0, RegisteredKeySchemes>;

namespace detail {
// "<layout>-<scheme>", stored once per pair so that WithKeys<H, S>::name is a constant.
template <class H, class S>
inline constexpr auto kSchemedName = [] {
  constexpr std::string_view layout = H::name, scheme = S::name;
  std::array<char, layout.size() + scheme.size() + 2> s{};
  auto out = std::copy(layout.begin(), layout.end(), s.begin());
  *out++ = '-';
  std::copy(scheme.begin(), scheme.end(), out);
  return s;
}();
}  // namespace detail

// A layout whose positions use scheme S. It IS the layout (same storage and methods), only the
// scheme differs. Why a wrapper type rather than a second template parameter of BasicPosition:
// the scheme then travels with the hand type through everything already written for one
// parameter (Position<H>, MoveList<.., H>, DiffPosition, perft, the explicit instantiations of
// SASHITE_FOR_EACH_HAND_LAYOUT, typed tests, bench registration). The cost: the wrapper
// re-declares what names its own type (from_raw, ==, name).
template <class H, KeyScheme S>
requires HandLayout<H> &&(!requires { S::template kSupports<H>; } || S::template kSupports<H>)struct WithKeys : H {
  using Layout = H;
  using Keys = S;
  static constexpr const char* name = detail::kSchemedName<H, S>.data();  // "hand64-additive"
  constexpr WithKeys() = default;
  constexpr WithKeys(const H& h) : H(h) {}
  static constexpr WithKeys from_raw(typename H::Raw r) { return WithKeys(H::from_raw(r)); }
  constexpr bool operator==(const WithKeys&) const = default;
};
template <class H>
using AdditiveKey = WithKeys<H, AdditiveKeys>;

namespace detail {
template <class H>
struct KeysOf {
  using type = DefaultKeys;
};
template <class H>
requires requires { typename H::Keys; }
struct KeysOf<H> {
  using type = typename H::Keys;
};
template <class H>
struct LayoutOf {
  using type = H;
};
template <class H>
requires requires { typename H::Layout; }
struct LayoutOf<H> {
  using type = typename H::Layout;
};
}  // namespace detail
// The key scheme a hand type's positions use, and the plain layout under it.
template <class H>
using KeySchemeOf = typename detail::KeysOf<H>::type;
template <class H>
using LayoutOf = typename detail::LayoutOf<H>::type;
// A layout under its own (default) scheme: the one row per layout where the scheme does not
// matter (superiority, the raw hand).
template <class H>
inline constexpr bool kPlainLayout = std::is_same_v<LayoutOf<H>, H>;

// Bench and test names that state the scheme: "padded32-xor", "hand64-additive".
template <HandLayout H>
std::string layout_and_scheme_name() {
  return std::string(LayoutOf<H>::name) + "-" + KeySchemeOf<H>::name;
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
