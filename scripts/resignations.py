#!/usr/bin/env python3
"""Was the position lost where the named player resigned? For each game it resigned: how many of
its legal moves there let the opponent mate by checks (`go mate --mate-ms` after each: all of
them is a proof by the solver that the position is lost), and a deeper search of the position
(`go --go`, default a fixed node count, so the answer does not depend on the host's load) with
its score. A resignation that the solver does not prove and that the deeper search scores above
a mate is one that neither shows lost: the engine gave up a game that might have gone on.

Usage: resignations.py --games F [F ...] --player NAME [--mate-ms 3000] [--go "nodes 10000000"]
                       BINARY
"""
import argparse
import json

from mate_safety import legal_moves, mate_found
from results_io import open_text  # games.jsonl, or games.jsonl.xz as committed
from score_trajectory import MATE, last_score, position_command as position
from usi_process import UsiProcess


def resigned(game, player):
    """Whether `player` resigned this game (the runner's detail names the side that resigned)."""
    return game.get("reason") == "resignation" and f"({player}): resigned" in game.get("detail", "")


def deeper(engine, game, moves, go):
    """The last exact score of `go GO` after moves, for the side to move (score_trajectory's MATE
    for a mate), and the answer."""
    engine.send("usinewgame", position(game, moves))
    lines = engine.go(f"go {go}")
    return last_score(lines), lines[-1].split()[1]


def shown(score):
    return "-" if score is None else "mated" if score == -MATE else "mates" if score == MATE else f"cp {score}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="+", required=True)
    ap.add_argument("--player", required=True)
    ap.add_argument("--mate-ms", type=int, default=3000, help="mate search after each legal move")
    ap.add_argument("--go", default="nodes 10000000", help="the deeper search's go arguments")
    ap.add_argument("binary")
    a = ap.parse_args()
    engine = UsiProcess(a.binary)
    engine.handshake({"USI_Hash": 256})
    print(f"Resignations of {a.player}: the legal moves after which `{a.binary}` finds a mate by checks "
          f"(go mate {a.mate_ms}), and the position searched again (go {a.go}):\n")
    print("| record | pair | game | plies | legal moves | mated by checks after | deeper search: score, answer | lost by |")
    print("|---|---:|---:|---:|---:|---:|---|---|")
    counts = {"the solver": 0, "the deeper search's score": 0, "neither": 0}
    for path in a.games:
        for line in open_text(path):
            game = json.loads(line)
            if not resigned(game, a.player):
                continue
            moves = game["moves"].split()
            legal = legal_moves(engine, game, moves)
            mated = sum(mate_found(engine, game, moves + [m], a.mate_ms) for m in legal)
            score, answer = deeper(engine, game, moves, a.go)
            lost = ("the solver" if mated == len(legal) else "the deeper search's score" if score == -MATE else "neither")
            counts[lost] += 1
            print(f"| {path} | {game['pair']} | {game['game']} | {len(moves)} | {len(legal)} | {mated} "
                  f"| {shown(score)}, {answer} | {lost} |")
    solver, search, neither = counts.values()
    print(f"\n{solver + search + neither} resignations; lost by the solver's proof {solver}, by the deeper "
          f"search's mated score alone {search}, shown lost by neither {neither}.")
    engine.quit()


if __name__ == "__main__":
    main()
