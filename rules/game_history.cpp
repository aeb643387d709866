#include "rules/game_history.h"

#include <algorithm>

#include "engine/usi_text.h"
#include "movegen_full/usi_move.h"

namespace sashite {

std::optional<std::string> replay_game(std::string_view sfen, std::string_view moves, GameHistory& history) {
  // do_move reads only the state before it, so two states in turn serve a game of any length.
  StateInfo states[2];
  Position pos;
  if (auto err = pos.set(sfen, &states[0])) return err;
  GameHistory h;
  auto record = [&] {
    h.keys.push_back(pos.key());
    h.gave_check.push_back(pos.in_check());
  };
  record();
  size_t ply = 0;
  for (std::string_view word; !(word = usi::next_word(moves)).empty();) {
    std::string why;
    const Move m = parse_usi_move(pos, word, &why);
    if (m == MOVE_NONE) return "move " + std::to_string(ply + 1) + ": " + why;
    pos.do_move(m, states[++ply & 1]);
    record();
  }
  h.keys.shrink_to_fit();  // growth by doubling leaves up to half of it unused
  h.gave_check.shrink_to_fit();
  h.final_sfen = pos.sfen();
  history = std::move(h);
  return std::nullopt;
}

Repetition fourfold_repetition(const GameHistory& game) {
  const size_t n = game.plies();
  size_t seen = 0, first = n;
  for (size_t i = n % 2; i < n; i += 2)
    if (game.keys[i] == game.keys[n]) {
      ++seen;
      first = std::min(first, i);
    }
  if (seen < 3) return Repetition::None;
  // Move i was made by the side not to move at keys[i]: [0] the side to move at n, [1] the other.
  bool checked[2] = {true, true};
  for (size_t i = first + 1; i <= n; ++i) checked[(n - i) % 2 == 0] &= bool(game.gave_check[i]);
  if (checked[0] != checked[1]) return checked[0] ? Repetition::Loss : Repetition::Win;
  return Repetition::Draw;
}

}  // namespace sashite
