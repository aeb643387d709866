#include "match/csa.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "engine/position_line.h"
#include "engine/sfen.h"
#include "movegen_full/usi_move.h"

namespace sashite::match {
namespace {

constexpr const char* kCsaPiece[PIECE_TYPE_NB] = {"",   "FU", "KY", "KE", "GI", "KA", "HI", "KI",
                                                  "OU", "TO", "NY", "NK", "NG", "UM", "RY"};

PieceType csa_piece(std::string_view s) {
  for (PieceType pt = PAWN; pt < PIECE_TYPE_NB; ++pt)
    if (s == kCsaPiece[pt]) return pt;
  return NO_PIECE_TYPE;
}

// "77" as a square; SQ_NONE unless both digits are 1..9.
Square csa_square(std::string_view s) {
  if (s.size() != 2 || s[0] < '1' || s[0] > '9' || s[1] < '1' || s[1] > '9') return SQ_NONE;
  return make_square(File(s[0] - '1'), Rank(s[1] - '1'));
}

std::string csa_square(Square s) { return std::string{char('1' + file_of(s)), char('1' + rank_of(s))}; }

// Appends the parts and a newline. Part by part, never `"text" + std::string&&`: that inserts
// at the front, which GCC 12 wrongly flags as an overlapping copy (-Wrestrict, GCC bugs 105329
// and 105651).
template <class... Parts>
void add_line(std::string& out, const Parts&... parts) {
  ((out += parts), ...);
  out += '\n';
}

// PI for the start position, else P1..P9 rows and P+/P- hands; then the side to move.
void add_position(std::string& out, const GameRecord& rec) {
  if (rec.start_sfen == Position::kStartSfen) {
    add_line(out, "PI");
    return add_line(out, "+");
  }
  const PositionLine<> start(rec.start_sfen);
  const Position& pos = start.pos;
  for (Rank r = RANK_1; r < RANK_NB; ++r) {
    out += 'P';
    out += char('1' + r);
    for (File f = FILE_9; f >= FILE_1; --f) {
      const Piece pc = pos.piece_on(make_square(f, r));
      if (pc == NO_PIECE) {
        out += " * ";
        continue;
      }
      out += color_of(pc) == BLACK ? '+' : '-';
      out += kCsaPiece[type_of(pc)];
    }
    out += '\n';
  }
  for (Color c : {BLACK, WHITE}) {
    std::string hand;
    for (PieceType pt : kHandOrder)
      for (int n = pos.hand(c).count(pt); n > 0; --n) {
        hand += "00";
        hand += kCsaPiece[pt];
      }
    if (!hand.empty()) add_line(out, c == BLACK ? "P+" : "P-", hand);
  }
  add_line(out, pos.side_to_move() == BLACK ? "+" : "-");
}

}  // namespace

std::string csa_end(GameResult result, EndReason reason) {
  // The loser of a decided game; for a draw the value is unused.
  const char loser = result == GameResult::BlackWins ? '-' : '+';
  switch (reason) {
    case EndReason::Resignation:
    case EndReason::AdjudicatedWin: return "TORYO";
    case EndReason::Checkmate: return "TSUMI";
    case EndReason::Repetition: return "SENNICHITE";
    case EndReason::PerpetualCheck: return "OUTE_SENNICHITE";
    case EndReason::Declaration: return "KACHI";
    case EndReason::MaxPlies: return "JISHOGI";
    case EndReason::AdjudicatedDraw: return "HIKIWAKE";
    case EndReason::Timeout: return "TIME_UP";
    case EndReason::BadDeclaration:
    case EndReason::IllegalMove: return std::string{loser} + "ILLEGAL_ACTION";
    case EndReason::EngineFailure: return "CHUDAN";
  }
  return "ERROR";
}

std::string csa_record(const GameRecord& rec) {
  std::string out;
  add_line(out, "V2.2");
  add_line(out, "N+", rec.engines[BLACK].name);
  add_line(out, "N-", rec.engines[WHITE].name);
  add_line(out, "'sashite match: ", to_string(rec.result), " by ", to_string(rec.reason));
  add_line(out, "'detail ", rec.detail);
  add_line(out, "'time control black ", rec.clock[BLACK].text(), ", white ", rec.clock[WHITE].text());
  add_line(out, "'start sfen ", rec.start_sfen);
  add_position(out, rec);
  replay(rec, [&](const Position& p, Move m, size_t i) {
    const PieceType moved = type_of(p.moved_piece(m));
    const PieceType after = is_promotion(m) ? promote(moved) : moved;
    add_line(out, p.side_to_move() == BLACK ? "+" : "-", is_drop(m) ? std::string("00") : csa_square(from_sq(m)),
             csa_square(to_sq(m)), kCsaPiece[after]);
    add_line(out, "T", std::to_string(i < rec.think_ms.size() ? rec.think_ms[i] / 1000 : 0));
  });
  if (rec.reason == EndReason::IllegalMove) add_line(out, "'illegal move ", rec.bad_move);
  add_line(out, "%", csa_end(rec.result, rec.reason));
  return out;
}

namespace {

using Error = std::optional<std::string>;

// "+7776FU" (or "+0045KA", a drop) in USI text, checked against the position it is played in:
// the piece it names must be the one on its target afterwards.
Error csa_move_to_usi(const Position& p, std::string_view st, std::string* usi) {
  const PieceType after = csa_piece(st.substr(5, 2));
  const Square to = csa_square(st.substr(3, 2));
  if (after == NO_PIECE_TYPE || to == SQ_NONE) return "not a move: " + std::string(st);
  if (st.substr(1, 2) == "00") {
    if (after >= KING) return "a drop of a piece that cannot be dropped: " + std::string(st);
    *usi = std::string{char(piece_to_char(make_piece(BLACK, after))), '*'} + to_usi(to);
    return std::nullopt;
  }
  const Square from = csa_square(st.substr(1, 2));
  if (from == SQ_NONE || p.piece_on(from) == NO_PIECE) return "no piece to move: " + std::string(st);
  const PieceType before = type_of(p.piece_on(from));
  const bool promotes = after != before && can_promote(before) && after == promote(before);
  if (after != before && !promotes)
    return "the piece on " + std::string(st.substr(1, 2)) + " is not " + kCsaPiece[after] + ": " + std::string(st);
  *usi = to_usi(from) + to_usi(to);
  if (promotes) *usi += '+';
  return std::nullopt;
}

// A record read statement by statement: the start position as its rows and hands come, then
// the game, replayed move by move.
class CsaReader {
 public:
  Error statement(std::string_view st);
  Error finish() const { return game_ ? Error() : "no start position (PI or P1..P9, then + or -)"; }
  CsaGame& result() { return g_; }

