// Links the installed sashite::movegen_full: perft 3 of the start position must be 25470.
#include <cstdio>

#include "engine/position.h"
#include "movegen_full/perft.h"

int main() {
  sashite::StateInfo st;
  sashite::Position pos;
  if (auto err = pos.set(sashite::Position::kStartSfen, &st)) {
    std::printf("bad sfen: %s\n", err->c_str());
    return 1;
  }
  const unsigned long long nodes = sashite::perft(pos, 3);
  std::printf("perft 3 start: %llu\n", nodes);
  return nodes == 25470 ? 0 : 1;
}
