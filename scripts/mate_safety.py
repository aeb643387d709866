#!/usr/bin/env python3
"""Where a lost game let a mate in: for each game the named player lost, the first of its moves
after which the opponent has a mate by checks (the engine's `go mate MS`, any USI engine that
answers it), and how many of the other legal moves at that position leave no such mate found
in --alt-ms. A move of the second kind is what a root mate-safety check (the opponent's mate
searched after our move) could have played instead; it may still lose to a slower attack
(a threat that is no check), so the count is an upper bound on what such a check could save.

Usage: mate_safety.py --games F [F ...] --player NAME [--first-ms 300] [--alt-ms 100] BINARY
"""
import argparse
import json

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


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="+", required=True)
    ap.add_argument("--player", required=True)
    ap.add_argument("--first-ms", type=int, default=300, help="mate search after each of the player's moves")
    ap.add_argument("--alt-ms", type=int, default=100, help="mate search after each other move at that ply")
    ap.add_argument("binary")
    a = ap.parse_args()
    engine = UsiProcess(a.binary)
    engine.handshake({"USI_Hash": 16})
    print(f"Mates by checks found by `{a.binary}` after {a.player}'s moves in its losses "
          f"(go mate {a.first_ms} after each move, {a.alt_ms} after each other move there):\n")
    print("| record | pair | game | plies | first move that allows a mate | other moves with none found |")
    print("|---|---:|---:|---:|---|---|")
    totals = [0, 0, 0]  # losses, with a mate let in, with another move that lets none in
    for path in a.games:
        with open(path) as f:
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
            print(f"| {path} | {g['pair']} | {g['game']} | {len(moves)} | ply {ply + 1}: {moves[ply]} | "
                  f"{len(safe)} of {len(others)}: {' '.join(safe[:6])} |", flush=True)
    engine.quit()
    print(f"\n{totals[0]} losses; {totals[1]} with a move that allows a mate by checks; "
          f"{totals[2]} of those with another move there after which none was found.")


if __name__ == "__main__":
    main()
