#!/usr/bin/env python3
"""The search against YaneuraOu's published anchor (README Sources): one thread,
64 MB hash, `go byoyomi 5000` at the start position and at the anchor's middle game, for each
generator. Prints a Markdown table of the last completed iteration: depth, seldepth, nodes,
time, nodes per second.

Usage: search_anchor.py <sashite binary> [byoyomi ms]"""
import sys
import time

from usi_process import UsiProcess

POSITIONS = [
    ("start", "startpos"),
    ("middle game (29th move)", "sfen ln1g3nl/1r3kg2/p2pppsp1/2ps2p1p/1p7/2P1P1P2/PPSP1PS1P/1KG4R1/LN1G3NL b Bb 29"),
]
ANCHOR = {"start": ("1.90 M", 25), "middle game (29th move)": ("1.74 M", 23)}


def search(binary, movegen, position, byoyomi):
    engine = UsiProcess(binary)
    engine.handshake({"USI_Hash": 64, "MoveGen": movegen})
    engine.send("usinewgame", f"position {position}")
    t0 = time.monotonic()
    lines = engine.go(f"go btime 0 wtime 0 byoyomi {byoyomi}")
    wall = time.monotonic() - t0
    engine.quit()
    last = [l.split() for l in lines if l.startswith("info depth") and "upperbound" not in l and "lowerbound" not in l][-1]
    best = lines[-1].split()[1]
    info = {last[i]: last[i + 1] for i in range(1, len(last) - 1) if last[i] in ("depth", "seldepth", "nodes", "nps", "time", "hashfull")}
    return info, best, wall


def main():
    binary = sys.argv[1]
    byoyomi = int(sys.argv[2]) if len(sys.argv) > 2 else 5000
    print("## The search against YaneuraOu's anchor\n")
    print(f"`scripts/search_anchor.py`: one thread, USI_Hash 64, `go btime 0 wtime 0 byoyomi {byoyomi}`, the last "
          "completed iteration's info line. YaneuraOu's figures are the published anchor for its material-only "
          "build (README Sources), not measured in this run. Node definitions: sashite counts one "
          "node per call of the search or the quiescence search (the root and null-move children included); "
          "YaneuraOu counts one per do_move, which is nearly the same count.\n")
    print(f"| position | MoveGen | depth | seldepth | nodes | time (ms) | nodes/s | hashfull | bestmove | YaneuraOu anchor |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---|---|")
    for name, position in POSITIONS:
        for movegen in ("full", "diff"):
            info, best, wall = search(binary, movegen, position, byoyomi)
            nps, depth = ANCHOR[name]
            print(f"| {name} | {movegen} | {info['depth']} | {info['seldepth']} | {int(info['nodes']):,} | {info['time']} | "
                  f"{int(info['nps']) / 1e6:.2f} M | {info['hashfull']} | {best} | {nps} nodes/s, depth {depth} |")


if __name__ == "__main__":
    main()
