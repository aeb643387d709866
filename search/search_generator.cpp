// The search of every registered configuration of one generator (search/engine_config.h): this
// unit is compiled once per line of movegen/generators.h (search/CMakeLists.txt), so that the
// configurations compile on two cores at once.
#include "search/engine_factory.h"
#include "search/search.h"

namespace sashite {
static_assert(RegisteredGenerators::size == SASHITE_GENERATOR_COUNT,
              "search/CMakeLists.txt counts the X( lines of movegen/generators.h");
template std::unique_ptr<Engine> make_engine_of<TypeAt<SASHITE_GENERATOR_INDEX, RegisteredGenerators>>(
    const EngineChoice& choice);
}  // namespace sashite
