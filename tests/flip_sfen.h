// The same position seen from the other side: board rotated 180 degrees, colours (letter case)
// and hands swapped, the other side to move. Evaluation and rules that are colour-symmetric give
// it the same answer; the move number is kept.
#pragma once

#include <cctype>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace sashite::testing {

inline char swap_case(char ch) {
  const unsigned char u = static_cast<unsigned char>(ch);
  return std::isupper(u) ? char(std::tolower(u)) : std::islower(u) ? char(std::toupper(u)) : ch;
}

inline std::string flip_sfen(std::string_view sfen) {
  std::istringstream is{std::string(sfen)};
  std::string board, side, hand, number;
  is >> board >> side >> hand >> number;
  // 81 cells in reading order (rank a, file 9 first): "" empty, else the piece with its '+'.
  std::vector<std::string> cells;
  bool promoted = false;
  for (char ch : board) {
    if (ch == '/') continue;
    if (ch >= '1' && ch <= '9') {
      cells.insert(cells.end(), size_t(ch - '0'), "");
    } else if (ch == '+') {
      promoted = true;
    } else {
      cells.push_back(promoted ? std::string{'+', swap_case(ch)} : std::string(1, swap_case(ch)));
      promoted = false;
    }
  }
  std::string out;
  int empty = 0;
  for (size_t i = 0; i < cells.size(); ++i) {
    const std::string& cell = cells[cells.size() - 1 - i];  // 180 degrees: reading order reversed
    if (cell.empty()) {
      ++empty;
    } else {
      if (empty) out += char('0' + empty);
      empty = 0;
      out += cell;
    }
    if (i % 9 == 8) {
      if (empty) out += char('0' + empty);
      empty = 0;
      if (i != cells.size() - 1) out += '/';
    }
  }
  for (char& ch : hand) ch = swap_case(ch);
  out += side == "b" ? " w " : " b ";
  out += hand;
  if (!number.empty()) out += " " + number;
  return out;
}

}  // namespace sashite::testing
