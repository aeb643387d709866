// What the fuzz targets share: a failed invariant prints what broke and aborts, which libFuzzer
// reports as a crash and saves the input for (the fuzzer's `-runs=1 <file>` replays it).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace sashite::fuzz {

[[noreturn]] inline void fail(std::string_view what, std::string_view detail = {}) {
  std::fprintf(stderr, "invariant broken: %.*s %.*s\n", int(what.size()), what.data(), int(detail.size()),
               detail.data());
  std::abort();
}

inline void require(bool ok, std::string_view what, std::string_view detail = {}) {
  if (!ok) fail(what, detail);
}

}  // namespace sashite::fuzz
