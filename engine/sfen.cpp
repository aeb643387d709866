#include "engine/sfen.h"

#include <sstream>
#include <vector>

#include "engine/bitboard.h"
#include "hand/hand.h"

namespace sashite {
namespace {

using Error = std::optional<std::string>;

// "P" for a pawn: hand and piece-count messages name the kind by its Black letter.
std::string letter(PieceType pr) { return std::string(1, piece_to_char(make_piece(BLACK, pr))); }

// Ranks a..i separated by '/', each from file 9 down to file 1.
Error read_board(const std::string& text, SfenBoard& out) {
  int rank = 0, file = 8;
  bool promoted = false;
  for (const char ch : text) {
    const std::string where = "rank " + std::string(1, char('a' + rank));
    if (ch == '/') {
      if (promoted) return "sfen: '+' not followed by a piece in " + where;
      if (file != -1) return "sfen: " + where + " has " + std::to_string(8 - file) + " squares, expected 9";
      if (++rank > 8) return "sfen: more than 9 ranks";
      file = 8;
    } else if (ch >= '1' && ch <= '9') {
      if (promoted) return "sfen: '+' followed by a digit in " + where;
      file -= ch - '0';
      if (file < -1) return "sfen: " + where + " has more than 9 squares";
    } else if (ch == '+') {
      if (promoted) return "sfen: '++' in " + where;
      promoted = true;
    } else {
      const Piece pc = piece_from_char(ch);
      if (pc == NO_PIECE) return "sfen: unknown piece letter " + quoted({&ch, 1}) + " in " + where;
      if (file < 0) return "sfen: " + where + " has more than 9 squares";
      PieceType pt = type_of(pc);
      if (promoted) {
        if (!can_promote(pt)) return std::string("sfen: piece '") + ch + "' cannot be promoted (" + where + ")";
        pt = promote(pt);
        promoted = false;
      }
      const Color c = color_of(pc);
      const Square s = make_square(File(file), Rank(rank));
      if (is_dead_square(c, pt, s)) return std::string("sfen: ") + ch + " on " + to_usi(s) + " could never move";
      out.board[s] = make_piece(c, pt);
      --file;
    }
  }
  if (promoted) return "sfen: board ends with '+'";
  if (rank != 8) return "sfen: board has " + std::to_string(rank + 1) + " ranks, expected 9";
  if (file != -1) return "sfen: rank i has " + std::to_string(8 - file) + " squares, expected 9";
  return std::nullopt;
}

Error read_side(const std::string& text, SfenBoard& out) {
  if (text != "b" && text != "w") return "sfen: side to move must be 'b' or 'w', got " + quoted(text);
  out.side = text == "b" ? BLACK : WHITE;
  return std::nullopt;
}

// "-" or [count]letter..., any order, counts 1..18.
Error read_hand(const std::string& h, SfenBoard& out) {
  if (h == "-") return std::nullopt;
  for (size_t i = 0; i < h.size();) {
    int n = 0;
    size_t digits = 0;
    // Counts past two digits are rejected below: stop accumulating there, before n overflows.
    for (; i < h.size() && h[i] >= '0' && h[i] <= '9'; ++i, ++digits)
      if (digits < 2) n = n * 10 + (h[i] - '0');
    if (digits > 2 || (digits && (n < 1 || n > 18))) return "sfen: bad count in hand " + quoted(h);
    if (i == h.size()) return "sfen: hand " + quoted(h) + " ends with a count";
    const Piece pc = piece_from_char(h[i]);
    if (pc == NO_PIECE) return "sfen: unknown piece letter " + quoted({&h[i], 1}) + " in hand";
    if (type_of(pc) == KING) return "sfen: a king cannot be in hand";
    ++i;
    int& count = out.hand[color_of(pc)][type_of(pc)];
    count += digits ? n : 1;
    if (count > max_in_hand(type_of(pc))) return "sfen: more " + letter(type_of(pc)) + " in hand than the real set has";
  }
  return std::nullopt;
}

Error read_move_number(const std::string& t, SfenBoard& out) {
  if (t.empty() || t.size() > 9 || t.find_first_not_of("0123456789") != std::string::npos || std::stoi(t) < 1)
    return "sfen: move number must be a positive integer, got " + quoted(t);
  out.move_number = std::stoi(t);
  return std::nullopt;
}

// One king a side, and no more of a kind, board and hands together, than the real set (one
// hand can hold all of a kind, so the hand maximum is the set's count).
Error check_piece_counts(const SfenBoard& b) {
  int kings[COLOR_NB] = {}, counts[RAW_END] = {};
  for (const Piece pc : b.board) {
    if (pc == NO_PIECE) continue;
    if (type_of(pc) == KING)
      ++kings[color_of(pc)];
    else
      ++counts[raw_type(type_of(pc))];
  }
  for (Color c : {BLACK, WHITE})
    if (kings[c] > 1) return std::string("sfen: two ") + (c == BLACK ? "Black" : "White") + " kings";
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) {
    const int n = counts[pr] + b.hand[BLACK][pr] + b.hand[WHITE][pr];
    if (n > max_in_hand(pr))
      return "sfen: more " + letter(pr) + " than the real set has (" + std::to_string(n) + " > " +
             std::to_string(max_in_hand(pr)) + ")";
  }
  return std::nullopt;
}

Error check_nifu(const SfenBoard& b) {
  for (Color c : {BLACK, WHITE})
    for (File f = FILE_1; f < FILE_NB; ++f) {
      int pawns = 0;
      for (Rank r = RANK_1; r < RANK_NB; ++r) pawns += b.board[make_square(f, r)] == make_piece(c, PAWN);
      if (pawns > 1) return "sfen: two unpromoted pawns of one side on file " + std::to_string(f + 1);
    }
  return std::nullopt;
}

// The side not to move must not be in check: it could be captured.
Error check_not_to_move_safe(const SfenBoard& b) {
  Bitboard occ;
  Square their_king = SQ_NONE;
  for (Square s = SQ_ZERO; s < SQ_NB; ++s)
    if (b.board[s] != NO_PIECE) {
      occ |= square_bb(s);
      if (b.board[s] == make_piece(~b.side, KING)) their_king = s;
    }
  if (their_king != SQ_NONE)
    for (Square s = SQ_ZERO; s < SQ_NB; ++s)
      if (b.board[s] != NO_PIECE && color_of(b.board[s]) == b.side &&
          attacks_bb(b.side, type_of(b.board[s]), s, occ).test(their_king))
        return std::string("sfen: the side not to move (") + (b.side == BLACK ? "White" : "Black") + ") is in check";
  return std::nullopt;
}

// The fields in order; each check runs only if the ones before it passed, so the first fault
// found names the message.
Error read_fields(const std::vector<std::string>& tok, SfenBoard& out) {
  if (auto err = read_board(tok[0], out)) return err;
  if (auto err = read_side(tok[1], out)) return err;
  if (auto err = read_hand(tok[2], out)) return err;
  if (tok.size() == 4) return read_move_number(tok[3], out);
  return std::nullopt;
}

// Without its leading digit: "+P" for a promoted Black pawn.
void append_piece(std::string& s, Piece pc) {
  if (type_of(pc) & PROMOTED && type_of(pc) != KING) s += '+';
  s += piece_to_char(pc);
}

}  // namespace

