// count_legal_all (movegen.h), the leaf-counting perft's last ply: the full generator with
// CountEmit, compiled once per hand layout like movegen.cpp and apart from it: in movegen.cpp
// this second instantiation of the generator cost generate() its inlining (FINDINGS.md
// F-unit-inlining).
#include <tuple>

#include "movegen_full/generator.h"

namespace sashite {

template <HandLayout H>
int count_legal_all(const BasicPosition<H>& pos) {
  ExtMove list[MAX_MOVES];  // never written: CountEmit only moves the pointer through it
  const ExtMove* end =
      pos.side_to_move() == BLACK
          ? detail::Generator<BLACK, true, H, CountEmit<BLACK, true>>::template generate<GenType::LegalAll>(pos, list)
          : detail::Generator<WHITE, true, H, CountEmit<WHITE, true>>::template generate<GenType::LegalAll>(pos, list);
  return int(end - list);
}

using Layout = TypeAt<SASHITE_HAND_LAYOUT_INDEX, RegisteredHands>;
template int count_legal_all<Layout>(const BasicPosition<Layout>&);

}  // namespace sashite
