// TEMPORARY stand-in (replaced by branch tm's version at merge).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include "engine/types.h"
namespace sashite {
struct SearchLimits {
  int64_t time[COLOR_NB] = {0, 0};
  int64_t inc[COLOR_NB] = {0, 0};
  int64_t byoyomi = 0;
  int64_t movetime = 0;
  int depth = 0;
  uint64_t nodes = 0;
  bool infinite = false, ponder = false;
  bool uses_clock() const { return time[0] || time[1] || inc[0] || inc[1] || byoyomi; }
};
std::variant<SearchLimits, std::string> parse_go(std::string_view args);
}  // namespace sashite
