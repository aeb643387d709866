// Game records in KIF, the format of Kakinoki's Kifu for Windows that ShogiHome, Shogidokoro
// and most Japanese tools read: the runner's optional second record per game (--kif).
//
//   先手：sashite-full                names
//   後手：sashite-diff
//   手合割：平手                      the start position; any other as a board diagram (BOD)
//   手数----指手---------消費時間--
//      1 ７六歩(77)   ( 0:01/00:00:01) move: target, piece, 成/不成/打, origin (file, rank)
//      2 同　歩(34)   ...               同 when it lands where the previous move landed
//     87 投了                          the end: 投了, 詰み, 千日手, 反則負け, 切れ負け, 入玉勝ち, 持将棋, 中断
//   まで86手で後手の勝ち
#pragma once

#include <string>

#include "match/game.h"

namespace sashite::match {

std::string kif_record(const GameRecord& rec);

}  // namespace sashite::match
