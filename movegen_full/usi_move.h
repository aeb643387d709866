// USI move text to a legal Move of a position, with a reason when it is not one.
#pragma once

#include <string>
#include <string_view>

#include "movegen_full/movegen.h"

namespace sashite {

// Syntax only: "7g7f", "7g7f+", "P*5e". Does not look at a position.
inline bool is_usi_move_syntax(std::string_view s) {
  auto sq = [](std::string_view t) { return square_from_usi(t) != SQ_NONE; };
  if (s.size() == 4 && s[1] == '*')
    return std::string_view("PLNSGBR").find(s[0]) != std::string_view::npos && sq(s.substr(2));
  if (s.size() == 4 || (s.size() == 5 && s[4] == '+')) return sq(s.substr(0, 2)) && sq(s.substr(2, 2));
  return false;
}

// The legal move `text` names in `pos`, or MOVE_NONE with `*error` set.
template <HandLayout H>
Move parse_usi_move(const BasicPosition<H>& pos, std::string_view text, std::string* error) {
  if (!is_usi_move_syntax(text)) {
    if (error) *error = "malformed move " + quoted(text);
    return MOVE_NONE;
  }
  for (const ExtMove& m : MoveList<GenType::LegalAll, H>(pos))
    if (to_usi(m.move) == text) return m.move;
  if (error) *error = "illegal move " + quoted(text) + " in " + pos.sfen();
  return MOVE_NONE;
}

}  // namespace sashite
