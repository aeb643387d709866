#include "match/csa.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "engine/game.h"
#include "movegen_full/usi_move.h"

namespace sashite::match {
namespace {

constexpr const char* kCsaPiece[PIECE_TYPE_NB] = {"", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"};

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

std::string sfen_piece(Color c, PieceType pt) {
  const char letter = piece_to_char(make_piece(c, raw_type(pt)));
  return pt >= PRO_PAWN ? std::string{'+', letter} : std::string{letter};
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
  const Game<> start(rec.start_sfen);
  const Position& pos = start.pos;
  std::string out = "V2.2\nN+" + rec.engines[BLACK].name + "\nN-" + rec.engines[WHITE].name + "\n";
  out += "'sashite match: " + std::string(to_string(rec.result)) + " by " + to_string(rec.reason) + "\n";
  out += "'detail " + rec.detail + "\n";
  out += "'time control black " + rec.clock[BLACK].text() + ", white " + rec.clock[WHITE].text() + "\n";
  out += "'start sfen " + rec.start_sfen + "\n";
  if (rec.start_sfen == Position::kStartSfen) {
    out += "PI\n+\n";
  } else {
    for (Rank r = RANK_1; r < RANK_NB; ++r) {
      out += "P" + std::to_string(r + 1);
      for (File f = FILE_9; f >= FILE_1; --f) {
        const Piece pc = pos.piece_on(make_square(f, r));
        out += pc == NO_PIECE ? " * " : std::string(color_of(pc) == BLACK ? "+" : "-") + kCsaPiece[type_of(pc)];
      }
      out += "\n";
    }
    for (Color c : {BLACK, WHITE}) {
      std::string hand;
      for (PieceType pt : kHandOrder)
        for (int n = pos.hand(c).count(pt); n > 0; --n) hand += std::string("00") + kCsaPiece[pt];
      if (!hand.empty()) out += std::string("P") + (c == BLACK ? "+" : "-") + hand + "\n";
    }
    out += pos.side_to_move() == BLACK ? "+\n" : "-\n";
  }
  replay(rec, [&](const Position& p, Move m, size_t i) {
    const PieceType moved = type_of(p.moved_piece(m));
    const PieceType after = is_promotion(m) ? promote(moved) : moved;
    out += (p.side_to_move() == BLACK ? "+" : "-") + (is_drop(m) ? std::string("00") : csa_square(from_sq(m))) + csa_square(to_sq(m)) + kCsaPiece[after] + "\n";
    out += "T" + std::to_string(i < rec.think_ms.size() ? rec.think_ms[i] / 1000 : 0) + "\n";
  });
  if (rec.reason == EndReason::IllegalMove) out += "'illegal move " + rec.bad_move + "\n";
  out += "%" + csa_end(rec.result, rec.reason) + "\n";
  return out;
}

std::optional<CsaGame> parse_csa(std::string_view text, std::string* error) {
  CsaGame g;
  int line_no = 0;
  auto bad = [&](const std::string& why) -> std::optional<CsaGame> {
    if (error) *error = "CSA line " + std::to_string(line_no) + ": " + why;
    return std::nullopt;
  };
  Piece board[SQ_NB] = {};
  int hand[COLOR_NB][RAW_END] = {};
  bool rows_seen[RANK_NB] = {}, any_rows = false, initial = false;
  std::optional<Game<>> game;
  auto start_game = [&](Color side) -> std::optional<std::string> {
    std::string sfen;
    for (Rank r = RANK_1; r < RANK_NB; ++r) {
      int empty = 0;
      for (File f = FILE_9; f >= FILE_1; --f) {
        const Piece pc = board[make_square(f, r)];
        if (pc == NO_PIECE) {
          ++empty;
          continue;
        }
        if (empty) sfen += std::to_string(std::exchange(empty, 0));
        sfen += sfen_piece(color_of(pc), type_of(pc));
      }
      if (empty) sfen += std::to_string(empty);
      if (r != RANK_9) sfen += '/';
    }
    sfen += side == BLACK ? " b " : " w ";
    std::string hands;
    for (Color c : {BLACK, WHITE})
      for (PieceType pt : kHandOrder)
        if (const int n = hand[c][pt]) hands += (n > 1 ? std::to_string(n) : "") + sfen_piece(c, pt);
    sfen += (hands.empty() ? "-" : hands) + " 1";
    g.start_sfen = sfen == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1" ? std::string(Position::kStartSfen) : sfen;
    try {
      game.emplace(g.start_sfen);
    } catch (const std::runtime_error& e) {
      return std::string("the start position is not legal: ") + e.what();
    }
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
      std::string_view st = rest.substr(0, comma);
      rest = comma == std::string_view::npos ? "" : rest.substr(comma + 1);
      if (!g.end.empty()) return bad("text after the game's end");
      if (st.starts_with("V") || st.starts_with("$")) continue;
      if (st.starts_with("N+") || st.starts_with("N-")) {
        g.names[st[1] == '+' ? BLACK : WHITE] = std::string(st.substr(2));
        continue;
      }
      if (st.starts_with("T") || st.empty()) continue;
      if (st.starts_with("%")) {
        if (!game) return bad("the game ends before it starts");
        g.end = std::string(st.substr(1));
        continue;
      }
      if (st.starts_with("PI")) {
        if (game || any_rows) return bad("a second start position");
        Game<> start(Position::kStartSfen);
        for (Square s = SQ_ZERO; s < SQ_NB; ++s) board[s] = start.pos.piece_on(s);
        for (std::string_view removed = st.substr(2); !removed.empty(); removed.remove_prefix(4)) {  // handicaps: "82HI"
          if (removed.size() < 4) return bad("truncated piece removal in PI");
          const Square s = csa_square(removed.substr(0, 2));
          if (s == SQ_NONE || board[s] == NO_PIECE || csa_piece(removed.substr(2, 2)) != type_of(board[s]))
            return bad("PI removes a piece that is not there: " + std::string(removed.substr(0, 4)));
          board[s] = NO_PIECE;
        }
        initial = any_rows = true;
        continue;
      }
      if (st.size() >= 2 && st[0] == 'P' && st[1] >= '1' && st[1] <= '9') {
        if (game || initial) return bad("a board row after the start position was given");
        const Rank r = Rank(st[1] - '1');
        if (st.size() != 29) return bad("a board row has 9 squares of 3 characters");
        for (int i = 0; i < 9; ++i) {
          const std::string_view cell = st.substr(2 + 3 * i, 3);
          const Square s = make_square(File(8 - i), r);
          if (cell == " * ") {
            board[s] = NO_PIECE;
            continue;
          }
          const PieceType pt = csa_piece(cell.substr(1));
          if ((cell[0] != '+' && cell[0] != '-') || pt == NO_PIECE_TYPE) return bad("not a square: '" + std::string(cell) + "'");
          board[s] = make_piece(cell[0] == '+' ? BLACK : WHITE, pt);
        }
        rows_seen[r] = any_rows = true;
        continue;
      }
      if (st.starts_with("P+") || st.starts_with("P-")) {
        if (game) return bad("hands after the start position was given");
        const Color c = st[1] == '+' ? BLACK : WHITE;
        for (std::string_view items = st.substr(2); !items.empty(); items.remove_prefix(4)) {
          if (items.size() < 4 || items.substr(0, 2) != "00") return bad("only pieces in hand (00XX) are supported in P+/P- lines");
          const PieceType pt = csa_piece(items.substr(2, 2));
          if (pt == NO_PIECE_TYPE || pt >= KING) return bad("not a piece for the hand: " + std::string(items.substr(2, 2)));
          ++hand[c][pt];
        }
        continue;
      }
      if ((st == "+" || st == "-") && !game) {
        if (!initial)
          for (bool seen : rows_seen)
            if (!seen) return bad("the board needs all nine rows P1..P9");
        if (auto err = start_game(st == "+" ? BLACK : WHITE)) return bad(*err);
        continue;
      }
      if ((st[0] == '+' || st[0] == '-') && st.size() == 7) {
        if (!game) return bad("a move before the start position");
        Position& p = game->pos;
        if ((st[0] == '+') != (p.side_to_move() == BLACK)) return bad("move " + std::string(st) + " by the side not to move");
        const PieceType after = csa_piece(st.substr(5, 2));
        const Square to = csa_square(st.substr(3, 2));
        if (after == NO_PIECE_TYPE || to == SQ_NONE) return bad("not a move: " + std::string(st));
        std::string usi;
        if (st.substr(1, 2) == "00") {
          if (after >= KING) return bad("a drop of a piece that cannot be dropped: " + std::string(st));
          usi = std::string{char(piece_to_char(make_piece(BLACK, after)))} + "*" + to_usi(to);
        } else {
          const Square from = csa_square(st.substr(1, 2));
          if (from == SQ_NONE || p.piece_on(from) == NO_PIECE) return bad("no piece to move: " + std::string(st));
          const PieceType before = type_of(p.piece_on(from));
          const bool promotes = after != before && can_promote(before) && after == promote(before);
          if (after != before && !promotes) return bad("the piece on " + std::string(st.substr(1, 2)) + " is not " + kCsaPiece[after] + ": " + std::string(st));
          usi = to_usi(from) + to_usi(to) + (promotes ? "+" : "");
        }
        std::string why;
        const Move m = parse_usi_move(p, usi, &why);
        if (m == MOVE_NONE) return bad("move " + std::to_string(g.moves.size() + 1) + " (" + std::string(st) + "): " + why);
        g.moves.push_back(usi);
        game->play(m);
        continue;
      }
      return bad("not a CSA statement: '" + std::string(st.substr(0, 40)) + "'");
    }
  }
  if (!game) return bad("no start position (PI or P1..P9, then + or -)");
  return g;
}

}  // namespace sashite::match
