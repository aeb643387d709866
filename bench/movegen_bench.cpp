// movegen/<generator>/<category>/<position set>: cycles per generate() call.
#include "bench/harness.h"
#include "bench/positions.h"
#include "movegen_full/movegen.h"

namespace sashite::bench {
namespace {

template <GenType Type>
void generate_full(benchmark::State& state, const std::vector<std::string>* sfens) {
  auto positions = load(*sfens);
  ExtMove moves[MAX_MOVES];
  uint64_t total = 0;
  measure(state, positions.size(), [&] {
    for (auto& p : positions) {
      ExtMove* last = generate<Type>(p->pos, moves);
      benchmark::DoNotOptimize(moves);
      total += uint64_t(last - moves);
    }
  });
  state.counters["moves/call"] = double(total) / double(state.iterations() * positions.size());
}

const std::vector<std::string> kStart{std::string(reference_sfen("start"))};
const std::vector<std::string> kMatsuri{std::string(reference_sfen("matsuri"))};
const std::vector<std::string> kWalk = walk_sample(64, 2026);

template <GenType Type>
void register_category(const char* category) {
  for (auto [set, sfens] : {std::pair{"start", &kStart}, {"matsuri", &kMatsuri}, {"walk64", &kWalk}})
    add(std::string("movegen/full/") + category + "/" + set,
        [sfens](benchmark::State& s) { generate_full<Type>(s, sfens); });
}

const bool registered = [] {
  register_category<GenType::LegalAll>("legal_all");
  register_category<GenType::Legal>("legal");
  register_category<GenType::Captures>("captures");
  register_category<GenType::Quiets>("quiets");
  register_category<GenType::Drops>("drops");
  register_category<GenType::Evasions>("evasions");
  return true;
}();

}  // namespace
}  // namespace sashite::bench
