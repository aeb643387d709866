// GoogleTest side of the hand domains (tools/study/hand_pairs.h): the registered hand types as a
// typed-test list, and the check every superiority method must pass on a domain.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>

#include "hand/layouts.h"
#include "hand/superiority.h"
#include "hand/superiority_jit.h"
#include "movegen_full/random_walk.h"
#include "tools/study/hand_pairs.h"
#include "tests/hand_types.h"

namespace sashite::testing {

// The definition on the counts themselves, apart from any layout: a has at least b's count of
// every kind. superior_or_equal_by_field reads the same counts back through a layout's fields,
// so it is checked here too (the by_field rows are reference rows, not independent variants).
inline bool superior_or_equal_by_counts(const study::Counts& a, const study::Counts& b) {
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
    if (a[pr] < b[pr]) return false;
  return true;
}

// The xbyak loop over H's raw values, pair by pair (a call with n = 1) and over blocks of
// pairs (the loop the benchmark times).
template <HandLayout H, class Domain>
void expect_jit_matches_definition(const Domain& domain, uint64_t borrow_mask) {
  using Raw = typename H::Raw;
  const SuperiorCountJit jit(int(8 * sizeof(Raw)), borrow_mask);
  const auto fn = jit.get<Raw>();
  std::vector<Raw> a, b;
  size_t wrong = 0, block_expected = 0, wrong_blocks = 0;
  auto flush = [&] {
    wrong_blocks += fn(a.data(), b.data(), a.size()) != block_expected;
    a.clear(), b.clear(), block_expected = 0;
  };
  study::for_each_pair(domain, [&](const study::Counts& ca, const study::Counts& cb) {
    const H ha = study::make_hand<H>(ca), hb = study::make_hand<H>(cb);
    const bool expected = superior_or_equal_by_counts(ca, cb);
    a.push_back(ha.raw()), b.push_back(hb.raw());
    wrong += fn(&a.back(), &b.back(), 1) != size_t(expected);
    block_expected += expected;
    if (a.size() == 1024) flush();
  });
  flush();
  EXPECT_EQ(wrong, 0u) << H::name << "/jit";
  EXPECT_EQ(wrong_blocks, 0u) << H::name << "/jit";
  EXPECT_EQ(fn(a.data(), b.data(), 0), 0u);
}

// Every superiority method (hand/superiority.h, the per-field reference included) and both
// xbyak loops answer like the definition on counts on every pair of `domain`, and both answers occur.
template <class Domain>
void expect_every_method_matches_definition(const Domain& domain) {
  superiority::for_each_method([&](auto m) {
    using M = decltype(m);
    using H = typename M::Layout;
    size_t wrong = 0, superior = 0, pairs = 0;
    study::for_each_pair(domain, [&](const study::Counts& ca, const study::Counts& cb) {
      const H a = study::make_hand<H>(ca), b = study::make_hand<H>(cb);
      const bool expected = superior_or_equal_by_counts(ca, cb);
      ++pairs;
      superior += expected;
      wrong += M::test(a, b) != expected;
    });
    EXPECT_EQ(wrong, 0u) << H::name << "/" << M::name;
    EXPECT_GT(superior, 0u);
    EXPECT_LT(superior, pairs);
  });
  for_each_jit_layout([&]<class H>() { expect_jit_matches_definition<H>(domain, H::kBorrowMask); });
}

}  // namespace sashite::testing
