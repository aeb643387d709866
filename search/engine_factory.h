// The engines of one generator, each unit compiling its configurations once
// (search_full.cpp, search_diff.cpp): make_engine dispatches on the generator's name.
#pragma once

#include <memory>

#include "search/engine.h"
#include "search/engine_config.h"

namespace sashite {

std::unique_ptr<Engine> make_engine_of(FullGenerator, const EngineChoice& choice);
std::unique_ptr<Engine> make_engine_of(DiffGenerator, const EngineChoice& choice);


}  // namespace sashite
