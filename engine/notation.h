// Move text beyond USI: Japanese notation, which needs the position for the piece name.
#pragma once

#include <string>

#include "engine/position.h"

namespace sashite {

// "7六歩", "2三飛成", "2三銀不成"; "同　歩" when `previous` ended on the same square. When
// another piece of the same kind could reach the square, the Japan Shogi Association's words
// tell them apart (README, Sources): "5八金右", "5五金直", "4六龍左", "5五金左上"; a drop says
// "打" only then too ("5二金打"). `pos` is the position before `m`.
template <HandLayout H>
std::string to_japanese(const BasicPosition<H>& pos, Move m, Move previous = MOVE_NONE);

// The same move as a KIF file writes it (Kakinoki's Kifu for Windows): full-width file digit,
// the origin square instead of the relative words, "打" on every drop: "７六歩(77)",
// "同　銀(31)", "２三角不成(45)", "４五角打".
template <HandLayout H>
std::string to_kif(const BasicPosition<H>& pos, Move m, Move previous = MOVE_NONE);

// "歩" .. "龍" (promoted minors in two characters: "成香"), and "一" .. "九".
const char* japanese_name(PieceType pt);
const char* japanese_rank(Rank r);

}  // namespace sashite
