// Links the installed sashite::movegen_full: perft 3 of the start position must be 25470 with
// every registered hand layout, each of which lives in its own object inside the library.
#include <cstdio>

#include "engine/position.h"
#include "movegen_full/perft.h"

template <class Hand>
bool perft3_ok(const char* layout) {
  sashite::StateInfo st;
  sashite::BasicPosition<Hand> pos;
  if (auto err = pos.set(sashite::Position::kStartSfen, &st)) {
    std::printf("%s: bad sfen: %s\n", layout, err->c_str());
    return false;
  }
  const unsigned long long nodes = sashite::perft(pos, 3);
  std::printf("%s perft 3 start: %llu\n", layout, nodes);
  return nodes == 25470;
}

int main() {
  using namespace sashite;
  bool ok = true;
#define SASHITE_CONSUMER_PERFT(H) ok &= perft3_ok<H>(#H);
  SASHITE_FOR_EACH_HAND_LAYOUT(SASHITE_CONSUMER_PERFT)
  std::printf(ok ? "all layouts: 25470\n" : "wrong count\n");
  return ok ? 0 : 1;
}
