#include "search/search_constants.h"

#include "engine/usi_text.h"

namespace sashite {

std::optional<std::string> parse_search_constants(std::string_view text, SearchConstants& out) {
  static constexpr auto kNames = [] {
    std::array<std::string_view, kSearchConstantCount> n{};
    for (int i = 0; i < kSearchConstantCount; ++i) n[size_t(i)] = kSearchConstants[i].name;
    return n;
  }();
  SearchConstants v = kDefaultSearchConstants;
  if (auto why = usi::parse_named_values(text, kNames, v, 100000, "search constant name")) return why;
  for (int i = 0; i < kSearchConstantCount; ++i) {
    const SearchConstantInfo& c = kSearchConstants[i];
    if (v[size_t(i)] < c.min || v[size_t(i)] > c.max)
      return std::string(c.name) + "=" + std::to_string(v[size_t(i)]) + ": the value must be from " +
             std::to_string(c.min) + " to " + std::to_string(c.max);
  }
  out = v;
  return std::nullopt;
}

}  // namespace sashite
