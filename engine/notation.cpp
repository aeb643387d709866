#include "engine/notation.h"

namespace sashite {

namespace {
constexpr const char* kUsiLetters = " PLNSBRGK";
}

std::string to_usi(Square s) {
  if (!is_ok(s)) return "??";
  return {char('1' + file_of(s)), char('a' + rank_of(s))};
}

std::string to_usi(Move m) {
  if (m == MOVE_NONE) return "none";
  if (m == MOVE_NULL) return "null";
  if (is_drop(m)) return std::string(1, kUsiLetters[dropped_type(m) & 7]) + "*" + to_usi(to_sq(m));
  return to_usi(from_sq(m)) + to_usi(to_sq(m)) + (is_promotion(m) ? "+" : "");
}

std::string quoted(std::string_view input) {
  constexpr size_t kShown = 80;
  std::string q = "'";
  for (const char ch : input.substr(0, kShown)) {
    const auto byte = static_cast<unsigned char>(ch);
    switch (ch) {
      case '\\': q += "\\\\"; continue;
      case '\0': q += "\\0"; continue;
      case '\t': q += "\\t"; continue;
      case '\n': q += "\\n"; continue;
      case '\r': q += "\\r"; continue;
    }
    if (byte >= 0x20 && byte != 0x7f) {
      q += ch;
      continue;
    }
    constexpr const char* kHex = "0123456789abcdef";
    q += {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
  }
  q += input.size() > kShown ? "...'" : "'";
  return q;
}

Square square_from_usi(std::string_view s) {
  if (s.size() != 2 || s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i') return SQ_NONE;
  return make_square(File(s[0] - '1'), Rank(s[1] - 'a'));
}

char piece_to_char(Piece pc) {
  const char c = kUsiLetters[type_of(pc) == KING ? KING : raw_type(type_of(pc))];
  return color_of(pc) == WHITE ? char(c - 'A' + 'a') : c;
}

Piece piece_from_char(char ch) {
  for (PieceType pt = PAWN; pt <= KING; ++pt) {
    if (ch == kUsiLetters[pt]) return make_piece(BLACK, pt);
    if (ch == kUsiLetters[pt] - 'A' + 'a') return make_piece(WHITE, pt);
  }
  return NO_PIECE;
}

template <HandLayout H>
std::string to_japanese(const BasicPosition<H>& pos, Move m, Move previous) {
  static constexpr const char* kRank[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
  static constexpr const char* kName[] = {"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉",
                                          "と", "成香", "成桂", "成銀", "馬", "龍"};
  if (!is_ok(m)) return to_usi(m);
  const Square to = to_sq(m);
  std::string s = previous != MOVE_NONE && is_ok(previous) && to_sq(previous) == to
                      ? std::string("同　")
                      : std::string(1, char('1' + file_of(to))) + kRank[rank_of(to)];
  if (is_drop(m)) return s + kName[dropped_type(m)] + "打";
  const Square from = from_sq(m);
  const PieceType pt = type_of(pos.piece_on(from));
  s += kName[pt];
  const Color us = pos.side_to_move();
  if (is_promotion(m))
    s += "成";
  else if (can_promote(pt) && (in_promotion_zone(us, from) || in_promotion_zone(us, to)))
    s += "不成";
  return s;
}

#define SASHITE_INSTANTIATE_NOTATION(H) template std::string to_japanese(const BasicPosition<H>&, Move, Move);
SASHITE_FOR_EACH_HAND_LAYOUT(SASHITE_INSTANTIATE_NOTATION)

}  // namespace sashite
