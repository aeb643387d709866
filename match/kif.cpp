#include "match/kif.h"

#include <cstdio>
#include <stdexcept>

#include "engine/position_line.h"
#include "engine/notation.h"
#include "movegen_full/usi_move.h"

namespace sashite::match {
namespace {

// One-character names for the board diagram (the moves use engine/notation.h's).
constexpr const char* kBoardPiece[PIECE_TYPE_NB] = {"",   "歩", "香", "桂", "銀", "角", "飛", "金",
                                                    "玉", "と", "杏", "圭", "全", "馬", "龍"};
constexpr const char* kCount[] = {"",   "",     "二",   "三",   "四",   "五",   "六",   "七",   "八",  "九",
                                  "十", "十一", "十二", "十三", "十四", "十五", "十六", "十七", "十八"};

std::string hand_text(const Position& pos, Color c) {
  std::string s;
  for (PieceType pt : kHandOrder)
    if (const int n = pos.hand(c).count(pt)) s += std::string(japanese_name(pt)) + kCount[n] + "　";
  return s.empty() ? "なし" : s;
}

std::string board_diagram(const Position& pos) {
  std::string s =
      "後手の持駒：" + hand_text(pos, WHITE) + "\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
  for (Rank r = RANK_1; r < RANK_NB; ++r) {
    s += "|";
    for (File f = FILE_9; f >= FILE_1; --f) {
      const Piece pc = pos.piece_on(make_square(f, r));
      s += pc == NO_PIECE ? " ・" : std::string(color_of(pc) == WHITE ? "v" : " ") + kBoardPiece[type_of(pc)];
    }
    s += std::string("|") + japanese_rank(r) + "\n";
  }
  s += "+---------------------------+\n先手の持駒：" + hand_text(pos, BLACK) + "\n";
  if (pos.side_to_move() == WHITE) s += "後手番\n";
  return s;
}

std::string clock_text(int64_t ms, int64_t total_ms) {
  char buf[64];
  const int64_t s = ms / 1000, t = total_ms / 1000;
  std::snprintf(buf, sizeof buf, "(%2lld:%02lld/%02lld:%02lld:%02lld)", (long long)(s / 60), (long long)(s % 60),
                (long long)(t / 3600), (long long)(t / 60 % 60), (long long)(t % 60));
  return buf;
}

const char* end_word(EndReason r) {
  switch (r) {
    case EndReason::Resignation:
    case EndReason::AdjudicatedWin: return "投了";
    case EndReason::Checkmate: return "詰み";
    case EndReason::Repetition:
    case EndReason::PerpetualCheck: return "千日手";
    case EndReason::Declaration: return "入玉勝ち";
    case EndReason::MaxPlies:
    case EndReason::AdjudicatedDraw: return "持将棋";
    case EndReason::Timeout: return "切れ負け";
    case EndReason::IllegalMove:
    case EndReason::BadDeclaration: return "反則負け";
    case EndReason::EngineFailure: return "中断";
  }
  return "中断";
}

}  // namespace

std::string kif_record(const GameRecord& rec) {
  const PositionLine<> start(rec.start_sfen);
  const Position& pos = start.pos;
  std::string out = "# KIF written by the sashite match runner: " + std::string(to_string(rec.result)) + " by " +
                    to_string(rec.reason) + "\n";
  out += "# " + rec.detail + "\n";
  out += "先手：" + rec.engines[BLACK].name + "\n後手：" + rec.engines[WHITE].name + "\n";
  out += rec.start_sfen == Position::kStartSfen ? "手合割：平手\n" : board_diagram(pos);
  out += "手数----指手---------消費時間--\n";
  int64_t total[COLOR_NB] = {0, 0};
  Move previous = MOVE_NONE;
  replay(rec, [&](const Position& p, Move m, size_t i) {
    const int64_t ms = i < rec.think_ms.size() ? rec.think_ms[i] : 0;
    total[p.side_to_move()] += ms;
    char num[16];
    std::snprintf(num, sizeof num, "%4zu ", i + 1);
    out += num + to_kif(p, m, previous) + "   " + clock_text(ms, total[p.side_to_move()]) + "\n";
    previous = m;
  });
  char num[16];
  std::snprintf(num, sizeof num, "%4zu ", rec.moves.size() + 1);
  out += num + std::string(end_word(rec.reason)) + "\n";
  const size_t n = rec.moves.size();
  if (rec.result == GameResult::Draw)
    out += "まで" + std::to_string(n) + "手で" + (rec.reason == EndReason::Repetition ? "千日手" : "持将棋") + "\n";
  else
    out += "まで" + std::to_string(n) + "手で" + (rec.result == GameResult::BlackWins ? "先手" : "後手") + "の勝ち\n";
  return out;
}

}  // namespace sashite::match
