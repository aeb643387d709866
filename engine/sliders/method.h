// What a slider-attack method is: the SliderMethod concept of the slider family (the registry
// is engine/sliders/sliders.h). A method computes the attack sets of the lance (each colour),
// the rook's file and rank parts, the whole rook and the bishop from a square and an
// occupancy; every method gives the same sets (tests/sliders_test.cpp), so the choice of
// engine/bitboard.h (SASHITE_SLIDERS) changes speed only, never a move, count or node.
//
// `own` says which pieces the method computes itself: the others it borrows from another
// method (bit_scan's rook takes the rank part of `library`, magic's lance and rook are
// `library`'s), and bench/attacks_bench.cpp gives a row only to a method's own pieces.
#pragma once

#include <concepts>
#include <string_view>

#include "engine/bitboard_base.h"

namespace sashite {

enum SliderPieces : unsigned {
  kSliderLance = 1,
  kSliderRook = 2,
  kSliderBishop = 4,
  kSliderAll = kSliderLance | kSliderRook | kSliderBishop
};

template <class M>
concept SliderMethod = requires(Square s, const Bitboard& occ) {
  {std::string_view(M::name)};
  { M::own } -> std::convertible_to<unsigned>;
  { M::template lance<BLACK>(s, occ) } -> std::same_as<Bitboard>;
  { M::template lance<WHITE>(s, occ) } -> std::same_as<Bitboard>;
  { M::rook_file(s, occ) } -> std::same_as<Bitboard>;
  { M::rook_rank(s, occ) } -> std::same_as<Bitboard>;
  { M::rook(s, occ) } -> std::same_as<Bitboard>;
  { M::bishop(s, occ) } -> std::same_as<Bitboard>;
};

// The lance and the rook of method M, for a method that computes only the bishop itself (magic,
// qugiy_pext): it derives from this and adds its own name, own and bishop.
template <class M>
struct LanceAndRookOf {
  template <Color C>
  static Bitboard lance(Square s, const Bitboard& occ) {
    return M::template lance<C>(s, occ);
  }
  static Bitboard rook_file(Square s, const Bitboard& occ) { return M::rook_file(s, occ); }
  static Bitboard rook_rank(Square s, const Bitboard& occ) { return M::rook_rank(s, occ); }
  static Bitboard rook(Square s, const Bitboard& occ) { return M::rook(s, occ); }
};

}  // namespace sashite
