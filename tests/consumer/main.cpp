// Links the installed package: perft 3 of the start position must be 25470 with every
// registered hand layout (each lives in its own object inside sashite::movegen_full) and with
// the differential generator (sashite::movegen_diff, hence sashite::dbb and xbyak).
#include <cstdio>

#include "engine/position.h"
#include "movegen_diff/diff_position.h"
#include "movegen_full/perft.h"
#include "rules/repetition.h"

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
  for_each_hand_layout([&]<class H>() { ok &= perft3_ok<H>(layout_and_scheme_name<H>().c_str()); });
  DiffPosition<DefaultHand> diff;
  DiffPosition<DefaultHand>::State st;
  ok &= !diff.set(Position::kStartSfen, &st) && perft(diff, 3) == 25470;
  std::printf("differential: %s; search library: %s\n", ok ? "25470" : "wrong", repetition_name(Repetition::None));
  std::printf(ok ? "consumer: every count 25470\n" : "consumer: wrong count\n");
  return ok ? 0 : 1;
}
