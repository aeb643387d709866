// The engines of one generator: the configurations of generator G whose option values match,
// defined in search.h and instantiated once per generator by its own unit
// (search_generator.cpp), so that the searches compile on two cores at once; make_engine
// dispatches on the generator's name.
#pragma once

#include <memory>

#include "search/engine.h"
#include "search/engine_config.h"

namespace sashite {

template <class G>
std::unique_ptr<Engine> make_engine_of(const EngineChoice& choice);

}  // namespace sashite
