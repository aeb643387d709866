#include "match/stats.h"

#include <algorithm>
#include <cmath>

namespace sashite::match {

namespace {

constexpr double kZ975 = 1.959963984540054;            // the standard normal's 97.5 % quantile
constexpr double kNeloPerT = 800 / 2.302585092994046;  // 800 / ln 10

// Mean and variance of the scores `values` weighted by `counts` (zeros regularised), over
// `n` observations.
template <size_t K>
void moments(const std::array<double, K>& values, std::array<double, K> counts, double& n, double& mean, double& var) {
  for (double& c : counts)
    if (c == 0) c = 1e-3;
  n = 0;
  for (double c : counts) n += c;
  mean = 0;
  for (size_t i = 0; i < K; ++i) mean += counts[i] * values[i];
  mean /= n;
  var = 0;
  for (size_t i = 0; i < K; ++i) var += counts[i] * (values[i] - mean) * (values[i] - mean);
  var /= n;
}

EloEstimate from_moments(double n, double mean, double var, double sigma_per_game) {
  EloEstimate e;
  e.score = mean;
  e.elo = logistic_elo(mean);
  const double half = kZ975 * std::sqrt(var / n);
  e.low = logistic_elo(mean - half);
  e.high = logistic_elo(mean + half);
  e.nelo = (mean - 0.5) / sigma_per_game * kNeloPerT;
  return e;
}

}  // namespace

double logistic_elo(double score) {
  const double s = std::clamp(score, 1e-3, 1 - 1e-3);
  return -400 * std::log10(1 / s - 1);
}

double elo_to_score(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

EloEstimate estimate(const Trinomial& r) {
  double n, mean, var;
  moments<3>({0, 0.5, 1}, {double(r.losses), double(r.draws), double(r.wins)}, n, mean, var);
  return from_moments(n, mean, var, std::sqrt(var));
}

EloEstimate estimate(const Pentanomial& r) {
  double n, mean, var;
  std::array<double, 5> c;
  for (size_t i = 0; i < 5; ++i) c[i] = double(r.pairs[i]);
  moments<5>({0, 0.25, 0.5, 0.75, 1}, c, n, mean, var);
  // A pair's mean score has half a game's variance when the games are independent: sigma per
  // game is sqrt(2 var).
  return from_moments(n, mean, var, std::sqrt(2 * var));
}

double Sprt::lower_bound() const { return std::log(beta / (1 - alpha)); }
double Sprt::upper_bound() const { return std::log((1 - beta) / alpha); }

namespace {

// The GSPRT approximation: N (s1 - s0) (2 mean - s0 - s1) / (2 var) over the pairs, the variance
// over the pairs and `floor_pairs` pseudo-pairs at each end.
double gsprt_llr(const Pentanomial& r, double elo0, double elo1, double floor_pairs) {
  if (r.count() == 0) return 0;
  constexpr std::array<double, 5> kPairScores{0, 0.25, 0.5, 0.75, 1};
  double n, mean, var;
  std::array<double, 5> c;
  for (size_t i = 0; i < 5; ++i) c[i] = double(r.pairs[i]);
  moments<5>(kPairScores, c, n, mean, var);
  if (floor_pairs > 0) {
    c[0] += floor_pairs;
    c[4] += floor_pairs;
    double n_floored, mean_floored;  // the mean stays the pairs' own
    moments<5>(kPairScores, c, n_floored, mean_floored, var);
  }
  const double s0 = elo_to_score(elo0), s1 = elo_to_score(elo1);
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

}  // namespace

double Sprt::fishtest_llr(const Pentanomial& r) const { return gsprt_llr(r, elo0, elo1, 0); }
double Sprt::llr(const Pentanomial& r) const { return gsprt_llr(r, elo0, elo1, 1); }

SprtVerdict Sprt::verdict(double llr) const {
  if (llr >= upper_bound()) return SprtVerdict::AcceptH1;
  if (llr <= lower_bound()) return SprtVerdict::AcceptH0;
  return SprtVerdict::Continue;
}

}  // namespace sashite::match
