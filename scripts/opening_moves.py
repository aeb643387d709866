#!/usr/bin/env python3
"""What each engine does with its first moves after the opening position, from match records:
per engine, its moves in the first --plies plies of every game, how many of them were king moves,
pawn steps and edge pawn steps (from files 1, 2, 8 or 9), and in how many games its king stood on
the centre files (4-6) at ply --king-ply; then, in a second table, where its silvers, golds and
rooks (unpromoted) stood at ply --ranks-ply, by rank counted from its own back rank;
in a third, its golds and silvers by king steps from its own king at ply --king-ply. The counts
behind results/2026-11-27-opening-drift.md's castle, piece-rank and guard readings: whether a king
leaves the centre, where the first tempi go, whether the generals come out and whether the golds
stay by the king.

Reads games.jsonl of match/ (opening SFEN, moves, which engine played Black by the runner's
rule), replays the moves on a board of its own (no legality check beyond the move's form and a piece
on the from square: the records come from the runner, which checked them) and prints three
Markdown tables.

Usage: opening_moves.py [--plies 30] [--king-ply 40] [--ranks-ply 30] GAMES.jsonl [GAMES2.jsonl ...]
"""
import argparse
import json
import re
import sys

from results_io import open_text  # games.jsonl, or games.jsonl.xz as committed
from score_trajectory import player_is_black

RANKS = "abcdefghi"
EDGE_FILES = (1, 2, 8, 9)
CENTRE_FILES = (4, 5, 6)
RANKED_PIECES = "SGR"  # silvers, golds, rooks: the generals and the rook, unpromoted
RANKS_SHOWN = 5  # own ranks 1..4 apart, 5 and beyond together
GUARD_PIECES = "GS"  # golds and silvers (unpromoted) by their king steps from the own king
STEPS_SHOWN = 3  # one step, two steps, three or more
USI_MOVE = re.compile(r"[1-9][a-i][1-9][a-i]\+?|[PLNSGBR]\*[1-9][a-i]")


def board_of(sfen):
    """{square: piece} of an SFEN's board field; squares as in USI ("7g"), pieces as in SFEN
    ("P", "+r"), upper case Black's."""
    rows = sfen.split()[0].split("/")
    if len(rows) != 9:
        raise ValueError(f"not an SFEN board: {sfen!r}")
    board = {}
    for r, row in enumerate(rows):
        file, promoted = 9, ""
        for c in row:
            if c == "+":
                promoted = "+"
            elif c.isdigit():
                file -= int(c)
            else:
                board[f"{file}{RANKS[r]}"] = promoted + c
                file, promoted = file - 1, ""
        if file != 0:
            raise ValueError(f"rank {RANKS[r]} of {sfen!r} is not nine squares")
    return board


def play(board, move, black_to_move, where):
    """Makes a USI move on `board` (board_of's form) and returns the piece it moved ("" for a
    drop). No legality check beyond the move's form and a piece on the from square: the records
    come from the runner, which checked them. `where` starts the error's text."""
    if not USI_MOVE.fullmatch(move):
        raise ValueError(f"{where} ({move!r}) is not a USI move")
    if move[1] == "*":
        board[move[2:4]] = move[0] if black_to_move else move[0].lower()
        return ""
    source, target = move[:2], move[2:4]
    if source not in board:
        raise ValueError(f"{where} ({move}) moves from an empty square")
    moved = board.pop(source)
    board[target] = "+" + moved if move.endswith("+") else moved
    return moved


def own_rank(square, black):
    """A square's rank counted from the own back rank of the side (1: Black's rank i, White's a)."""
    rank = RANKS.index(square[1]) + 1
    return 10 - rank if black else rank


def king_steps(a, b):
    """Chebyshev distance between two USI squares: the king steps from one to the other."""
    return max(abs(int(a[0]) - int(b[0])), abs(RANKS.index(a[1]) - RANKS.index(b[1])))


