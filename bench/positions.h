// Fixed position sets for benchmarks: the SPEC.md §4 positions and seeded random-walk samples.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "movegen_full/reference.h"
#include "tests/walk.h"

namespace sashite::bench {

// A parsed position with its root state, kept alive for the whole run.
template <HandLayout H = DefaultHand>
struct OwnedPosition {
  BasicPosition<H> pos;
  StateInfo st;
  explicit OwnedPosition(std::string_view sfen) {
    if (auto err = pos.set(sfen, &st)) throw std::runtime_error(*err);
  }
};

inline std::string_view reference_sfen(std::string_view name) {
  for (const ReferencePosition& r : kReferencePositions)
    if (r.name == name) return r.sfen;
  throw std::runtime_error("no reference position " + std::string(name));
}

// `count` positions from seeded random walks of 30..130 plies from the start position, over the
// search move set (no useless non-promotions). The same on every run and machine.
inline std::vector<std::string> walk_sample(size_t count, uint64_t seed) {
  testing::Rng rng(seed);
  std::vector<std::string> out;
  while (out.size() < count) {
    testing::Game g(BasicPosition<DefaultHand>::kStartSfen);
    const int plies = 30 + int(rng.below(100));
    for (int i = 0; i < plies; ++i) {
      MoveList<GenType::Legal> list(g.pos);
      if (!list.size()) break;
      g.play(list.begin()[rng.below(list.size())]);
    }
    out.push_back(g.pos.sfen());
  }
  return out;
}

template <HandLayout H = DefaultHand>
std::vector<std::unique_ptr<OwnedPosition<H>>> load(const std::vector<std::string>& sfens) {
  std::vector<std::unique_ptr<OwnedPosition<H>>> v;
  for (const std::string& s : sfens) v.push_back(std::make_unique<OwnedPosition<H>>(s));
  return v;
}

}  // namespace sashite::bench
