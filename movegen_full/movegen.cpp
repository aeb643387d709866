#include "movegen_full/movegen.h"

#include "movegen_full/generator.h"

namespace sashite {

template <GenType Type, HandLayout H>
ExtMove* generate(const BasicPosition<H>& pos, ExtMove* list) {
  constexpr bool All = Type == GenType::LegalAll;
  return pos.side_to_move() == BLACK ? detail::Generator<BLACK, All, H>::template generate<Type>(pos, list)
                                     : detail::Generator<WHITE, All, H>::template generate<Type>(pos, list);
}

#define SASHITE_INSTANTIATE_GENERATE(H)                                               \
  template ExtMove* generate<GenType::Captures, H>(const BasicPosition<H>&, ExtMove*); \
  template ExtMove* generate<GenType::Quiets, H>(const BasicPosition<H>&, ExtMove*);   \
  template ExtMove* generate<GenType::Drops, H>(const BasicPosition<H>&, ExtMove*);    \
  template ExtMove* generate<GenType::Evasions, H>(const BasicPosition<H>&, ExtMove*); \
  template ExtMove* generate<GenType::Legal, H>(const BasicPosition<H>&, ExtMove*);    \
  template ExtMove* generate<GenType::LegalAll, H>(const BasicPosition<H>&, ExtMove*);
SASHITE_FOR_EACH_HAND_LAYOUT(SASHITE_INSTANTIATE_GENERATE)

}  // namespace sashite
