// Match statistics as fishtest computes them (Van den Bergh, fishtest statistics (2020)): the
// logistic Elo of a score with its 95 % interval, normalised Elo, and the SPRT's generalised
// log-likelihood ratio under the Brownian (GSPRT) approximation, for game results (W/D/L) and
// for game pairs played with colours swapped (pentanomial: the pair's points 0, 1/2, 1, 3/2, 2).
// A pair's two games share an opening, so their outcomes are correlated; counting pairs, not
// games, is what makes the variance honest.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace sashite::match {

// Losses, draws, wins of the first engine.
struct Trinomial {
  uint64_t losses = 0, draws = 0, wins = 0;
  uint64_t games() const { return losses + draws + wins; }
};

// Game pairs by the first engine's points in the pair: LL, LD+DL, LW+DD+WL, DW+WD, WW.
struct Pentanomial {
  std::array<uint64_t, 5> pairs{};
  uint64_t count() const { return pairs[0] + pairs[1] + pairs[2] + pairs[3] + pairs[4]; }
  // One pair from the first engine's points in each game (0, 0.5 or 1 as 0, 1, 2 half points).
  void add(int half_points_first, int half_points_second) {
    ++pairs[std::size_t(half_points_first + half_points_second)];
  }
};

struct EloEstimate {
  double score = 0.5;                 // mean score per game of the first engine
  double elo = 0, low = 0, high = 0;  // logistic Elo and its 95 % interval
  double nelo = 0;                    // normalised Elo: (score - 1/2) / sigma per game, in Elo units
};

// Zero counts are replaced by 1e-3 first, as fishtest does, so that a variance never vanishes.
EloEstimate estimate(const Trinomial& r);
EloEstimate estimate(const Pentanomial& r);

double logistic_elo(double score);  // -400 log10(1/score - 1), clamped to a score in [1e-3, 1 - 1e-3]
double elo_to_score(double elo);    // 1 / (1 + 10^(-elo/400))

enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };

// H0: Elo = elo0, H1: Elo = elo1 (logistic), error rates alpha and beta.
struct Sprt {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
  double lower_bound() const;  // ln(beta / (1 - alpha))
  double upper_bound() const;  // ln((1 - beta) / alpha)
  // The GSPRT log-likelihood ratio as fishtest computes it, from the pairs' own variance.
  double fishtest_llr(const Pentanomial& r) const;
  // The one the runner reports and acts on: the same, with the variance taken over the pairs
  // and two pseudo-pairs, one lost twice and one won twice. A sample that has not yet shown its
  // spread (pairs of one win each and nothing else) has a variance near zero and an LLR past any
  // bound; the pseudo-pairs floor the variance and fade as the pairs grow. Shogi pairs rarely
  // draw, and a lopsided opening set makes most pairs one win each, where fishtest's LLR keeps
  // well short of its error rates (results/2026-11-29-sprt-minimum.md).
  double llr(const Pentanomial& r) const;
  SprtVerdict verdict(double llr) const;
  // The verdict a running match acts on: none before kMinPairs pairs, where even the floored
  // variance rests on too few outcomes (results/2026-11-29-sprt-minimum.md); fishtest never
  // meets this, as it updates in batches of pairs.
  static constexpr uint64_t kMinPairs = 20;
  SprtVerdict verdict(const Pentanomial& r) const {
    return r.count() < kMinPairs ? SprtVerdict::Continue : verdict(llr(r));
  }
};

}  // namespace sashite::match
