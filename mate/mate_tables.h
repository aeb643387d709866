// Registries of the mate-table layouts: the depth-keyed records of the AND-OR and the
// depth-limited df-pn (interface: mate/mate_table.h) and the unbounded df-pn's pn/dn entries
// (mate/pn_dn_table.h). A new layout is one header here and one line in its list; tests and
// the bench iterate the lists.
#pragma once

#include "base/registry.h"
#include "hand/layouts.h"
#include "mate/main_overflow.h"
#include "mate/pn_dn_table.h"
#include "mate/single.h"

namespace sashite::mate {
// A comma inside a type would split the X-macro's argument.
using CollectedPnDnTable = PnDnTable<DefaultHand, SampledCollection>;
}  // namespace sashite::mate

// Over the default hand layout: the solvers keep the attacker's hand in the record.
#define SASHITE_FOR_EACH_MATE_TABLE(X) \
  X(MainOverflowTable<DefaultHand>)    \
  X(SingleTable<DefaultHand>)
// The first is the unbounded solver's when MateTable names no pn-dn layout (mate_session.h).
#define SASHITE_FOR_EACH_PN_DN_TABLE(X) \
  X(CollectedPnDnTable)                 \
  X(PnDnTable<DefaultHand>)

namespace sashite::mate {

using RegisteredMateTables = SASHITE_TYPE_LIST(SASHITE_FOR_EACH_MATE_TABLE);
static_assert(all_types<RegisteredMateTables>([]<class T> { return MateTableLayout<T>; }));
using RegisteredPnDnTables = SASHITE_TYPE_LIST(SASHITE_FOR_EACH_PN_DN_TABLE);
static_assert(all_types<RegisteredPnDnTables>([]<class T> { return PnDnTableLayout<T>; }));

}  // namespace sashite::mate