std::optional<std::string> parse_sfen(std::string_view text, SfenBoard& out) {
  std::istringstream is{std::string(text)};
  std::vector<std::string> tok;
  for (std::string t; is >> t;) tok.push_back(t);
  if (tok.size() < 3) return "sfen: expected '<board> <side> <hand> [<move number>]', got " + quoted(text);
  if (tok.size() > 4) return "sfen: unexpected text after the move number: " + quoted(tok[4]);
  out = SfenBoard{};
  if (auto err = read_fields(tok, out)) return err;
  if (auto err = check_piece_counts(out)) return err;
  if (auto err = check_nifu(out)) return err;
  return check_not_to_move_safe(out);
}

std::string write_sfen(const SfenBoard& b) {
  std::string s;
  for (Rank r = RANK_1; r < RANK_NB; ++r) {
    int empty = 0;
    for (File f = FILE_9; f >= FILE_1; --f) {
      const Piece pc = b.board[make_square(f, r)];
      if (pc == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) s += char('0' + empty), empty = 0;
      append_piece(s, pc);
    }
    if (empty) s += char('0' + empty);
    if (r != RANK_9) s += '/';
  }
  s += b.side == BLACK ? " b " : " w ";
  const size_t hands = s.size();
  for (Color c : {BLACK, WHITE})
    for (PieceType pr : kHandOrder)
      if (const int n = b.hand[c][pr]) {
        if (n > 1) s += std::to_string(n);
        s += piece_to_char(make_piece(c, pr));
      }
  if (s.size() == hands) s += '-';
  s += ' ';
  s += std::to_string(b.move_number);
  return s;
}

}  // namespace sashite
