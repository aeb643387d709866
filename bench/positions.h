// Position sets for benchmarks: reference positions (movegen_full/reference.h) and the seeded samples of
// movegen_full/random_walk.h, parsed into positions that live for the whole run.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "movegen_full/random_walk.h"
#include "movegen_full/reference.h"

namespace sashite::bench {

// Each parsed into a PositionLine (engine/position_line.h): its root state lives as long as the position.
template <HandLayout H = DefaultHand>
std::vector<std::unique_ptr<PositionLine<BasicPosition<H>>>> load(const std::vector<std::string>& sfens) {
  std::vector<std::unique_ptr<PositionLine<BasicPosition<H>>>> v;
  for (const std::string& s : sfens) v.push_back(std::make_unique<PositionLine<BasicPosition<H>>>(s));
  return v;
}

}  // namespace sashite::bench
