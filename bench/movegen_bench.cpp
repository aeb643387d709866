// movegen/full/<category>/<position set>: cycles per generate() call.
//
// Each category runs on the sets where it has work: captures need something to capture (not
// the start position), drops a hand (not the start position), evasions a check (check64 only).
// A set that gives its category no move at all would time an early return, so set-up throws.
#include <stdexcept>

#include "bench/harness.h"
#include "bench/positions.h"
#include "movegen_full/movegen.h"

namespace sashite::bench {
namespace {

// Each set is built on first use (a function-local static), never before main() and never
// for benchmarks the filter skips.
using Sfens = const std::vector<std::string>& (*)();
struct PositionSet {
  const char* name;
  Sfens sfens;
};
template <auto Build>
const std::vector<std::string>& built() {
  static const std::vector<std::string> sfens = Build();
  return sfens;
}
const PositionSet kStart{"start", built<[] { return std::vector<std::string>{std::string(reference_sfen("start"))}; }>};
const PositionSet kMatsuri{"matsuri",
                           built<[] { return std::vector<std::string>{std::string(reference_sfen("matsuri"))}; }>};
// Ends of uniform walks of 30..129 plies from the start: mostly middlegames.
const PositionSet kWalk{"walk64", built<[] { return walk_sample(64, 2026); }>};
// In check, from check-seeking walks.
const PositionSet kCheck{"check64", built<[] { return in_check_sample(64, 2026); }>};
// Not in check, five or more kinds in hand, few pieces on the board.
const PositionSet kHands{"hands64", built<[] { return full_hand_sample(64, 2026); }>};

template <GenType Type>
void generate_full(benchmark::State& state, const std::string& name, Sfens sfens) {
  const auto positions = load(sfens());
  ExtMove moves[MAX_MOVES];
  uint64_t per_pass = 0;
  for (const auto& p : positions) per_pass += uint64_t(generate<Type>(p->pos, moves) - moves);
  if (!per_pass) throw std::logic_error(name + ": no position of the set has a move of this category");
  measure(state, positions.size(), [&] {
    for (const auto& p : positions) {
      ExtMove* last = generate<Type>(p->pos, moves);
      benchmark::DoNotOptimize(last);
      benchmark::ClobberMemory();
    }
  });
  state.counters["moves/call"] = double(per_pass) / double(positions.size());
}

template <GenType Type>
void register_category(const char* category, std::initializer_list<PositionSet> sets) {
  for (const PositionSet& set : sets) {
    const std::string name = std::string("movegen/full/") + category + "/" + set.name;
    add(name, [name, sfens = set.sfens](benchmark::State& s) { generate_full<Type>(s, name, sfens); });
  }
}

const bool registered = [] {
  register_category<GenType::LegalAll>("legal_all", {kStart, kMatsuri, kWalk, kCheck, kHands});
  register_category<GenType::Legal>("legal", {kStart, kMatsuri, kWalk, kCheck, kHands});
  register_category<GenType::Captures>("captures", {kMatsuri, kWalk, kCheck});
  register_category<GenType::Quiets>("quiets", {kStart, kMatsuri, kWalk, kCheck, kHands});
  register_category<GenType::Drops>("drops", {kMatsuri, kWalk, kCheck, kHands});
  register_category<GenType::Evasions>("evasions", {kCheck});
  return true;
}();

}  // namespace
}  // namespace sashite::bench
