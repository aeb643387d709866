#!/usr/bin/env python3
"""How an engine reads the positions of recorded games: a score every few plies, from one
player's view, so that where a lost game turned shows as a column of numbers.

Reads a match record (games.jsonl of match/) and, for the games the named player lost (or
all games, --all), searches the position every --step plies from a new game with `go nodes N`
or `go byoyomi MS` in any USI engine, and prints one Markdown row per game: its pair, game,
result, plies, and the scores (centipawns, a mate as +-30000) from the named player's side.
Run it with the player's own engine and with its opponent's on the same record: where the two
columns part, one of them misreads the position.

Usage: score_trajectory.py --games F --player NAME [--all] [--step 2] [--nodes N | --byoyomi MS]
                           [--hash 64] BINARY
"""
import argparse
import json

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


def trajectory(engine, game, player, step, go):
    """The scores every `step` plies, from `player`'s side (None where the engine gave none)."""
    moves = game["moves"].split()
    black_first = game["opening"].split()[1] == "b"
    black = player_is_black(game, player)
    out = []
    for ply in range(0, len(moves) + 1, step):
        engine.send("usinewgame", position_command(game, moves[:ply]))
        score = last_score(engine.go(go))
        black_to_move = black_first == (ply % 2 == 0)
        out.append(None if score is None else score if black_to_move == black else -score)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", required=True)
    ap.add_argument("--player", required=True, help="the engine's name in the record, whose side the scores take")
    ap.add_argument("--all", action="store_true", help="every game, not only the player's losses")
    ap.add_argument("--step", type=int, default=2)
    ap.add_argument("--nodes", type=int)
    ap.add_argument("--byoyomi", type=int)
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("binary")
    a = ap.parse_args()
    if (a.nodes is None) == (a.byoyomi is None) or a.step < 1:
        ap.error("give one of --nodes and --byoyomi, and a --step of at least 1")
    go = f"go nodes {a.nodes}" if a.nodes else f"go byoyomi {a.byoyomi}"
    with open(a.games) as f:
        games = [json.loads(line) for line in f if line.strip()]
    engine = UsiProcess(a.binary)
    engine.handshake({"USI_Hash": a.hash})
    print(f"Scores by `{a.binary}` ({go}), every {a.step} plies from ply 0, from {a.player}'s side:\n")
    print("| pair | game | result | plies | scores |")
    print("|---:|---:|---|---:|---|")
    for g in games:
        if not a.all and not lost(g, a.player):
            continue
        scores = trajectory(engine, g, a.player, a.step, go)
        text = " ".join("-" if s is None else str(s) for s in scores)
        print(f"| {g['pair']} | {g['game']} | {g['result']} {g['reason']} | {len(g['moves'].split())} | {text} |", flush=True)
    engine.quit()


if __name__ == "__main__":
    main()