 private:
  Error initial(std::string_view removed);
  Error board_row(std::string_view st);
  Error hand(std::string_view st);
  Error start(Color side);
  Error move(std::string_view st);

  CsaGame g_;
  SfenBoard board_;
  bool rows_seen_[RANK_NB] = {}, any_rows_ = false, initial_ = false;
  std::optional<PositionLine<>> game_;
};

Error CsaReader::statement(std::string_view st) {
  if (!g_.end.empty()) return "text after the game's end";
  if (st.starts_with("V") || st.starts_with("$")) return std::nullopt;
  if (st.starts_with("N+") || st.starts_with("N-")) {
    g_.names[st[1] == '+' ? BLACK : WHITE] = std::string(st.substr(2));
    return std::nullopt;
  }
  if (st.starts_with("T") || st.empty()) return std::nullopt;
  if (st.starts_with("%")) {
    if (!game_) return "the game ends before it starts";
    g_.end = std::string(st.substr(1));
    return std::nullopt;
  }
  if (st.starts_with("PI")) return initial(st.substr(2));
  if (st.size() >= 2 && st[0] == 'P' && st[1] >= '1' && st[1] <= '9') return board_row(st);
  if (st.starts_with("P+") || st.starts_with("P-")) return hand(st);
  if ((st == "+" || st == "-") && !game_) return start(st == "+" ? BLACK : WHITE);
  if ((st[0] == '+' || st[0] == '-') && st.size() == 7) return move(st);
  return "not a CSA statement: '" + std::string(st.substr(0, 40)) + "'";
}

// PI, the start position's board less the pieces named after it (handicaps: "PI82HI22KA").
Error CsaReader::initial(std::string_view removed) {
  if (game_ || any_rows_) return "a second start position";
  SfenBoard start;
  parse_sfen(Position::kStartSfen, start);  // cannot fail
  board_.board = start.board;               // the hands given by P+/P- stay
  for (; !removed.empty(); removed.remove_prefix(4)) {
    if (removed.size() < 4) return "truncated piece removal in PI";
    const Square s = csa_square(removed.substr(0, 2));
    if (s == SQ_NONE || board_.board[s] == NO_PIECE || csa_piece(removed.substr(2, 2)) != type_of(board_.board[s]))
      return "PI removes a piece that is not there: " + std::string(removed.substr(0, 4));
    board_.board[s] = NO_PIECE;
  }
  initial_ = any_rows_ = true;
  return std::nullopt;
}

// "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY": one rank, file 9 first, " * " for an empty square.
Error CsaReader::board_row(std::string_view st) {
  if (game_ || initial_) return "a board row after the start position was given";
  const Rank r = Rank(st[1] - '1');
  if (st.size() != 29) return "a board row has 9 squares of 3 characters";
  for (int i = 0; i < 9; ++i) {
    const std::string_view cell = st.substr(2 + 3 * i, 3);
    Piece& pc = board_.board[make_square(File(8 - i), r)];
    if (cell == " * ") {
      pc = NO_PIECE;
      continue;
    }
    const PieceType pt = csa_piece(cell.substr(1));
    if ((cell[0] != '+' && cell[0] != '-') || pt == NO_PIECE_TYPE) return "not a square: '" + std::string(cell) + "'";
    pc = make_piece(cell[0] == '+' ? BLACK : WHITE, pt);
  }
  rows_seen_[r] = any_rows_ = true;
  return std::nullopt;
}

// "P+00KA00FU": pieces in one side's hand.
Error CsaReader::hand(std::string_view st) {
  if (game_) return "hands after the start position was given";
  const Color c = st[1] == '+' ? BLACK : WHITE;
  for (std::string_view items = st.substr(2); !items.empty(); items.remove_prefix(4)) {
    if (items.size() < 4 || items.substr(0, 2) != "00")
      return "only pieces in hand (00XX) are supported in P+/P- lines";
    const PieceType pt = csa_piece(items.substr(2, 2));
    if (pt == NO_PIECE_TYPE || pt >= KING) return "not a piece for the hand: " + std::string(items.substr(2, 2));
    ++board_.hand[c][pt];
  }
  return std::nullopt;
}

// "+" or "-" after the position: the side to move, and the game starts.
Error CsaReader::start(Color side) {
  if (!initial_)
    for (bool seen : rows_seen_)
      if (!seen) return "the board needs all nine rows P1..P9";
  board_.side = side;
  g_.start_sfen = write_sfen(board_);
  try {
    game_.emplace(g_.start_sfen);
  } catch (const std::runtime_error& e) {
    return std::string("the start position is not legal: ") + e.what();
  }
  return std::nullopt;
}

Error CsaReader::move(std::string_view st) {
  if (!game_) return "a move before the start position";
  Position& p = game_->pos;
  if ((st[0] == '+') != (p.side_to_move() == BLACK)) return "move " + std::string(st) + " by the side not to move";
  std::string usi, why;
  if (auto err = csa_move_to_usi(p, st, &usi)) return err;
  const Move m = parse_usi_move(p, usi, &why);
  if (m == MOVE_NONE) return "move " + std::to_string(g_.moves.size() + 1) + " (" + std::string(st) + "): " + why;
  g_.moves.push_back(usi);
  game_->play(m);
  return std::nullopt;
}

}  // namespace

std::optional<CsaGame> parse_csa(std::string_view text, std::string* error) {
  CsaReader reader;
  int line_no = 0;
  auto bad = [&](const std::string& why) -> std::optional<CsaGame> {
    if (error) *error = "CSA line " + std::to_string(line_no) + ": " + why;
    return std::nullopt;
  };
  for (size_t pos = 0; pos <= text.size();) {
    const size_t nl = std::min(text.find('\n', pos), text.size());
    std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty() || line[0] == '\'') continue;
    for (std::string_view rest = line; !rest.empty();) {  // "+7776FU,T12": statements split by commas
      const size_t comma = rest.find(',');
      const std::string_view st = rest.substr(0, comma);
      rest = comma == std::string_view::npos ? "" : rest.substr(comma + 1);
      if (auto err = reader.statement(st)) return bad(*err);
    }
  }
  if (auto err = reader.finish()) return bad(*err);
  return std::move(reader.result());
}

}  // namespace sashite::match
