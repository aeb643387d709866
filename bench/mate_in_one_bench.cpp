// mate_in_one/<method>/<case>: the mate-in-one methods of movegen_full/mate_in_one/mate_in_one.h,
// one row per registered method and case, cycles per call (one find() on one position). `make`
// (make each contact check and generate the evasions) is the baseline, its A/A row `aa` the
// noise floor; the search's own choice is whichever SASHITE_MATE_IN_ONE names. Cases:
//   mate    positions where the side to move mates in one (check-seeking walks from the
//           drop-heavy and matsuri positions and the mate problems' starts)
//   nomate  positions of the same walks with contact checks but no mate
//   walk    the middlegame walk sample, mate or not (mostly few candidates, no mate)
#include <string>
#include <type_traits>
#include <vector>

#include "bench/harness.h"
#include "bench/positions.h"
#include "movegen_full/mate_in_one/mate_in_one.h"

namespace sashite::bench {
namespace {

constexpr size_t kPositions = 256;

// Positions of check-seeking walks, not in check, kept by whether the baseline finds a mate
// and only where a contact check exists (so `nomate` positions make the methods work).
std::vector<std::string> walk_positions(bool mate) {
  const std::string starts[] = {std::string(reference_sfen("drops")), std::string(reference_sfen("matsuri")),
                                "3nkn3/9/4G4/9/9/9/9/9/4K4 b P 1", std::string(Position::kStartSfen)};
  std::vector<std::string> out;
  Rng rng(mate ? 0x3A7E : 0x40A7E);
  for (size_t w = 0; out.size() < kPositions && w < 100'000; ++w) {
    PositionLine g(starts[w % std::size(starts)]);
    random_walk(g, 80, rng, WalkPolicy::CheckSeeking, [&](Position& pos) {
      if (out.size() >= kPositions || pos.in_check() || rng.below(4)) return;
      const Square ksq = pos.king_square(~pos.side_to_move());
      if (ksq == SQ_NONE) return;
      ExtMove list[MAX_MOVES];
      if (detail::contact_candidates(pos, ksq, list) == list) return;
      StateInfo st;
      if ((MakeMateInOne::find(pos, st) != MOVE_NONE) == mate) out.push_back(pos.sfen());
    });
  }
  return out;
}

const auto& positions(int which) {
  static const auto mates = load(walk_positions(true)), nomates = load(walk_positions(false)),
                    walk = load(walk_sample(kPositions, 7));
  return which == 0 ? mates : which == 1 ? nomates : walk;
}

template <class M>
void run(benchmark::State& state, int which) {
  const auto& in = positions(which);
  StateInfo st;
  for (const auto& p : in) {  // every method must answer the baseline's move
    StateInfo st2;
    if (M::find(p->pos, st) != MakeMateInOne::find(p->pos, st2))
      return state.SkipWithError("method disagrees with make");
  }
  measure(state, in.size(), [&] {
    for (const auto& p : in) {
      Move m = M::find(p->pos, st);
      benchmark::DoNotOptimize(m);
    }
  });
}

const bool registered = [] {
  const char* cases[] = {"mate", "nomate", "walk"};
  for_each_type<RegisteredMateInOneMethods>([&]<class M>() {
    for (int which = 0; which < 3; ++which)
      add(
          std::string("mate_in_one/") + M::name + "/" + cases[which], [which](auto& s) { run<M>(s, which); },
          std::is_same_v<M, MakeMateInOne>);
  });
  return true;
}();

}  // namespace
}  // namespace sashite::bench
