#!/usr/bin/env python3
"""How an engine reads the positions of recorded games: a score every few plies, from one
player's view, so that where a lost game turned shows as a column of numbers.

Reads a match record (games.jsonl of match/) and, for the games the named player lost (or
all games, --all), searches the position every --step plies from a new game with `go nodes N`
or `go byoyomi MS` in any USI engine, and prints one Markdown row per game: its pair, game,
result, plies, and the scores (centipawns, a mate as +-30000) from the named player's side.
Run it with the player's own engine and with its opponent's on the same record: where the two
columns part, one of them misreads the position. --go gives any go command (gpsusi takes only
"go btime 0 wtime 0 byoyomi MS"; with --option LimitDepth=4 its search stops at a depth, so its
scores do not depend on how busy the machine is), --max-ply stops each game there, and
--summary K ends with the median change of the player's score over the first K scores of each
game, split by the game's result: where a side loses ground (the opening, or the end).

Usage: score_trajectory.py --games F [--games F2 ...] --player NAME [--all] [--step 2]
                           [--nodes N | --byoyomi MS | --go COMMAND] [--option NAME=VALUE ...]
                           [--hash 64] [--max-ply N] [--summary K] BINARY
"""
import argparse
import json
import statistics

from results_io import open_text  # games.jsonl, or games.jsonl.xz as committed
from usi_process import UsiProcess

MATE = 30000


def player_is_black(game, player):
    """The runner's rule (match/results.cpp): the first engine is Black in even games."""
    return (game["first"] == player) == (game["game"] % 2 == 0)


def lost(game, player):
    black = player_is_black(game, player)
    return game["result"] == ("0-1" if black else "1-0")


def position_command(game, moves):
    """The USI `position` command of a recorded game's opening after `moves`."""
    return f"position sfen {game['opening']}" + (" moves " + " ".join(moves) if moves else "")


def last_score(lines):
    """The last exact score of a search's info lines, for the side to move; None without one."""
    score = None
    for line in lines:
        words = line.split()
        if "score" not in words or "lowerbound" in words or "upperbound" in words:
            continue
        i = words.index("score")
        kind, value = words[i + 1], words[i + 2]
        if kind == "cp":
            score = int(value)
        elif kind == "mate":
            score = -MATE if value.startswith("-") else MATE
    return score


def trajectory(engine, game, player, step, go, max_ply=None):
    """The scores every `step` plies up to `max_ply`, from `player`'s side (None where the engine
    gave none)."""
    moves = game["moves"].split()
    black_first = game["opening"].split()[1] == "b"
    black = player_is_black(game, player)
    last = len(moves) if max_ply is None else min(len(moves), max_ply)
    out = []
    for ply in range(0, last + 1, step):
        engine.send("usinewgame", position_command(game, moves[:ply]))
        score = last_score(engine.go(go))
        black_to_move = black_first == (ply % 2 == 0)
        out.append(None if score is None else score if black_to_move == black else -score)
    return out


def median_change(rows, k):
    """The median of (score k steps in, or the last one, less the first) over rows of scores."""
    changes = []
    for scores in rows:
        known = [x for x in scores if x is not None]
        if len(known) >= 2:
            changes.append(known[min(k, len(known) - 1)] - known[0])
    return (statistics.median(changes), len(changes)) if changes else (None, 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", required=True, action="append")
    ap.add_argument("--player", required=True, help="the engine's name in the record, whose side the scores take")
    ap.add_argument("--all", action="store_true", help="every game, not only the player's losses")
    ap.add_argument("--step", type=int, default=2)
    ap.add_argument("--nodes", type=int)
    ap.add_argument("--byoyomi", type=int)
    ap.add_argument("--go", help="the whole go command, e.g. \"go btime 0 wtime 0 byoyomi 3000\"")
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE, a setoption for the engine")
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--max-ply", type=int)
    ap.add_argument("--summary", type=int, help="K: the median change over each game's first K scores, by result")
    ap.add_argument("binary")
    a = ap.parse_args()
    limits = [x is not None for x in (a.nodes, a.byoyomi, a.go)]
    if sum(limits) != 1 or a.step < 1 or any("=" not in o for o in a.option):
        ap.error("give one of --nodes, --byoyomi and --go, a --step of at least 1, and options as NAME=VALUE")
    go = a.go or (f"go nodes {a.nodes}" if a.nodes else f"go byoyomi {a.byoyomi}")
    games = []
    for path in a.games:
        with open_text(path) as f:
            games += [json.loads(line) for line in f if line.strip()]
    engine = UsiProcess(a.binary)
    engine.handshake({"USI_Hash": a.hash, **dict(o.split("=", 1) for o in a.option)})
    options = "".join(f", {o}" for o in a.option)
    upto = "" if a.max_ply is None else f" to ply {a.max_ply}"
    print(f"Scores by `{a.binary}` ({go}{options}), every {a.step} plies from ply 0{upto}, from {a.player}'s side:\n")
    print("| pair | game | result | plies | scores |")
    print("|---:|---:|---|---:|---|")
    by_result = {True: [], False: []}
    for g in games:
        if not a.all and not lost(g, a.player):
            continue
        scores = trajectory(engine, g, a.player, a.step, go, a.max_ply)
        by_result[lost(g, a.player)].append(scores)
        text = " ".join("-" if s is None else str(s) for s in scores)
        print(f"| {g['pair']} | {g['game']} | {g['result']} {g['reason']} | {len(g['moves'].split())} | {text} |", flush=True)
    engine.quit()
    if a.summary is not None:
        print()
        for is_lost, name in ((False, "not lost"), (True, "lost")):
            median, n = median_change(by_result[is_lost], a.summary)
            if n:
                print(f"{name}: {n} games, median change over the first {a.summary} scores {median:+g}")
        median, n = median_change(by_result[False] + by_result[True], a.summary)
        if n:
            print(f"all: {n} games, median change {median:+g}")


if __name__ == "__main__":
    main()
