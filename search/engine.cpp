#include "search/engine.h"

#include "search/engine_config.h"
#include "search/engine_factory.h"

namespace sashite {

// The baseline effect source is left out, so the names of the configurations without an
// effect-source choice stay as they were.
std::string EngineChoice::name() const {
  const std::string base = generator + "/" + layout + "-" + key_scheme + "/" + tt;
  return effects == BaselineEffects::name ? base : base + "/" + effects;
}

std::vector<EngineChoice> registered_engine_choices() {
  std::vector<EngineChoice> all;
  for_each_engine_config([&]<class C>() {
    all.push_back({C::generator(), C::layout(), C::key_scheme(), C::tt(), C::effects()});
  });
  return all;
}

std::unique_ptr<Engine> make_engine(const EngineChoice& choice, std::string* error) {
  std::unique_ptr<Engine> e;
  visit_by_name<RegisteredGenerators>(choice.generator, [&]<class G>() { e = make_engine_of<G>(choice); });
  if (!e && error) *error = "no registered engine configuration " + choice.name();
  return e;
}

std::string usi_score(Value v) {
  if (v >= VALUE_MATE_IN_MAX_PLY) return "mate " + std::to_string(VALUE_MATE - v);
  if (v <= VALUE_MATED_IN_MAX_PLY) return "mate -" + std::to_string(VALUE_MATE + v);
  return "cp " + std::to_string(v);
}

}  // namespace sashite
