// The slider-method family (README "Variant families"): one line per method, each a struct
// modelling SliderMethod (method.h) in a file of this folder.
//   library     file table + PEXT (the method the library started with, library.h)
//   ray_walk    square by square (the baseline, ray_walk.h)
//   bit_scan    one bit scan per direction (bit_scan.h)
//   magic       magic multiplication for the bishop, Apery's (magic.h)
//   qugiy       Qugiy's subtraction and byte reversal, AVX2 (qugiy.h)
//   qugiy_pext  Qugiy's lance and rook, library's PEXT bishop (qugiy_pext.h)
//   qugiy512    Qugiy's method with each piece's rays in one AVX-512 register (qugiy512.h;
//               registered only where the build targets AVX-512 BW and GFNI)
// `Sliders` is the method engine/bitboard.h's lance_attacks, rook_attacks, bishop_attacks and
// the rest use, chosen by name at build time: the CMake cache option SASHITE_SLIDERS (a
// definition of sashite_engine, so every unit that includes the engine agrees).
#pragma once

#include <cstddef>
#include <string_view>

#include "base/registry.h"
#include "engine/sliders/bit_scan.h"
#include "engine/sliders/library.h"
#include "engine/sliders/magic.h"
#include "engine/sliders/qugiy.h"
#include "engine/sliders/qugiy512.h"
#include "engine/sliders/qugiy_pext.h"
#include "engine/sliders/ray_walk.h"

#define SASHITE_FOR_EACH_SLIDER_METHOD(X) \
  X(LibrarySliders)                       \
  X(RayWalkSliders)                       \
  X(BitScanSliders)                       \
  X(MagicSliders)                         \
  X(QugiySliders)                         \
  X(QugiyPextSliders)                     \
  SASHITE_QUGIY512_ENTRY(X)

#ifdef SASHITE_HAS_QUGIY512
#define SASHITE_QUGIY512_ENTRY(X) X(Qugiy512Sliders)
#else
#define SASHITE_QUGIY512_ENTRY(X)
#endif

#ifndef SASHITE_SLIDERS
#define SASHITE_SLIDERS "library"
#endif

namespace sashite {

using RegisteredSliderMethods = SASHITE_TYPE_LIST(SASHITE_FOR_EACH_SLIDER_METHOD);
static_assert(all_types<RegisteredSliderMethods>([]<class M> { return SliderMethod<M>; }));

inline constexpr std::size_t kSliderMethodIndex = type_index<RegisteredSliderMethods>(SASHITE_SLIDERS);
static_assert(kSliderMethodIndex < RegisteredSliderMethods::size,
              "SASHITE_SLIDERS names no method of SASHITE_FOR_EACH_SLIDER_METHOD (engine/sliders/sliders.h)");
using Sliders = ChosenType<RegisteredSliderMethods, kSliderMethodIndex>;

}  // namespace sashite
