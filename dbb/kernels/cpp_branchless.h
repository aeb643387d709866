// LS3600's (differential generation, 2009) pseudo-code as plain C++ on one DBB window: dirty = dirty * 2 + (touched ? 1
// : 0), last piece first so that piece i ends in bit i. Whatever the compiler makes of it.
#pragma once

#include "dbb/dirty_kernel.h"

namespace sashite::dbb {

struct CppBranchlessBody {
  static uint64_t run(const uint64_t* words, uint64_t mask) {
    uint64_t d = 0;
    for (int i = kWordPieces - 1; i >= 0; --i) d = d * 2 + ((words[i] & mask) != 0);
    return d;
  }
};

struct CppBranchlessKernel : OnWindow<CppBranchlessBody> {
  static constexpr const char* kName = "cpp";
};

}  // namespace sashite::dbb
