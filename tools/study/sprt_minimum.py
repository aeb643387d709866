#!/usr/bin/env python3
# The SPRT verdict's error rates and lengths, simulated (results/2026-11-29-sprt-minimum.md):
# fishtest's LLR against the runner's (match/stats.cpp: the variance floored by one pseudo-pair
# lost twice and one won twice), each with a minimum of pairs. Pairs without draws (shogi games
# rarely draw), `mid` of them one win each, the rest lost or won twice to give the true Elo's
# score; bounds [0, 20], alpha = beta = 0.05, at most 300 pairs (scripts/sprt.sh's use).
# Needs python3-numpy (not a project dependency: a study, not a test; the C++ test
# MatchStats.VerdictKeepsItsErrorRatesOnLowVarianceSamples checks the rule itself).
import math
import numpy as np

RUNS, MAX_PAIRS = 6000, 300
VALS = np.array([0, 0.25, 0.5, 0.75, 1])


def score(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def shape(mid, elo):
    won_twice = score(elo) - mid / 2
    return np.array([1 - mid - won_twice, 0, mid, 0, won_twice])


def simulate(rng, p, min_pairs, floor):
    lb, ub = math.log(0.05 / 0.95), math.log(0.95 / 0.05)
    cum = np.eye(5)[rng.choice(5, size=(RUNS, MAX_PAIRS), p=p)].cumsum(1)
    c = np.where(cum == 0, 1e-3, cum)
    n = c.sum(-1)
    mean = (c * VALS).sum(-1) / n
    cv = c + np.array([floor, 0, 0, 0, floor])
    mv = (cv * VALS).sum(-1) / cv.sum(-1)
    var = (cv * (VALS - mv[..., None]) ** 2).sum(-1) / cv.sum(-1)
    s0, s1 = score(0), score(20)
    llr = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
    llr[:, np.arange(1, MAX_PAIRS + 1) < min_pairs] = 0
    h1, h0 = llr >= ub, llr <= lb
    f1 = np.where(h1.any(1), h1.argmax(1), 10**9)
    f0 = np.where(h0.any(1), h0.argmax(1), 10**9)
    stop = np.minimum(np.minimum(f1, f0), MAX_PAIRS - 1) + 1
    return (f1 < f0).mean(), (f0 < f1).mean(), stop.mean()


rng = np.random.default_rng(20261129)
print("| one-win pairs | rule | H1 at Elo 0 | H0 at Elo +20 | mean pairs at 0 / +20 / -30 |")
print("|---|---|---|---|---|")
for mid in [0.5, 0.6, 0.7, 0.8, 0.9]:
    for name, min_pairs, floor in [("fishtest, 10 pairs", 10, 0), ("fishtest, 30 pairs", 30, 0),
                                   ("floored, 10 pairs", 10, 1), ("floored, 20 pairs", 20, 1)]:
        h1, _, n0 = simulate(rng, shape(mid, 0), min_pairs, floor)
        _, h0, n1 = simulate(rng, shape(mid, 20), min_pairs, floor)
        _, _, n2 = simulate(rng, shape(mid, -30), min_pairs, floor)
        print(f"| {mid:.0%} | {name} | {h1:.3f} | {h0:.3f} | {n0:.0f} / {n1:.0f} / {n2:.0f} |")
