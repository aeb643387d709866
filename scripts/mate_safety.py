#!/usr/bin/env python3
"""Where a lost game let a mate in: for each game the named player lost, the first of its moves
after which the opponent has a mate by checks (the engine's `go mate MS`, any USI engine that
answers it), and how many of the other legal moves at that position leave no such mate found
in --alt-ms. A move of the second kind is what a root mate-safety check (the opponent's mate
searched after our move) could have played instead; it may still lose to a slower attack
(a threat that is no check), so the count is an upper bound on what such a check could save.

With --replay GO, the position before that first move is searched again with `go GO`, once
with the engine's defaults and once with the --option settings (a root mate-safety check such
as sashite's MateSafetyShare=5): two more columns, each search's move and whether a mate by
checks is found after it (--alt-ms).

Usage: mate_safety.py --games F [F ...] --player NAME [--first-ms 300] [--alt-ms 100]
                      [--replay GO --option NAME=VALUE ...] BINARY
"""
import argparse
import json

from results_io import open_text  # games.jsonl, or games.jsonl.xz as committed
from score_trajectory import lost, player_is_black, position_command as position
from usi_process import UsiProcess


def mate_found(engine, game, moves, ms):
    """Whether the side to move after `moves` mates by checks: `checkmate <moves>` within ms."""
    engine.send(position(game, moves), f"go mate {ms}")
    answer = engine.read_until("checkmate")[-1].split()
    return len(answer) > 1 and answer[1] not in ("nomate", "timeout", "notimplemented")


def legal_moves(engine, game, moves):
    """The legal moves after `moves`, from the engine's `go perft 1` divide (sashite's form)."""
    engine.send(position(game, moves), "go perft 1")
    lines = engine.read_until("Nodes searched")
    return [l.split(":")[0] for l in lines if l.endswith(": 1") and not l.startswith("Nodes")]


def first_mate_allowed(engine, game, player, ms):
    """The ply index of the player's first move after which the opponent mates; None if none."""
    moves = game["moves"].split()
    black_first = game["opening"].split()[1] == "b"
    ours = 0 if black_first == player_is_black(game, player) else 1
    for ply in range(ours, len(moves), 2):
        if mate_found(engine, game, moves[:ply + 1], ms):
            return ply
    return None


def replayed(engine, game, moves, go, alt_ms):
    """The move `go GO` chooses after `moves` from a new game, with "(mate)" when the opponent
    then mates by checks within alt_ms."""
    engine.send("usinewgame", position(game, moves))
    best = engine.go(f"go {go}")[-1].split()[1]
    if best in ("resign", "win"):
        return best, False
    return best, mate_found(engine, game, moves + [best], alt_ms)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="+", required=True)
    ap.add_argument("--player", required=True)
    ap.add_argument("--first-ms", type=int, default=300, help="mate search after each of the player's moves")
    ap.add_argument("--alt-ms", type=int, default=100, help="mate search after each other move at that ply")
    ap.add_argument("--replay", metavar="GO", help="search the position before that move again with `go GO`")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="the second replay's options (repeatable)")
    ap.add_argument("binary")
    a = ap.parse_args()
    engine = UsiProcess(a.binary)
    engine.handshake({"USI_Hash": 16})
    tried = None
    if a.replay:
        tried = UsiProcess(a.binary)
        tried.handshake({"USI_Hash": 16, **dict(o.split("=", 1) for o in a.option)})
    print(f"Mates by checks found by `{a.binary}` after {a.player}'s moves in its losses "
          f"(go mate {a.first_ms} after each move, {a.alt_ms} after each other move there):\n")
    replay_heads = f" go {a.replay}: defaults | go {a.replay}: {' '.join(a.option)} |" if a.replay else ""
    print(f"| record | pair | game | plies | first move that allows a mate | other moves with none found |{replay_heads}")
    print("|---|---:|---:|---:|---|---|" + ("---|---|" if a.replay else ""))
    totals = [0, 0, 0]  # losses, with a mate let in, with another move that lets none in
    replays = [0, 0]    # replayed moves after which a mate is found: defaults, with the options
    for path in a.games:
        with open_text(path) as f:
            games = [json.loads(line) for line in f if line.strip()]
        for g in games:
            if not lost(g, a.player):
                continue
            totals[0] += 1
            moves = g["moves"].split()
            ply = first_mate_allowed(engine, g, a.player, a.first_ms)
            if ply is None:
                print(f"| {path} | {g['pair']} | {g['game']} | {len(moves)} | none found | |", flush=True)
                continue
            totals[1] += 1
            others = [m for m in legal_moves(engine, g, moves[:ply]) if m != moves[ply]]
            safe = [m for m in others if not mate_found(engine, g, moves[:ply] + [m], a.alt_ms)]
            totals[2] += bool(safe)
            cells = ""
            if a.replay:
                for i, e in enumerate((engine, tried)):
                    best, mated = replayed(e, g, moves[:ply], a.replay, a.alt_ms)
                    replays[i] += mated
                    cells += f" {best}{' (mate)' if mated else ''} |"
            print(f"| {path} | {g['pair']} | {g['game']} | {len(moves)} | ply {ply + 1}: {moves[ply]} | "
                  f"{len(safe)} of {len(others)}: {' '.join(safe[:6])} |{cells}", flush=True)
    engine.quit()
    if tried:
        tried.quit()
    print(f"\n{totals[0]} losses; {totals[1]} with a move that allows a mate by checks; "
          f"{totals[2]} of those with another move there after which none was found.")
    if a.replay:
        print(f"Searched again with go {a.replay}: a mate by checks found after {replays[0]} of the "
              f"{totals[1]} moves with the defaults, after {replays[1]} with {' '.join(a.option)}.")


if __name__ == "__main__":
    main()
