// Move text beyond USI: Japanese notation, which needs the position for the piece name.
#pragma once

#include <string>

#include "engine/position.h"

namespace sashite {

// "7六歩", "2三飛成", "2三銀不成", "5二金打"; "同　歩" when `previous` ended on the same square.
// `pos` is the position before `m`.
template <HandLayout H>
std::string to_japanese(const BasicPosition<H>& pos, Move m, Move previous = MOVE_NONE);

}  // namespace sashite
