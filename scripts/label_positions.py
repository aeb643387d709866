#!/usr/bin/env python3
"""Labels positions with another engine's search score, for tools/texel_tune --labels.

Reads texel_tune --dump's lines (SFEN, Black's points, game index), searches each position
with a USI engine (`--go`, default a depth-limited search so the labels do not depend on how
busy the machine is) in --jobs processes, and appends to OUT one line per position: the three
input fields and the engine's last exact score from Black's side (centipawns in the engine's
own scale; a mate is the engine's own large number). Positions already in OUT are skipped, so a
stopped run resumes. Input lines are taken in a fixed shuffled order (--seed), so a run stopped
early still samples every game.

Usage: label_positions.py --positions IN --out OUT [--jobs 2] [--go "go btime 0 wtime 0 byoyomi 3000"]
                          [--option NAME=VALUE ...] [--limit N] [--seed 1] BINARY
"""
import argparse
import random
import threading

from usi_process import UsiProcess


def last_exact_cp(lines):
    """The last exact `score cp` of a search's info lines (side to move's view); None if none."""
    score = None
    for line in lines:
        words = line.split()
        if "score" not in words or "lowerbound" in words or "upperbound" in words:
            continue
        i = words.index("score")
        if i + 2 < len(words) and words[i + 1] == "cp":
            score = int(words[i + 2])
    return score


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
            score = last_exact_cp(engine.go(args.go))
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
