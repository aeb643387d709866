// The search of every registered configuration of the full generator (search/engine_config.h).
#include "search/engine_factory.h"
#include "search/search.h"

namespace sashite {
template std::unique_ptr<Engine> make_engine_of<FullGenerator>(const EngineChoice& choice);
}  // namespace sashite
