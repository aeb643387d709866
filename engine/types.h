// The core value types (base/types.h) and their text forms, for every layer from engine/ up.
#pragma once

#include <string>
#include <string_view>

#include "base/types.h"

namespace sashite {

// Text helpers (notation.cpp): "7g", "7g7f", "2h2c+", "G*5b".
std::string to_usi(Square s);
std::string to_usi(Move m);
Square square_from_usi(std::string_view s);  // SQ_NONE if malformed
char piece_to_char(Piece pc);                // 'P', 'p'; promoted pieces give their raw letter
Piece piece_from_char(char ch);              // NO_PIECE if unknown
// User input as an error message quotes it: its first 80 bytes, then "..." if there were more.
// Control bytes and DEL are escaped ("\r", "\0", "\x1b"; a backslash doubles), so an error
// line is one line of printable text: a raw CR would let a GUI that splits on CR read a line
// of the user's choosing ("readyok").
std::string quoted(std::string_view input);

}  // namespace sashite
