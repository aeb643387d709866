// The differential position models SearchPosition too (the full one is checked in the header,
// which does not include movegen_diff).
#include "search/search_position.h"

#include "movegen_diff/diff_position.h"

namespace sashite {

static_assert(SearchPosition<DiffPosition<DefaultHand, GenType::Legal>>);
static_assert(SearchPosition<DiffPosition<DefaultHand, GenType::LegalAll>>);

}  // namespace sashite
