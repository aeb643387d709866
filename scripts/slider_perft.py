#!/usr/bin/env python3
"""Perft per slider method (engine/sliders/, the build option SASHITE_SLIDERS): the whole
generator's answer, where bench's `attacks` area gives the cycles per call.

Builds sashite once per method named (build-sliders-<method>; `build` itself where its cache
already names that method), then times start d6 and matsuri d4 by the program's own perft timer,
the methods in turn within each round (the order rotating), and prints Markdown: medians over
the rounds and the median of the rounds' time ratios to the first method. Every build must count
the same leaves (the methods compute the same sets), or the script fails.

    scripts/slider_perft.py [--rounds N] [METHOD ...]     (default: 5 rounds, library qugiy qugiy_pext)
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
POSITIONS = [("start", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 6),
             ("matsuri", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", 4)]


def sh(script):
    return subprocess.run(["bash", "-c", f"source scripts/deps.sh && source scripts/machine.sh && {script}"],
                          cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()


def build(method):
    cache = os.path.join(ROOT, "build", "CMakeCache.txt")
    folder = f"build-sliders-{method}"
    if os.path.isfile(cache) and f"SASHITE_SLIDERS:STRING={method}\n" in open(cache).read():
        folder = "build"
    sh(f"SASHITE_TARGETS=sashite sashite_build {folder} -DSASHITE_SLIDERS={method} >/dev/null")
    return os.path.join(ROOT, folder, "bin", "sashite")


def perft(binary, sfen, depth):
    out = subprocess.run([binary, f"position sfen {sfen}", f"go perft {depth}"], check=True, capture_output=True,
                         text=True).stdout
    ms = int(re.search(r"^info string perft \d+ time (\d+) ms", out, re.M).group(1))
    return ms, int(re.search(r"^Nodes searched: (\d+)", out, re.M).group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("methods", nargs="*", default=["library", "qugiy", "qugiy_pext"])
    args = ap.parse_args()
    methods = args.methods
    binaries = {m: build(m) for m in methods}
    base = methods[0]
    print("## Perft per slider method\n")
    print(f"Machine: {sh('sashite_machine_line')}. `scripts/slider_perft.py --rounds {args.rounds} "
          f"{' '.join(methods)}` at {sh('git rev-parse --short HEAD')}: each build's own perft timer (ms), the "
          f"full generator, {args.rounds} rounds with the methods in rotating order; medians, and the median of the "
          f"rounds' time ratios to `{base}` (below 1: faster).\n")
    print("| position | depth | leaves | " + " | ".join(f"{m} ms" for m in methods) + " | " +
          " | ".join(f"{m} / {base} (min-max)" for m in methods[1:]) + " |")
    print("|---|---:|---:|" + "---:|" * (2 * len(methods) - 1))
    for label, sfen, depth in POSITIONS:
        times = {m: [] for m in methods}
        leaves = set()
        for r in range(args.rounds):
            order = methods[r % len(methods):] + methods[:r % len(methods)]
            for m in order:
                ms, n = perft(binaries[m], sfen, depth)
                times[m].append(ms)
                leaves.add(n)
        if len(leaves) != 1:
            sys.exit(f"slider_perft: the builds counted different leaves at {label} d{depth}: {sorted(leaves)}")
        cells = [f"{statistics.median(times[m]):.0f}" for m in methods]
        for m in methods[1:]:
            ratios = [a / b for a, b in zip(times[m], times[base])]
            cells.append(f"{statistics.median(ratios):.3f}x ({min(ratios):.3f}-{max(ratios):.3f})")
        print(f"| {label} | {depth} | {leaves.pop()} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
