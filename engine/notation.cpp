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

namespace {

// The mover's view: file 0 is its rightmost file, rank 0 its farthest rank.
int own_file(Color us, Square s) { return us == BLACK ? file_of(s) : 8 - file_of(s); }
int own_rank(Color us, Square s) { return us == BLACK ? rank_of(s) : 8 - rank_of(s); }

enum class Motion { Up, Down, Sideways };  // 上, 引, 寄
constexpr const char* kMotionWord[] = {"上", "引", "寄"};

Motion motion(Color us, Square from, Square to) {
  const int d = own_rank(us, to) - own_rank(us, from);
  return d < 0 ? Motion::Up : d > 0 ? Motion::Down : Motion::Sideways;
}

// 右 or 左 when `from` lies strictly right or left of every square in `others`, else "".
const char* side_word(Color us, Square from, const Bitboard& others) {
  bool rightmost = true, leftmost = true;
  for_each_square(others, [&](Square s) {
    rightmost &= own_file(us, from) < own_file(us, s);
    leftmost &= own_file(us, from) > own_file(us, s);
  });
  return rightmost ? "右" : leftmost ? "左" : "";
}

// The pieces of `us` of kind `pt` that can legally move to `to`. A legal move to `to` exists,
// so check is no filter here (double check leaves only the king, which is alone of its kind);
// a pinned piece counts only when it stays on its pin line.
template <HandLayout H>
Bitboard pieces_reaching(const BasicPosition<H>& pos, PieceType pt, Square to) {
  const Color us = pos.side_to_move();
  Bitboard b = attacks_bb(~us, pt, to, pos.pieces()) & pos.pieces(us, pt);
  for_each_square(b & pos.pinned(), [&](Square s) {
    if (!aligned(s, to, pos.king_square(us))) b ^= square_bb(s);
  });
  return b;
}

// The words that tell the mover apart from the other pieces of its kind that could reach the
// same square, by the Japan Shogi Association's rules (README, Sources): the motion 上/引/寄
// when it alone is the mover's; else 直 for a gold-like piece or silver stepping straight
// forward (never for dragon or horse); else 右/左 among all candidates; else 右/左 among the
// candidates with the same motion, followed by that motion ("左上").
template <HandLayout H>
std::string relative_words(const BasicPosition<H>& pos, Square from, Square to) {
  const Color us = pos.side_to_move();
  const PieceType pt = type_of(pos.piece_on(from));
  const Bitboard others = pieces_reaching(pos, pt, to) & ~square_bb(from);
  if (!others) return "";
  const Motion m = motion(us, from, to);
  Bitboard same_motion{};
  for_each_square(others, [&](Square s) {
    if (motion(us, s, to) == m) same_motion |= square_bb(s);
  });
  if (!same_motion) return kMotionWord[int(m)];
  const bool moves_like_gold = pt == SILVER || pt == GOLD || (pt >= PRO_PAWN && pt <= PRO_SILVER);
  if (moves_like_gold && file_of(from) == file_of(to) && m == Motion::Up) return "直";
  if (const std::string side = side_word(us, from, others); !side.empty()) return side;
  return std::string(side_word(us, from, same_motion)) + kMotionWord[int(m)];
}

constexpr const char* kRank[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
constexpr const char* kName[] = {"",   "歩", "香",   "桂",   "銀",   "角", "飛", "金",
                                 "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};

// "成" for a promotion, "不成" where one was possible and not taken, else nothing.
const char* promotion_word(Color us, PieceType pt, Move m) {
  if (is_promotion(m)) return "成";
  return can_promote(pt) && (in_promotion_zone(us, from_sq(m)) || in_promotion_zone(us, to_sq(m))) ? "不成" : "";
}

}  // namespace

const char* japanese_name(PieceType pt) { return kName[pt]; }
const char* japanese_rank(Rank r) { return kRank[r]; }

template <HandLayout H>
std::string to_japanese(const BasicPosition<H>& pos, Move m, Move previous) {
  if (!is_ok(m)) return to_usi(m);
  const Color us = pos.side_to_move();
  const Square to = to_sq(m);
  std::string s = previous != MOVE_NONE && is_ok(previous) && to_sq(previous) == to
                      ? std::string("同　")
                      : std::string(1, char('1' + file_of(to))) + kRank[rank_of(to)];
  if (is_drop(m)) {
    // 打 only where a piece of that kind on the board could move there instead.
    const PieceType pr = dropped_type(m);
    return s + kName[pr] + (pieces_reaching(pos, pr, to) ? "打" : "");
  }
  const Square from = from_sq(m);
  const PieceType pt = type_of(pos.piece_on(from));
  s += kName[pt];
  s += relative_words(pos, from, to);
  return s + promotion_word(us, pt, m);
}

template <HandLayout H>
std::string to_kif(const BasicPosition<H>& pos, Move m, Move previous) {
  static constexpr const char* kWideDigit[] = {"１", "２", "３", "４", "５", "６", "７", "８", "９"};
  if (!is_ok(m)) return to_usi(m);
  const Square to = to_sq(m);
  std::string s = previous != MOVE_NONE && is_ok(previous) && to_sq(previous) == to
                      ? std::string("同　")
                      : std::string(kWideDigit[file_of(to)]) + kRank[rank_of(to)];
  if (is_drop(m)) return s + kName[dropped_type(m)] + "打";
  const Square from = from_sq(m);
  const PieceType pt = type_of(pos.piece_on(from));
  return s + kName[pt] + promotion_word(pos.side_to_move(), pt, m) + "(" + char('1' + file_of(from)) +
         char('1' + rank_of(from)) + ")";
}

#define SASHITE_INSTANTIATE_NOTATION(H)                                  \
  template std::string to_japanese(const BasicPosition<H>&, Move, Move); \
  template std::string to_kif(const BasicPosition<H>&, Move, Move);
SASHITE_FOR_EACH_HAND_LAYOUT(SASHITE_INSTANTIATE_NOTATION)

}  // namespace sashite
