// TEMPORARY
#include "search/limits.h"
#include <sstream>
namespace sashite {
std::variant<SearchLimits, std::string> parse_go(std::string_view args) {
  SearchLimits l; std::istringstream is{std::string(args)}; std::string w; int64_t v;
  while (is >> w) {
    if (w == "infinite") l.infinite = true; else if (w == "ponder") l.ponder = true;
    else if (!(is >> v)) return std::string("go: bad ") + w;
    else if (w == "btime") l.time[0] = v; else if (w == "wtime") l.time[1] = v; else if (w == "binc") l.inc[0] = v; else if (w == "winc") l.inc[1] = v;
    else if (w == "byoyomi") l.byoyomi = v; else if (w == "movetime") l.movetime = v; else if (w == "depth") l.depth = int(v); else if (w == "nodes") l.nodes = uint64_t(v);
    else return std::string("go: unknown ") + w;
  }
  return l;
}
}
