// Inputs for the dirty-flag tests, benchmarks and tools: real positions with their true piece
// attack sets, and every legal move of each as a (position, from, to) case.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "dbb/piece_attacks.h"
#include "movegen_full/movegen.h"

namespace sashite::dbb {

struct DirtyCase {
  const PieceAttacks* attacks;
  uint32_t position;  // index into DirtyBatch::attacks
  Square from, to;    // a drop has from == to
  Move move;
};

struct DirtyBatch {
  std::vector<std::unique_ptr<PieceAttacks>> attacks;
  std::vector<DirtyCase> cases;  // position-major: one position's moves are consecutive

  void add(const Position& pos) {
    auto pa = std::make_unique<PieceAttacks>();
    compute_piece_attacks(pos, *pa);
    const uint32_t index = uint32_t(attacks.size());
    attacks.push_back(std::move(pa));
    for (const ExtMove& em : MoveList<GenType::LegalAll>(pos)) {
      const Move m = em.move;
      cases.push_back({attacks.back().get(), index, is_drop(m) ? to_sq(m) : from_sq(m), to_sq(m), m});
    }
  }

  // Repeats the cases until there are at least `n`, so that a timed pass over them dwarfs
  // the cost of reading the clock.
  void repeat_to(size_t n) {
    const size_t base = cases.size();
    for (size_t i = 0; base && cases.size() < n; ++i) cases.push_back(cases[i % base]);
  }
};

}  // namespace sashite::dbb
