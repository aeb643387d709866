#!/usr/bin/env python3
"""Engine builds' nodes/s on positions from real games, with the same tree in every build.

`bench` searches search/bench_positions.h, which holds more pieces in hand than a game from
the balanced openings does: there, quiet lists (drops) are longer, and a change to per-move
costs moves `bench` more than the games (the move picker's pick-best: 1.26x in `bench 11`,
1.117x in the SPRT's games). This script times the builds where the games are: positions taken
from a match record (games.jsonl of match/), each searched with `go nodes N` from a new game,
one engine process per build and round, builds interleaved round by round. The first build
also runs a second time under its own name plus " (A/A)", so the noise floor is a row.

Every build must search the same trees (a speed-only change): every iteration's depth, score,
node count and line, and the best move, are compared, and a difference is an error, since
nodes/s of different trees say nothing about speed. (A node limit alone would hide it: both
trees stop at N nodes.)

Usage: game_nps.py [--games F] [--plies 20,40,60,80] [--every 7] [--positions 60]
                   [--nodes 300000] [--rounds 3] [--hash 64] BINARY [BINARY...]
Prints a Markdown table: median nodes/s per build, its ratio to the first build's (of the medians
and, the figure to quote, the median of the ratios within a round), each round's nodes/s.
"""
import argparse
import hashlib
import json
import statistics
import sys

from results_io import open_text  # games.jsonl, or games.jsonl.xz as committed
from usi_process import UsiProcess


def game_positions(games, plies, every, limit):
    """USI `position` commands: the given plies of every `every`-th game, at most `limit`."""
    out = []
    with open_text(games) as f:
        for i, line in enumerate(f):
            if i % every:
                continue
            g = json.loads(line)
            moves = g["moves"].split()
            for p in plies:
                if len(moves) > p + 2 and len(out) < limit:
                    out.append(f"position sfen {g['opening']} moves {' '.join(moves[:p])}")
    return out


def tree_fields(info):
    """An iteration's line without what the clock changes: depth, score, nodes, pv."""
    words = info.split()
    keep = []
    for i, w in enumerate(words):
        if w in ("time", "nps") or (i and words[i - 1] in ("time", "nps")):
            continue
        keep.append(w)
    return " ".join(keep)


def run(binary, positions, nodes, hash_mb):
    """Total nodes and milliseconds the engine reported over all positions, and the tree's
    signature: every iteration's depth, score, node count and line, in order."""
    engine = UsiProcess(binary)
    engine.handshake({"USI_Hash": hash_mb})
    total_nodes = total_ms = 0
    signature = []
    for pos in positions:
        engine.send("usinewgame", pos)
        lines = engine.go(f"go nodes {nodes}")
        # "info nodes": the whole search's count (usi/usi_engine.cpp).
        summary = [l.split() for l in lines if l.startswith("info nodes ")]
        if not summary:
            raise RuntimeError(f"{binary}: no 'info nodes' line for {pos}")
        total_nodes += int(summary[-1][2])
        total_ms += int(summary[-1][4])
        signature += [tree_fields(l) for l in lines if l.startswith("info depth")] + [lines[-1]]
    engine.quit()
    return total_nodes, total_ms, hashlib.sha1("\n".join(signature).encode()).hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", default="results/sprt/2026-11-26-speed-pick-prefetch-see/games.jsonl")
    ap.add_argument("--plies", default="20,40,60,80")
    ap.add_argument("--every", type=int, default=7)
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--nodes", type=int, default=300000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("binaries", nargs="+")
    a = ap.parse_args()

    positions = game_positions(a.games, [int(x) for x in a.plies.split(",")], a.every, a.positions)
    if not positions:
        sys.exit(f"no positions from {a.games}")
    builds = list(a.binaries) + [a.binaries[0]]
    names = list(a.binaries) + [a.binaries[0] + " (A/A)"]
    nps = {n: [] for n in names}
    trees = {}
    for r in range(a.rounds):
        order = list(range(len(builds)))
        if r % 2:
            order.reverse()
        for i in order:
            n, ms, tree = run(builds[i], positions, a.nodes, a.hash)
            trees.setdefault(tree, []).append(names[i])
            nps[names[i]].append(n * 1000 / max(ms, 1))
    if len(trees) > 1:
        sys.exit("the builds searched different trees (iterations' depth, score, nodes and line): " +
                 " | ".join(", ".join(sorted(set(v))) for v in trees.values()))

    print(f"{len(positions)} positions from {a.games} (plies {a.plies}, every {a.every}th game), "
          f"go nodes {a.nodes}, hash {a.hash} MB, {a.rounds} rounds, the same trees in every build\n")
    # A round's builds ran back to back, so a ratio within a round cancels the machine's slower
    # spells; its median is the figure to quote.
    print("| build | median nodes/s | ratio of medians | median ratio within a round | rounds (M nodes/s) |")
    print("|---|---:|---:|---:|---|")
    base = statistics.median(nps[names[0]])
    for n in names:
        m = statistics.median(nps[n])
        within = statistics.median(x / b for x, b in zip(nps[n], nps[names[0]]))
        print(f"| `{n}` | {m / 1e6:.3f} M | {m / base:.3f} | {within:.3f} | " + ", ".join(f"{x / 1e6:.3f}" for x in nps[n]) + " |")


if __name__ == "__main__":
    main()
