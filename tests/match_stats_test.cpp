// The match statistics (match/stats.h) against values worked by hand from fishtest's formulas
// (Van den Bergh, fishtest statistics (2020)): score, logistic Elo and its 95 % interval,
// normalised Elo, zero counts regularised to 1e-3, and the GSPRT log-likelihood ratio.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "match/stats.h"

namespace sashite::match {
namespace {

// 60 wins, 20 draws, 20 losses: score 0.7, variance per game 0.6 x 0.09 + 0.2 x 0.04 + 0.2 x 0.49
// = 0.16, so the score's interval is 0.7 +- 1.96 x sqrt(0.16 / 100) = [0.6216, 0.7784].
TEST(MatchStats, TrinomialEloAndIntervalByHand) {
  const EloEstimate e = estimate(Trinomial{20, 20, 60});
  EXPECT_DOUBLE_EQ(e.score, 0.7);
  EXPECT_NEAR(e.elo, 147.1907, 1e-4);   // -400 log10(1/0.7 - 1)
  EXPECT_NEAR(e.low, 86.2250, 1e-4);    // -400 log10(1/0.6216 - 1)
  EXPECT_NEAR(e.high, 218.2518, 1e-4);  // -400 log10(1/0.7784 - 1)
  EXPECT_NEAR(e.nelo, 173.7178, 1e-4);  // 0.2 / 0.4 x 800 / ln 10
}

TEST(MatchStats, EvenPentanomialHasZeroEloAndASymmetricInterval) {
  const EloEstimate e = estimate(Pentanomial{{10, 20, 40, 20, 10}});
  EXPECT_DOUBLE_EQ(e.score, 0.5);
  EXPECT_NEAR(e.elo, 0, 1e-9);
  EXPECT_NEAR(e.low, -37.4421, 1e-4);  // variance 0.075 over 100 pairs
  EXPECT_NEAR(e.high, 37.4421, 1e-4);
  EXPECT_NEAR(e.nelo, 0, 1e-9);
}

// Pairs 5, 20, 40, 25, 10 at pair scores 0, 1/4, 1/2, 3/4, 1: mean 0.5375, variance 0.06421875.
TEST(MatchStats, PentanomialEloNormalisedEloAndLlrByHand) {
  const Pentanomial p{{5, 20, 40, 25, 10}};
  const EloEstimate e = estimate(p);
  EXPECT_DOUBLE_EQ(e.score, 0.5375);
  EXPECT_NEAR(e.elo, 26.1067, 1e-4);
  EXPECT_NEAR(e.low, -8.4570, 1e-4);
  EXPECT_NEAR(e.high, 61.1958, 1e-4);
  EXPECT_NEAR(e.nelo, 36.3546, 1e-4);  // 0.0375 / sqrt(2 x 0.06421875) x 800 / ln 10
  // 100 x (s1 - s0) x (2 x 0.5375 - s0 - s1) / (2 x 0.06421875), s0 = 1/2, s1 = L(5).
  EXPECT_NEAR((Sprt{0, 5, 0.05, 0.05}.fishtest_llr(p)), 0.379844, 1e-6);
}

// A pair outcome never seen counts 1e-3 (fishtest's regularisation): the mean moves by 6e-6.
TEST(MatchStats, ZeroCountsAreRegularised) {
  const Pentanomial p{{0, 10, 50, 30, 10}};
  EXPECT_NEAR(estimate(p).score, 0.599994, 1e-6);
  EXPECT_NEAR((Sprt{0, 5, 0.05, 0.05}.fishtest_llr(p)), 1.733830, 1e-6);
  // Without it a match of draws only would divide by a zero variance.
  EXPECT_TRUE(std::isfinite((Sprt{0, 5, 0.05, 0.05}.fishtest_llr(Pentanomial{{0, 0, 7, 0, 0}}))));
}

TEST(MatchStats, SprtBoundsAndVerdicts) {
  const Sprt s{0, 5, 0.05, 0.05};
  EXPECT_NEAR(s.lower_bound(), -2.944439, 1e-6);  // ln(0.05 / 0.95)
  EXPECT_NEAR(s.upper_bound(), 2.944439, 1e-6);
  EXPECT_EQ(s.verdict(0.0), SprtVerdict::Continue);
  EXPECT_EQ(s.verdict(3.0), SprtVerdict::AcceptH1);
  EXPECT_EQ(s.verdict(-3.0), SprtVerdict::AcceptH0);
  EXPECT_EQ(s.llr(Pentanomial{}), 0.0);
  // A clearly stronger first engine crosses H1's bound, an equal one drifts towards H0's.
  EXPECT_EQ(s.verdict(s.llr(Pentanomial{{20, 200, 400, 300, 80}})), SprtVerdict::AcceptH1);
  EXPECT_LT(s.llr(Pentanomial{{100, 200, 400, 200, 100}}), 0);
}

// A running match takes no verdict on a handful of pairs: their variance can be all but zero.
TEST(MatchStats, NoVerdictBeforeTheMinimumOfPairs) {
  const Sprt s{0, 20, 0.05, 0.05};
  const Pentanomial one_win_win{{0, 0, 0, 0, 1}};
  EXPECT_GT(s.fishtest_llr(one_win_win), s.upper_bound());
  EXPECT_EQ(s.verdict(one_win_win), SprtVerdict::Continue);
  EXPECT_EQ(s.verdict(Pentanomial{{1, 2, 3, 2, 1}}), SprtVerdict::Continue);
  EXPECT_EQ(s.verdict(Pentanomial{{0, 0, 1, 0, Sprt::kMinPairs - 2}}), SprtVerdict::Continue);
  EXPECT_EQ(s.verdict(Pentanomial{{0, 0, 2, 2, Sprt::kMinPairs}}), SprtVerdict::AcceptH1);
}

// Pairs of one win each and nothing else: the sample has not shown its spread. Fishtest's
// variance is the 1e-3 regularisation's, its LLR far past H0's bound; the floored one waits.
TEST(MatchStats, DegenerateSampleTakesNoVerdict) {
  const Sprt s{0, 20, 0.05, 0.05};
  for (const Pentanomial p :
       {Pentanomial{{0, 0, 30, 0, 0}}, Pentanomial{{0, 1, 28, 0, 0}}, Pentanomial{{0, 0, 40, 1, 0}}}) {
    EXPECT_LT(s.fishtest_llr(p), s.lower_bound());
    EXPECT_EQ(s.verdict(p), SprtVerdict::Continue);
  }
}

// Hundreds of pairs: the two pseudo-pairs move the LLR by a few per cent at most (the mate-in-one
// test of 2026-11-29, 166 pairs; a larger, even one).
TEST(MatchStats, FloorWeighsLittleOnARealSample) {
  const Sprt s{0, 20, 0.05, 0.05};
  for (const Pentanomial p : {Pentanomial{{46, 0, 91, 0, 29}}, Pentanomial{{72, 1, 150, 1, 77}}})
    EXPECT_NEAR(s.llr(p) / s.fishtest_llr(p), 1.0, 0.03);
}

// The verdict's error rates, simulated: pairs without draws, `mid` of them one win each (a
// lopsided opening set), the rest lost or won twice so that the mean score is that of `elo`.
// Each run stops at its verdict or at 300 pairs (scripts/sprt.sh's default).
double wrong_verdict_rate(double mid, double elo, SprtVerdict wrong, bool fishtest_rule) {
  const Sprt s{0, 20, 0.05, 0.05};
  const double won_twice = elo_to_score(elo) - mid / 2;
  std::mt19937_64 rng(20261129);
  int wrong_runs = 0;
  constexpr int kRuns = 2000;
  for (int run = 0; run < kRuns; ++run) {
    Pentanomial p;
    for (int pair = 0; pair < 300; ++pair) {
      const double u = double(rng() >> 11) * 0x1.0p-53;
      ++p.pairs[u < won_twice ? 4 : u < won_twice + mid ? 2 : 0];
      const SprtVerdict v =
          fishtest_rule ? (p.count() < 10 ? SprtVerdict::Continue : s.verdict(s.fishtest_llr(p))) : s.verdict(p);
      if (v == SprtVerdict::Continue) continue;
      wrong_runs += v == wrong;
      break;
    }
  }
  return double(wrong_runs) / kRuns;
}

TEST(MatchStats, VerdictKeepsItsErrorRatesOnLowVarianceSamples) {
  // The old rule (fishtest's LLR after 10 pairs) rejects a true +20 a third of the time.
  EXPECT_GT(wrong_verdict_rate(0.9, 20, SprtVerdict::AcceptH0, true), 0.2);
  EXPECT_LT(wrong_verdict_rate(0.9, 20, SprtVerdict::AcceptH0, false), 0.08);
  EXPECT_LT(wrong_verdict_rate(0.9, 0, SprtVerdict::AcceptH1, false), 0.08);
  EXPECT_LT(wrong_verdict_rate(0.55, 20, SprtVerdict::AcceptH0, false), 0.06);
  EXPECT_LT(wrong_verdict_rate(0.55, 0, SprtVerdict::AcceptH1, false), 0.06);
}

TEST(MatchStats, PairsCountFromEachGamesHalfPoints) {
  Pentanomial p;
  p.add(2, 0);  // a win and a loss: one point in the pair
  p.add(1, 1);  // two draws: one point
  p.add(2, 2);  // two wins
  p.add(0, 1);  // a loss and a draw
  EXPECT_EQ(p.pairs, (std::array<uint64_t, 5>{0, 1, 2, 0, 1}));
  EXPECT_EQ(p.count(), 4u);
}

}  // namespace
}  // namespace sashite::match
