// Registry of the mate-table layouts (interface: search/mate/mate_table.h). A new layout is one
// header here and one line in SASHITE_FOR_EACH_MATE_TABLE; tests and the bench iterate the list.
#pragma once

#include <tuple>

#include "hand/layouts.h"
#include "search/mate/main_overflow.h"
#include "search/mate/single.h"

#define SASHITE_FOR_EACH_MATE_TABLE(X) \
  X(MainOverflowTable)                 \
  X(SingleTable)

namespace sashite::mate {

#define SASHITE_MATE_TABLE_MODELS(L) static_assert(MateTableLayout<L<DefaultHand>>, #L " models MateTableLayout");
SASHITE_FOR_EACH_MATE_TABLE(SASHITE_MATE_TABLE_MODELS)
#undef SASHITE_MATE_TABLE_MODELS

#define SASHITE_MATE_TABLE_AFTER_COMMA(L) , L<DefaultHand>
using RegisteredMateTables = sashite::detail::DropFirst<std::tuple<void SASHITE_FOR_EACH_MATE_TABLE(SASHITE_MATE_TABLE_AFTER_COMMA)>>::type;
#undef SASHITE_MATE_TABLE_AFTER_COMMA

}  // namespace sashite::mate
