#!/usr/bin/env python3
"""SPSA tuning of engine options through the project's match runner, the way fishtest tunes
Stockfish (Spall (1992), simultaneous perturbation stochastic approximation; fishtest's schedule,
README Sources: a_k = a / (A + k)^0.602, c_k = c / k^0.101, A = N / 10, each parameter given its
own c_end and r_end, a_end = r_end * c_end^2).

Each iteration perturbs every parameter at once by +-c_k (one random sign per parameter), plays
one game pair of the plus engine against the minus engine from a random opening (colours
swapped), and moves each parameter by a_k * (plus's points - minus's points) / (c_k * sign).

  scripts/spsa.py --params FILE --iterations N --out DIR [--tc nodes=20000] [--engine PATH]

FILE: one parameter per line, "name start min max c_end [r_end]" (r_end default 0.002); each
becomes part of one option's value, OPTION=name1=v1,name2=v2,... (default option EvalWeights,
search/evaluate.h's weight names). DIR gets params.tsv (the values after every iteration),
games.jsonl.xz (every game, as the runner writes it, compressed at the end: README's results
budget), command.txt and final.txt (the last values as the option's text). Deterministic given --seed, apart from the games themselves.
"""
import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results_io import compress  # noqa: E402


def read_params(path):
    params = []
    for line in open(path):
        line = line.split("#")[0].strip()
        if not line:
            continue
        f = line.split()
        if len(f) not in (5, 6):
            raise ValueError(f"bad parameter line {line!r}: name start min max c_end [r_end]")
        name, start, lo, hi, c_end = f[0], float(f[1]), float(f[2]), float(f[3]), float(f[4])
        r_end = float(f[5]) if len(f) == 6 else 0.002
        if not lo <= start <= hi or c_end <= 0:
            raise ValueError(f"{name}: need min <= start <= max and c_end > 0")
        params.append(dict(name=name, value=start, lo=lo, hi=hi, c_end=c_end, r_end=r_end))
    return params


def option_text(params, values):
    return ",".join(f"{p['name']}={int(round(v))}" for p, v in zip(params, values))


ALPHA, GAMMA = 0.602, 0.101


def set_gains(params, n):
    """fishtest's a and c per parameter for an n-iteration run (a_end = r_end * c_end^2)."""
    for p in params:
        p["c"] = p["c_end"] * n ** GAMMA
        p["a"] = p["r_end"] * p["c_end"] ** 2 * (n / 10 + n) ** ALPHA


def perturbed(params, values, k, signs):
    """Iteration k's c_k per parameter and the plus and minus points, clamped to the ranges."""
    c_k = [p["c"] / k ** GAMMA for p in params]
    clamp = lambda p, v: min(p["hi"], max(p["lo"], v))
    plus = [clamp(p, v + c * s) for p, v, c, s in zip(params, values, c_k, signs)]
    minus = [clamp(p, v - c * s) for p, v, c, s in zip(params, values, c_k, signs)]
    return c_k, plus, minus


def updated(params, values, k, n, c_k, signs, result):
    """The values after iteration k, whose pair gave plus `result` points more than minus."""
    a_k = [p["a"] / (n / 10 + k) ** ALPHA for p in params]
    return [min(p["hi"], max(p["lo"], v + a * result / (c * s)))
            for p, v, a, c, s in zip(params, values, a_k, c_k, signs)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--params", required=True)
    ap.add_argument("--iterations", type=int, required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--tc", default="nodes=20000")
    ap.add_argument("--engine", default="build/bin/sashite")
    ap.add_argument("--option", default="EvalWeights")
    ap.add_argument("--extra", default="option.MoveOverhead=20", help="more engine words for both sides")
    ap.add_argument("--openings", default="match/openings/balanced.sfen")
    ap.add_argument("--match", default="build/bin/match")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    try:
        params = read_params(args.params)
    except ValueError as e:
        sys.exit(f"spsa: {args.params}: {e}")
    openings = [l.strip() for l in open(args.openings) if l.strip() and not l.startswith("#")]
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    n = args.iterations
    set_gains(params, n)
    with open(os.path.join(args.out, "command.txt"), "w") as f:
        f.write(" ".join(sys.argv) + "\n")
    tsv = open(os.path.join(args.out, "params.tsv"), "w")
    tsv.write("iteration\tresult\t" + "\t".join(p["name"] for p in params) + "\n")
    games_path = os.path.join(args.out, "games.jsonl")
    values = [p["value"] for p in params]
    totals = [0, 0, 0]  # plus wins, draws, minus wins
    for k in range(1, n + 1):
        signs = [rng.choice((-1, 1)) for _ in params]
        c_k, plus, minus = perturbed(params, values, k, signs)
        opening = rng.choice(openings)
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, "opening.sfen"), "w") as f:
                f.write(opening + "\n")
            out, summary = os.path.join(tmp, "games.jsonl"), os.path.join(tmp, "summary.json")
            cmd = [args.match, "run",
                   "--engine", f"cmd={args.engine}", "name=plus", f"option.{args.option}={option_text(params, plus)}", *args.extra.split(),
                   "--engine", f"cmd={args.engine}", "name=minus", f"option.{args.option}={option_text(params, minus)}", *args.extra.split(),
                   "--tc", args.tc, "--openings", os.path.join(tmp, "opening.sfen"), "--pairs", "1", "--concurrency", "2",
                   "--max-plies", "320", "--resign", "moves=3,cp=1500", "--draw", "from=200,moves=8,cp=10",
                   "--out", out, "--summary-json", summary, "--quiet"]
            run = subprocess.run(cmd, capture_output=True, text=True)
            if run.returncode != 0 or not os.path.exists(summary):
                sys.exit(f"spsa: iteration {k}: the match failed:\n{run.stdout}{run.stderr}")
            # The runner's own count: wins, draws and losses of the first engine, plus.
            with open(summary) as f:
                score = json.load(f)
            with open(out) as f, open(games_path, "a") as g:
                g.write(f.read())
        result = score["wins"] - score["losses"]
        totals = [t + score[key] for t, key in zip(totals, ("wins", "draws", "losses"))]
        values = updated(params, values, k, n, c_k, signs, result)
        tsv.write(f"{k}\t{result:+g}\t" + "\t".join(f"{v:.2f}" for v in values) + "\n")
        tsv.flush()
        if k % 25 == 0:
            print(f"iteration {k}/{n}: plus-minus {totals[0]}-{totals[1]}-{totals[2]}; {option_text(params, values)}", flush=True)
    with open(os.path.join(args.out, "final.txt"), "w") as f:
        f.write(option_text(params, values) + "\n")
    if os.path.exists(games_path):
        compress(games_path)  # games.jsonl.xz: raw games are committed compressed
    print(option_text(params, values))


if __name__ == "__main__":
    main()
