// Every layout stores what it is given: counts, add/sub, raw round trip, the real maxima.
#include <gtest/gtest.h>

#include "tests/hand_domain.h"

namespace sashite {
namespace {

template <class H>
class HandLayoutTest : public ::testing::Test {};
TYPED_TEST_SUITE(HandLayoutTest, testing::GTestHandTypes);

TYPED_TEST(HandLayoutTest, CountsRoundTripOnTheBoundaryDomain) {
  for (const study::Counts& c : study::boundary_hands()) {
    const TypeParam h = study::make_hand<TypeParam>(c);
    const TypeParam back = TypeParam::from_raw(h.raw());
    for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) {
      ASSERT_EQ(h.count(pr), c[pr]);
      ASSERT_EQ(back.count(pr), c[pr]);
      ASSERT_EQ(h.has(pr), c[pr] > 0);
    }
    ASSERT_EQ(h.empty(), c == study::Counts{});
  }
}

TYPED_TEST(HandLayoutTest, AddAndSubTouchOneKind) {
  TypeParam h;
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr)
    for (int n = 0; n < max_in_hand(pr); ++n) h.add(pr);
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) EXPECT_EQ(h.count(pr), max_in_hand(pr));
  for (PieceType pr = RAW_BEGIN; pr < RAW_END; ++pr) {
    const TypeParam before = h;
    h.sub(pr);
    for (PieceType other = RAW_BEGIN; other < RAW_END; ++other)
      EXPECT_EQ(h.count(other), before.count(other) - (other == pr));
  }
}

TEST(HandLayout, DocumentedBitPositions) {
  auto one = [](auto h, PieceType pr) {
    h.set(pr, 1);
    return uint64_t(h.raw());
  };
  for (auto [pr, b21, p24, p32, h64] : {std::tuple{PAWN, 0, 0, 0, 8},
                                        {LANCE, 5, 5, 6, 16},
                                        {KNIGHT, 8, 8, 10, 24},
                                        {SILVER, 11, 12, 14, 32},
                                        {GOLD, 14, 16, 18, 56},
                                        {BISHOP, 17, 20, 22, 40},
                                        {ROOK, 19, 22, 25, 48}}) {
    EXPECT_EQ(one(HandBonanza21(), pr), uint64_t(1) << b21);
    EXPECT_EQ(one(HandPadded24(), pr), uint64_t(1) << p24);
    EXPECT_EQ(one(HandPadded32(), pr), uint64_t(1) << p32);
    EXPECT_EQ(one(Hand64(), pr), uint64_t(1) << h64);
  }
}

}  // namespace
}  // namespace sashite
