#!/usr/bin/env python3
"""Labels positions with another engine's search score, for tools/texel_tune --labels.

Reads texel_tune --dump's lines (SFEN, Black's points, game index), searches each position
with a USI engine in --jobs processes, and appends to OUT one line per position: the three
input fields and the engine's last exact score from Black's side (centipawns in the engine's
own scale; a `score mate` is +-30000, and some engines give a mate as their own large number).
Give the engine a depth limit (gpsusi: --option LimitDepth=5, with --go's default 3 s as a
cap) or a node limit (--go "go nodes N"), so the labels do not depend on how busy the machine
is. Positions already in OUT are skipped, so a stopped run resumes; input lines are taken in a
fixed shuffled order (--seed), so a run stopped early still samples every game.

Usage: label_positions.py --positions IN --out OUT [--jobs 2] [--go "go btime 0 wtime 0 byoyomi 3000"]
                          [--option NAME=VALUE ...] [--limit N] [--seed 1] BINARY
"""
import argparse
import random
import threading

from score_trajectory import last_score
from usi_process import UsiProcess


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--go", default="go btime 0 wtime 0 byoyomi 3000")
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE, a setoption for the engine")
    ap.add_argument("--limit", type=int, default=0, help="label at most this many positions (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("binary")
    args = ap.parse_args()
    options = dict(o.split("=", 1) for o in args.option)

    with open(args.positions) as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    random.Random(args.seed).shuffle(rows)
    done = set()
    try:
        with open(args.out) as f:
            done = {line.split("\t", 1)[0] for line in f}
    except FileNotFoundError:
        pass
    todo = [r for r in rows if r[0] not in done]
    if args.limit:
        todo = todo[: max(args.limit - len(done), 0)]

    lock = threading.Lock()
    out = open(args.out, "a")
    next_row = iter(todo)

    def worker():
        engine = UsiProcess(args.binary)
        engine.handshake(options)
        while True:
            with lock:
                row = next(next_row, None)
            if row is None:
                break
            sfen = row[0]
            engine.send("usinewgame", f"position sfen {sfen}")
            score = last_score(engine.go(args.go))
            if score is None:
                continue
            black = sfen.split()[1] == "b"
            with lock:
                out.write("\t".join(row[:3] + [str(score if black else -score)]) + "\n")
                out.flush()
        engine.quit()

    threads = [threading.Thread(target=worker) for _ in range(args.jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out.close()


if __name__ == "__main__":
    main()
