// Slider method `qugiy_pext`: Qugiy's lance and rook (qugiy.h), `library`'s PEXT bishop. Per
// call (bench attacks, Zen 4) Qugiy's method wins the lance and the rook by a wide margin and
// loses the bishop to the PEXT table: this is the build choice of the best of each. Every piece
// is borrowed, so it has no bench rows of its own (own = 0); its measure is the perft of a
// build with SASHITE_SLIDERS=qugiy_pext.
#pragma once

#include "engine/sliders/library.h"
#include "engine/sliders/qugiy.h"

namespace sashite {

struct QugiyPextSliders : LanceAndRookOf<QugiySliders> {
  static constexpr const char* name = "qugiy_pext";
  static constexpr unsigned own = 0;

  static Bitboard bishop(Square s, const Bitboard& occ) { return LibrarySliders::bishop(s, occ); }
};

}  // namespace sashite
