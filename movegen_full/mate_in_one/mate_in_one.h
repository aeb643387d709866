// The mate-in-one family (README "Variant families"): one line per method, each a struct
// modelling MateInOneMethod (method.h) in a file of this folder.
//   make      make each contact check and generate the evasions (the baseline, make.h)
//   bitboard  decide each from attack sets on the board after it, no make (bitboard.h)
// `MateInOne` is the method the search's mate-in-one test (search/mate_in_one.h) uses, chosen
// by name at build time: the CMake cache option SASHITE_MATE_IN_ONE. Every method answers the
// same move (tests/mate_in_one_test.cpp), so the choice changes no node.
#pragma once

#include <cstddef>
#include <string_view>

#include "base/registry.h"
#include "movegen_full/mate_in_one/bitboard.h"
#include "movegen_full/mate_in_one/make.h"
#include "movegen_full/mate_in_one/method.h"

#define SASHITE_FOR_EACH_MATE_IN_ONE_METHOD(X) \
  X(MakeMateInOne)                             \
  X(BitboardMateInOne)

#ifndef SASHITE_MATE_IN_ONE
#define SASHITE_MATE_IN_ONE "bitboard"
#endif

namespace sashite {

using RegisteredMateInOneMethods = SASHITE_TYPE_LIST(SASHITE_FOR_EACH_MATE_IN_ONE_METHOD);
static_assert(all_types<RegisteredMateInOneMethods>([]<class M> { return MateInOneMethod<M>; }));

inline constexpr std::size_t kMateInOneIndex = type_index<RegisteredMateInOneMethods>(SASHITE_MATE_IN_ONE);
static_assert(kMateInOneIndex < RegisteredMateInOneMethods::size,
              "SASHITE_MATE_IN_ONE names no method of SASHITE_FOR_EACH_MATE_IN_ONE_METHOD "
              "(movegen_full/mate_in_one/mate_in_one.h)");
using MateInOne = ChosenType<RegisteredMateInOneMethods, kMateInOneIndex>;

}  // namespace sashite
