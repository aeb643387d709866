// ctest runs each test through --gtest_filter=<suite>.<name> (gtest_discover_tests), where '-'
// starts the negative patterns and ':' separates patterns: a name holding either selects no
// test, and the ctest entry passes having run nothing. Every registered name must be free of them.
#include <gtest/gtest.h>

#include <string>

namespace {

TEST(TestNames, EveryTestCanBeSelectedByCtest) {
  const ::testing::UnitTest& unit = *::testing::UnitTest::GetInstance();
  int tests = 0;
  for (int i = 0; i < unit.total_test_suite_count(); ++i) {
    const ::testing::TestSuite& suite = *unit.GetTestSuite(i);
    for (int j = 0; j < suite.total_test_count(); ++j) {
      const std::string name = std::string(suite.name()) + "." + suite.GetTestInfo(j)->name();
      EXPECT_EQ(name.find_first_of("-:"), std::string::npos) << name;
      ++tests;
    }
  }
  EXPECT_GT(tests, 1);
}

}  // namespace
