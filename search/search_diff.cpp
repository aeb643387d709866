// The search of every registered configuration of the diff generator (search/engine_config.h).
#include "search/engine_factory.h"
#include "search/search.h"

namespace sashite {

std::unique_ptr<Engine> make_engine_of(DiffGenerator, const EngineChoice& choice) {
  std::unique_ptr<Engine> e;
  for_each_engine_config_of<DiffGenerator>([&]<class C>() {
    if (!e && choice.layout == C::layout() && choice.key_scheme == C::key_scheme() && choice.tt == std::string_view(C::tt()))
      e = std::make_unique<EngineImpl<C>>();
  });
  return e;
}

}  // namespace sashite
