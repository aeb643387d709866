// SFEN text to and from a plain board description: the one reader and writer behind
// Position::set/sfen and the CSA reader (match/csa.cpp), which builds its start position from
// CSA rows and hands.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "engine/types.h"

namespace sashite {

struct SfenBoard {
  std::array<Piece, SQ_NB> board{};  // NO_PIECE where empty
  int hand[COLOR_NB][RAW_END] = {};  // by raw kind
  Color side = BLACK;
  int move_number = 1;
};

// Reads an SFEN ("startpos" is not one) and checks that it is a position the rules allow: no
// more pieces than the real set, one king a side, no nifu, no piece that could never move, the
// side not to move not in check. On failure returns a message starting "sfen: " and leaves
// `out` in an unspecified state.
std::optional<std::string> parse_sfen(std::string_view text, SfenBoard& out);

// Canonical text: hands in kHandOrder, Black's first; "-" for empty hands.
std::string write_sfen(const SfenBoard& b);

}  // namespace sashite
