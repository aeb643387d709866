// Wall-clock checks of a child process (go -> bestmove, stop -> bestmove) measure the engine
// and the scheduler together: on a loaded machine (the other tests, a build, the sanitizers)
// a reply can land tens of milliseconds late through no fault of the engine. What the engine
// decides, its time budget, is proven load-free by the time manager's unit tests
// (tests/time_manager_test.cpp); here a reply past its budget is reported, and only one past
// the budget by more than kLoadMarginMs (an engine that ignores the clock or the command)
// fails, so no test depends on how busy the machine is.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <iostream>
#include <string>

namespace sashite::testing {

inline constexpr int64_t kLoadMarginMs = 1000;

// Expects `ms` within `budget_ms` plus the load margin; prints a "late" line when it is past
// the budget alone.
inline void expect_within_budget(int64_t ms, int64_t budget_ms, const std::string& what) {
  if (ms >= budget_ms) std::cout << "[ late    ] " << what << ": " << ms << " ms, budget " << budget_ms << " ms\n";
  EXPECT_LT(ms, budget_ms + kLoadMarginMs) << what << ": past its budget by more than the load margin";
}

}  // namespace sashite::testing
