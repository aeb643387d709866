// Seeded random walks over legal moves: the positions tests, benchmarks and tools use beyond
// movegen_full/reference.h. Every walk is a pure function of its seed, the same on every run and machine.
#pragma once

#include <cstdint>
#include <iterator>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position_line.h"
#include "movegen_full/movegen.h"
#include "movegen_full/reference.h"

namespace sashite {

// SplitMix64: small, seedable, identical on every platform.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed) {}
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  size_t below(size_t n) { return size_t(next() % n); }
};

// How a walk picks its next move among the legal ones.
enum class WalkPolicy {
  Uniform,       // any legal move, uniformly
  CheckSeeking,  // a checking move half of the time one exists, so that many positions are in
                 // check (evasions are where generators differ most)
};

// Plays up to `plies` random legal moves from g's position, calling visit(g.pos) after each;
// stops early at a mate.
template <HandLayout H, class Visit>
void random_walk(PositionLine<BasicPosition<H>>& g, int plies, Rng& rng, WalkPolicy policy, Visit&& visit) {
  std::vector<Move> checks;
  for (int i = 0; i < plies; ++i) {
    MoveList<GenType::LegalAll, H> list(g.pos);
    if (!list.size()) return;
    checks.clear();
    if (policy == WalkPolicy::CheckSeeking)
      for (const ExtMove& m : list)
        if (g.pos.gives_check(m)) checks.push_back(m);
    g.play(!checks.empty() && rng.below(2) ? checks[rng.below(checks.size())]
                                           : list.begin()[rng.below(list.size())].move);
    visit(g.pos);
  }
}

// One attacking pair from g's position: a random check (GenType::Checks), then a random
// evasion. False, with nothing or only the check played, where either has none. Mate problems
// walked this way keep their mates in one near.
template <HandLayout H>
bool play_check_and_evasion(PositionLine<BasicPosition<H>>& g, Rng& rng) {
  MoveList<GenType::Checks, H> checks(g.pos);
  if (!checks.size()) return false;
  g.play(checks.begin()[rng.below(checks.size())]);
  MoveList<GenType::Evasions, H> evasions(g.pos);
  if (!evasions.size()) return false;
  g.play(evasions.begin()[rng.below(evasions.size())]);
  return true;
}

// The SFEN of every position a random walk visits, the start included.
inline std::vector<std::string> random_walk_sfens(std::string_view start, int plies, Rng& rng,
                                                  WalkPolicy policy = WalkPolicy::Uniform) {
  PositionLine g(start);
  std::vector<std::string> out{g.pos.sfen()};
  random_walk(g, plies, rng, policy, [&](const Position& pos) { out.push_back(pos.sfen()); });
  return out;
}

// `count` positions, each the end of a seeded walk of 30..129 plies from the start position
// over the search move set (no useless non-promotions): mostly middlegames. Throws if the
// start position has no move, which means the attack tables or the generator are broken.
inline std::vector<std::string> walk_sample(size_t count, uint64_t seed) {
  Rng rng(seed);
  std::vector<std::string> out;
  while (out.size() < count) {
    PositionLine g(Position::kStartSfen);
    const int plies = 30 + int(rng.below(100));
    for (int i = 0; i < plies; ++i) {
      MoveList<GenType::Legal> list(g.pos);
      if (!list.size()) {
        if (i == 0) throw std::logic_error("walk_sample: the start position has no legal move");
        break;
      }
      g.play(list.begin()[rng.below(list.size())]);
    }
    out.push_back(g.pos.sfen());
  }
  return out;
}

// `count` distinct positions in check, from check-seeking walks of up to 200 plies from the
// start position and from the middlegames and the "drops" position of movegen_full/reference.h in turn (these have
// pieces in hand, so that interposing drops occur): evasion generation has work in each (a
// mate or two among them is possible).
inline std::vector<std::string> in_check_sample(size_t count, uint64_t seed) {
  const std::string_view starts[] = {Position::kStartSfen, reference_sfen("matsuri"), reference_sfen("middlegame_b91"),
                                     reference_sfen("middlegame_w124"), reference_sfen("drops")};
  Rng rng(seed);
  std::set<std::string> seen;
  std::vector<std::string> out;
  for (int walks = 0; out.size() < count; ++walks) {
    if (walks == 1000) throw std::logic_error("in_check_sample: 1000 check-seeking walks gave too few checks");
    PositionLine g(starts[walks % std::size(starts)]);
    int kept = 0;  // a few per walk, so that every start contributes
    random_walk(g, 200, rng, WalkPolicy::CheckSeeking, [&](const Position& pos) {
      if (pos.in_check() && kept < 4 && out.size() < count && seen.insert(pos.sfen()).second) {
        out.push_back(pos.sfen());
        ++kept;
      }
    });
  }
  return out;
}

// `count` drop-heavy positions: walks of 2..39 plies from the "drops" position of movegen_full/reference.h (two kings
// and every other piece in hand), each end kept only when the side to move is not in check and
// holds at least five kinds, so that drop generation has most of the board and hand to cover.
inline std::vector<std::string> full_hand_sample(size_t count, uint64_t seed) {
  Rng rng(seed);
  std::vector<std::string> out;
  for (int walks = 0; out.size() < count; ++walks) {
    if (walks == 100 * int(count)) throw std::logic_error("full_hand_sample: the walks keep emptying the hands");
    PositionLine g(reference_sfen("drops"));
    random_walk(g, 2 + int(rng.below(38)), rng, WalkPolicy::Uniform, [](const Position&) {});
    int kinds = 0;
    for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) kinds += g.pos.hand(g.pos.side_to_move()).has(pr);
    if (!g.pos.in_check() && kinds >= 5) out.push_back(g.pos.sfen());
  }
  return out;
}

}  // namespace sashite
