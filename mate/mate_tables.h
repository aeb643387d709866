// Registry of the mate-table layouts (interface: mate/mate_table.h). A new layout is one
// header here and one line in SASHITE_FOR_EACH_MATE_TABLE; tests and the bench iterate the list.
#pragma once

#include "base/registry.h"
#include "hand/layouts.h"
#include "mate/main_overflow.h"
#include "mate/single.h"

// Over the default hand layout: the solvers keep the attacker's hand in the record.
#define SASHITE_FOR_EACH_MATE_TABLE(X) \
  X(MainOverflowTable<DefaultHand>)    \
  X(SingleTable<DefaultHand>)

namespace sashite::mate {

using RegisteredMateTables = SASHITE_TYPE_LIST(SASHITE_FOR_EACH_MATE_TABLE);
static_assert(all_types<RegisteredMateTables>([]<class T> { return MateTableLayout<T>; }));

}  // namespace sashite::mate
