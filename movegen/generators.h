// Registry of the move generators (the concept: movegen/generator.h). A new generator is its
// folder, with a struct like FullGenerator, plus one line here: the engine configurations
// (search/engine_config.h, one search unit per line, search/CMakeLists.txt), the USI option
// MoveGen, bench's perft, do_move, undo_move and node_replay rows, the equivalence tests
// (tests/generator_test.cpp) and the match runner's engines all iterate this list. The first
// entry is every comparison's baseline.
#pragma once

#include "base/registry.h"
#include "movegen/generator.h"
#include "movegen_diff/diff_generator.h"
#include "movegen_full/full_generator.h"

#define SASHITE_FOR_EACH_GENERATOR(X) \
  X(FullGenerator)                    \
  X(DiffGenerator)

namespace sashite {

using RegisteredGenerators = SASHITE_TYPE_LIST(SASHITE_FOR_EACH_GENERATOR);
static_assert(all_types<RegisteredGenerators>([]<class G> { return MoveGenerator<G>; }));
using BaselineGenerator = TypeAt<0, RegisteredGenerators>;

// Calls f.template operator()<G>() for every registered generator, the baseline first.
template <class F>
void for_each_generator(F&& f) {
  for_each_type<RegisteredGenerators>(f);
}

}  // namespace sashite
