// libFuzzer target: USI moves played on the full Position and on differential positions in
// step (tests/diff_equivalence.h's DiffTwins: LegalAll and Legal caches, one generating only
// now and then), comparing at every ply the SFEN, key, consistency checks, the move set of
// every generation category, and the dirty masks against a brute-force recomputation.
//
// Input: a first line with an SFEN (empty or unparsable: the start position), then words:
//   a legal USI move ("7g7f")  is played;
//   a number k                 plays the k-th legal move (mod their count), so that random
//                              bytes still make long games;
//   "u"                        takes the last move back on all positions;
//   anything else              is skipped.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "diff_equivalence.h"
#include "fuzz_check.h"
#include "movegen_full/usi_move.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace sashite;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const size_t eol = text.find('\n');
  std::string sfen(text.substr(0, eol));
  {
    Position probe;
    StateInfo st;
    if (sfen.empty() || probe.set(sfen, &st)) sfen = Position::kStartSfen;
  }
  sashite::testing::DiffTwins<DefaultHand> twins(sfen, 1);
  sashite::testing::WalkCounts counts;
  auto check_node = [&](std::string_view after) {
    const std::string err = twins.node_error(counts);
    fuzz::require(err.empty(), err, after);
  };
  check_node("set");
  std::istringstream words{std::string(eol == std::string_view::npos ? "" : text.substr(eol + 1))};
  for (std::string w; words >> w;) {
    if (w == "u") {
      if (twins.depth() > 0) {
        twins.undo();
        check_node("undo");
      }
      continue;
    }
    // The differential list arena holds MAX_PLY plies below set().
    if (twins.depth() >= MAX_PLY - 2) continue;
    const MoveList<GenType::LegalAll> legal(twins.full());
    if (legal.size() == 0) continue;
    Move m = parse_usi_move(twins.full(), w, nullptr);
    if (m == MOVE_NONE && w.find_first_not_of("0123456789") == std::string::npos && w.size() <= 9)
      m = (legal.begin() + std::stoul(w) % legal.size())->move;
    if (m == MOVE_NONE) continue;
    const std::string dirty = twins.dirty_error(m);
    fuzz::require(dirty.empty(), dirty, to_usi(m));
    const std::string played = twins.play(m);
    fuzz::require(played.empty(), played, to_usi(m));
    check_node(to_usi(m));
  }
  return 0;
}
