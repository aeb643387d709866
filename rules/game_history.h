// The game a `position` command sets up, kept compact: per ply the key of the position reached
// and whether the move into it gave check, which is what repetition detection (sennichite and
// its continuous-check rule) needs of the moves before the search's root. The position in
// force is then built from the final SFEN, for whichever generator: a differential position
// holds ~1.7 KB of undo state per ply, a full one ~100 bytes, and a game line can hold a
// hundred thousand moves.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"
#include "rules/repetition.h"

namespace sashite {

struct GameHistory {
  std::vector<Key> keys;            // keys[i]: after i moves; keys[0] is the starting SFEN's
  std::vector<uint8_t> gave_check;  // gave_check[i]: the side to move at keys[i] is in check,
                                    // i.e. move i gave check (at 0: in check in the SFEN)
  std::string final_sfen;           // the position after the last move

  size_t plies() const { return keys.size() - 1; }
};

// Plays `moves` (USI move words, white space between them) from `sfen` on a full Position,
// recording the history. On a bad SFEN or move returns the reason ("move 3: illegal move ...")
// and leaves `history` as it was.
std::optional<std::string> replay_game(std::string_view sfen, std::string_view moves, GameHistory& history);

// The game rule at the history's last position (README Conventions): the position stood there
// three times before (same side to move) makes a fourfold repetition, a Draw, unless one side
// gave check on every one of its moves since the first occurrence: then Loss if that side is
// the one to move now, Win if it is the other. None otherwise. For referees; the search counts
// the first repetition already (rules/repetition.h).
Repetition fourfold_repetition(const GameHistory& game);

}  // namespace sashite
