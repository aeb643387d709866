// What a mate-in-one method is: the MateInOneMethod concept of the mate-in-one family (the
// registry is movegen_full/mate_in_one/mate_in_one.h). A method answers, for the side to move,
// the lowest-valued mating move among the contact checks of detail::contact_candidates
// (candidates.h), MOVE_NONE if none mates: every method gives the same move
// (tests/mate_in_one_test.cpp), so the choice changes speed only, never a node.
#pragma once

#include <concepts>
#include <string_view>

#include "engine/position.h"

namespace sashite {

// find(pos, st): `pos` is any position with board() (the full one or a search generator's),
// `st` scratch state for one ply; pos is left as it was.
template <class M>
concept MateInOneMethod = requires(Position& pos, StateInfo& st) {
  {std::string_view(M::name)};
  { M::find(pos, st) } -> std::same_as<Move>;
};

}  // namespace sashite
