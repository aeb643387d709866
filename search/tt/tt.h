// The transposition-table interface every layout implements (search/tt/*.h). The registry of
// layouts is search/tt/layouts.h: a new layout is one header plus one line in
// SASHITE_FOR_EACH_TT_LAYOUT there (the layouts include this file for TTData: including them back
// from here would break a layout header included on its own).
//
// The search sees a probe as a pair of bounds, lower <= true value <= upper, valid to `depth`:
// the classic entry stores one value and a bound type (an exact value, a lower or an upper
// bound), 謎電's (2005) entry stores the lower and the upper bound as two 16-bit fields, so
// that a fail-high and a fail-low of the same position both survive. One view serves both:
// the classic entry answers (v, +inf), (-inf, v) or (v, v).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "engine/types.h"
#include "search/value.h"

namespace sashite {

// lower and upper come as stored: value_from_tt the finite ones only (it would move
// +-VALUE_INFINITE into the mate band).
struct TTData {
  Move move;    // MOVE_NONE if none stored (to be validated with pseudo_legal + legal)
  Value lower;  // -VALUE_INFINITE if nothing is known from below
  Value upper;  // +VALUE_INFINITE if nothing is known from above
  Value eval;   // static evaluation, or VALUE_NONE
  int depth;    // draft the bounds were searched to
};

template <class T>
concept TTLayout = requires(T& tt, const T& ctt, Key key, Move m, Value v, Bound b, int depth, size_t mb) {
  { T::name } -> std::convertible_to<const char*>;
  typename T::Keys;  // the key scheme, whose slot and check it uses (hand/key_scheme.h)
  tt.resize(mb);     // megabytes; clears the table
  tt.clear();
  tt.new_search();  // ages the entries of earlier searches
  // Fills `out` and returns true when the key's entry is present.
  { ctt.probe(key, std::declval<TTData&>()) } -> std::same_as<bool>;
  // value: already value_to_tt'd by the caller; eval: static evaluation or VALUE_NONE.
  tt.store(key, m, v, b, depth, v);
  { ctt.hashfull() } -> std::same_as<int>;  // per mille of a sample of slots used this search
  {ctt.prefetch(key)};
};

}  // namespace sashite