def count(games, plies, king_ply, ranks_ply):
    """Per engine: moves, king moves, pawn steps, edge pawn steps in the first `plies` plies,
    games with its king on files 4-6 at `king_ply` (of games that long) and its golds and
    silvers by king steps from its king there, and its silvers, golds and rooks by own rank
    (1..RANKS_SHOWN, the last one and beyond) at `ranks_ply`."""
    stats = {}
    for where, game in games:
        board = board_of(game["opening"])
        black, white = game["first"], game["second"]
        if not player_is_black(game, black):
            black, white = white, black
        black_first = game["opening"].split()[1] == "b"
        moves = game["moves"].split()
        for name in (black, white):
            stats.setdefault(name, {"moves": 0, "king": 0, "pawn": 0, "edge_pawn": 0, "centre_king": 0, "games": 0,
                                    "rank_games": 0, "ranks": {p: [0] * RANKS_SHOWN for p in RANKED_PIECES},
                                    "guards": {p: [0] * STEPS_SHOWN for p in GUARD_PIECES}})
        at_king_ply = dict(board) if king_ply == 0 else None
        at_ranks_ply = dict(board) if ranks_ply == 0 else None
        for ply, move in enumerate(moves[: max(plies, king_ply, ranks_ply)]):
            is_black = black_first == (ply % 2 == 0)
            s = stats[black if is_black else white]
            moved = play(board, move, is_black, f"{where}: ply {ply}")
            if ply + 1 == king_ply:
                at_king_ply = dict(board)
            if ply + 1 == ranks_ply:
                at_ranks_ply = dict(board)
            if ply < plies:
                s["moves"] += 1
                if moved.upper() == "K":
                    s["king"] += 1
                if moved.upper() == "P":
                    s["pawn"] += 1
                    s["edge_pawn"] += int(move[0]) in EDGE_FILES
        if at_king_ply is not None:
            for square, piece in at_king_ply.items():
                if piece.upper() == "K":
                    s = stats[black if piece == "K" else white]
                    s["games"] += 1
                    s["centre_king"] += int(square[0]) in CENTRE_FILES
                    for other, guard in at_king_ply.items():
                        if guard.upper() in GUARD_PIECES and guard.isupper() == piece.isupper():
                            s["guards"][guard.upper()][min(king_steps(square, other), STEPS_SHOWN) - 1] += 1
        if at_ranks_ply is not None:
            for name in (black, white):
                stats[name]["rank_games"] += 1
            for square, piece in at_ranks_ply.items():
                if piece.upper() in RANKED_PIECES:  # a promoted piece's "+" keeps it out
                    is_black = piece.isupper()
                    rank = min(own_rank(square, is_black), RANKS_SHOWN)
                    stats[black if is_black else white]["ranks"][piece.upper()][rank - 1] += 1
    return stats


def read_games(paths):
    games = []
    for path in paths:
        with open_text(path) as f:
            for n, line in enumerate(f, 1):
                if line.strip():
                    games.append((f"{path}:{n}", json.loads(line)))
    return games


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="+", help="games.jsonl of a match")
    ap.add_argument("--plies", type=int, default=30, help="plies after the opening position whose moves are counted")
    ap.add_argument("--king-ply", type=int, default=40, help="the ply at which the kings' files are read")
    ap.add_argument("--ranks-ply", type=int, default=30, help="the ply at which silvers, golds and rooks are placed by rank")
    a = ap.parse_args(argv)
    if a.plies < 1 or a.king_ply < 0 or a.ranks_ply < 0:
        ap.error("--plies must be at least 1, --king-ply and --ranks-ply at least 0")
    try:
        stats = count(read_games(a.games), a.plies, a.king_ply, a.ranks_ply)
    except (OSError, ValueError, KeyError, IndexError) as e:
        sys.exit(f"opening_moves.py: {e}")
    print(f"| engine | moves (first {a.plies} plies) | king moves | pawn steps | edge pawn steps | king on files 4-6 at ply {a.king_ply} |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, s in stats.items():
        print(f"| {name} | {s['moves']} | {s['king']} | {s['pawn']} | {s['edge_pawn']} | {s['centre_king']} of {s['games']} |")
    print_piece_table(stats, f"piece at ply {a.ranks_ply} | games | own rank 1 | 2 | 3 | 4 | 5 or more",
                      RANKED_PIECES, "rank_games", "ranks")
    print_piece_table(stats, f"piece at ply {a.king_ply} | games | one step from its king | two steps | three or more",
                      GUARD_PIECES, "games", "guards")


def print_piece_table(stats, header, pieces, games_key, counts_key):
    """One row per engine and piece: its games counted, then its counts per column."""
    print()
    print(f"| engine | {header} |")
    print("|---|---|" + "---:|" * header.count("|"))
    for name, s in stats.items():
        for piece in pieces:
            print(f"| {name} | {piece} | {s[games_key]} | " + " | ".join(str(n) for n in s[counts_key][piece]) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
