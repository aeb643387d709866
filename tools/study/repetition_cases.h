// Move sequences that end in each repetition outcome, and every implementation's answer on
// them (tests/repetition_test.cpp checks them, tools/repetition_study prints them).
#pragma once

#include <stdexcept>
#include <string>

#include "movegen_full/usi_move.h"
#include "rules/repetition.h"
#include "movegen_full/random_walk.h"

namespace sashite::study {

using AddHand = AdditiveKey<Hand64>;

constexpr std::string_view kRookChecks = "8k/9/9/9/9/9/9/9/K6R1 b - 1";
constexpr std::string_view kDropAndTake = "4k4/9/9/9/9/9/9/9/4K4 b 2SG 1";
// merom686's (shogi686 hands, 2016) two-field case: silver drop, king takes, gold drop, king takes. Black to move
// has lost a silver and a gold (the key difference has two bits set).
constexpr std::string_view kSilverGoldTaken = "S*5b 5a5b G*5a 5b5a";
// The same with two golds: a difference of 2 in one field, one bit (0b10).
constexpr std::string_view kTwoGolds = "4k4/9/9/9/9/9/9/9/4K4 b 2G 1";
constexpr std::string_view kTwoGoldsTaken = "G*5b 5a5b G*5a 5b5a";
// A field that changed by 4 has a bit above the mask's two: four pawns dropped and taken,
// the king walking back; the board repeats 16 plies later with Black four pawns down.
constexpr std::string_view kFourPawns = "4k4/9/9/9/9/9/9/9/4K4 b 4P 1";
constexpr std::string_view kFourPawnsTaken =
    "P*5b 5a5b P*5c 5b5c P*5d 5c5d P*5e 5d5e 5i4i 5e5d 4i5i 5d5c 5i4i 5c5b 4i5i 5b5a";

template <class H>
void play_usi(PositionLine<BasicPosition<H>>& g, std::string_view moves) {
  for (size_t i = 0; i < moves.size();) {
    const size_t j = std::min(moves.find(' ', i), moves.size());
    std::string err;
    const Move m = parse_usi_move(g.pos, moves.substr(i, j - i), &err);
    if (m == MOVE_NONE) throw std::runtime_error(std::string(moves.substr(i, j - i)) + ": " + err);
    g.play(m);
    i = j + 1;
  }
}

// Every implementation's answer after `moves` from `sfen`.
struct Outcome {
  Repetition board_key, board_key_xor, key_diff, single_bit, popcount2;
};
inline Outcome detect(std::string_view sfen, std::string_view moves, int horizon = 20) {
  PositionLine<BasicPosition<AddHand>> g(sfen);
  PositionLine<BasicPosition<Hand64>> x(sfen);
  play_usi(g, moves);
  play_usi(x, moves);
  return {by_board_key(g.pos, horizon), by_board_key(x.pos, horizon), by_key_difference(g.pos, horizon),
          by_key_difference(g.pos, horizon, KeyDiffFilter::SingleBit),
          by_key_difference(g.pos, horizon, KeyDiffFilter::Popcount2)};
}

}  // namespace sashite::study
