// Every published perft value (movegen_full/reference.h), including start depth 7 (15 G leaves, minutes).
#include <gtest/gtest.h>

#include <ostream>

#include "movegen_full/perft.h"
#include "movegen_full/reference.h"

namespace sashite {
namespace {

class PerftDeep : public ::testing::TestWithParam<ReferencePosition> {};
}  // namespace

// GoogleTest prints a parameter through PrintTo found by ADL: the name and SFEN, not raw bytes.
void PrintTo(const ReferencePosition& r, std::ostream* os) { *os << r.name << " (" << r.sfen << ")"; }

namespace {

TEST_P(PerftDeep, AllPublishedDepths) {
  const ReferencePosition& ref = GetParam();
  Position pos;
  StateInfo st;
  ASSERT_FALSE(pos.set(ref.sfen, &st));
  for (int d = 1; d < int(ref.perft.size()); ++d)
    if (ref.perft[d]) {
      EXPECT_EQ(perft(pos, d), ref.perft[d]) << ref.name << " depth " << d;
    }
}

INSTANTIATE_TEST_SUITE_P(Reference, PerftDeep, ::testing::ValuesIn(kReferencePositions),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace sashite
