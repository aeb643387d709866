#!/usr/bin/env python3
"""Where a stronger engine puts its pieces and a weaker one does not, as three tables: from
match records of games between the two, every piece of each side (unpromoted pawns, lances,
knights, silvers, bishops, rooks and golds) at every --every-th ply from --first to --last,
counted by kind and by three cells, all seen from the piece's own side: its square, its offset
from its own king and its offset from the enemy king. Per kind and map, each engine's share of
its pieces in each cell, both smoothed by --pseudo pieces added to every cell (a piece stays on
its square for many sampled plies, so a cell seen in a few games says little: the pseudo-count
shrinks it toward 0), and the table's entry the log of the stronger engine's share over the
weaker one's, times --scale centipawns, capped at +-cap. Positive: a cell the stronger engine's
pieces stand in more often.

This is the piece-rank reading of results/2026-11-27-opening-drift.md (which fixed the silver,
gold and rook rank weights by hand) made whole: every kind, every square, and each piece's place
around both kings, the weights by rule. What a cell's share says is style, not value: a cell the
stronger engine prefers is not proven good, which is why each table enters the evaluation behind
one percentage weight (`piece_square_percent`, `piece_own_king_percent`,
`piece_enemy_king_percent`) whose value an SPRT decides. --split-half tells how much of each
table is the engines' habit rather than the games' chance.

Writes the tables as a C++ header (--header; the layout in its comment) and prints each kind's
largest and smallest entries per map.

Usage: piece_squares.py --strong gpsusi --weak sashite [--first 12 --last 60 --every 2]
                        [--pseudo 100 --scale 30 --cap 40] [--header FILE] [--split-half]
                        GAMES.jsonl ...
"""
import argparse
import math
import random
import sys

from opening_moves import RANKS, board_of, play, read_games
from score_trajectory import player_is_black

KINDS = "PLNSBRG"  # PieceType 1..7 of base/types.h
# The three maps: by square, and by the square's offset from the own and from the enemy king
# (17 x 17 offsets, (rank difference + 8) * 17 + file difference + 8, the piece's own view).
MAPS = {"square": 81, "own_king": 289, "enemy_king": 289}
CPP_NAMES = {"square": "kLearnedPieceSquare", "own_king": "kLearnedOwnKing", "enemy_king": "kLearnedEnemyKing"}


def square_index(square, black):
    """The engine's Square (file * 9 + rank) of a USI square ("7g"), seen from the piece's own
    side: a White piece's square rotated 180 degrees."""
    file, rank = int(square[0]) - 1, RANKS.index(square[1])
    index = file * 9 + rank
    return index if black else 80 - index


def offset(square, king):
    """The cell of `square` seen from `king` (both Square indices of one side's view)."""
    return (square % 9 - king % 9 + 8) * 17 + (square // 9 - king // 9 + 8)


def count(games, names, first, last, every):
    """counts[name][map][kind][cell]: pieces of each engine, by kind and own-view square (and
    offsets from both kings, when both are on the board), summed over the sampled plies;
    positions[name]: the positions sampled."""
    counts = {n: {m: {k: [0] * size for k in KINDS} for m, size in MAPS.items()} for n in names}
    positions = dict.fromkeys(names, 0)
    for where, game in games:
        black, white = game["first"], game["second"]
        if not player_is_black(game, black):
            black, white = white, black
        if black not in names or white not in names:
            continue
        board = board_of(game["opening"])
        moves = game["moves"].split()
        for ply in range(min(last, len(moves)) + 1):
            if ply >= first and (ply - first) % every == 0:
                for name in (black, white):
                    positions[name] += 1
                kings = {piece: square for square, piece in board.items() if piece in "Kk"}
                for square, piece in board.items():
                    if piece in KINDS or piece in KINDS.lower():  # "+p" and kings are left out
                        is_black = piece.isupper()
                        c = counts[black if is_black else white]
                        q = square_index(square, is_black)
                        c["square"][piece.upper()][q] += 1
                        if len(kings) == 2:
                            own, enemy = ("K", "k") if is_black else ("k", "K")
                            c["own_king"][piece.upper()][offset(q, square_index(kings[own], is_black))] += 1
                            c["enemy_king"][piece.upper()][offset(q, square_index(kings[enemy], is_black))] += 1
            if ply == len(moves) or ply == last:
                break
            black_to_move = (game["opening"].split()[1] == "b") == (ply % 2 == 0)
            play(board, moves[ply], black_to_move, f"{where}: ply {ply}")
    return counts, positions


def table(counts, strong, weak, pseudo, scale, cap):
    """{kind: [centipawns per cell]} of one map (counts[name] of that map): scale * ln(strong
    share / weak share), smoothed, capped."""
    out = {}
    for kind in KINDS:
        s, w = counts[strong][kind], counts[weak][kind]
        cells = len(s)
        total_s, total_w = sum(s) + cells * pseudo, sum(w) + cells * pseudo
        ratio = [(s[i] + pseudo) / total_s / ((w[i] + pseudo) / total_w) for i in range(cells)]
        out[kind] = [max(-cap, min(cap, round(scale * math.log(r)))) for r in ratio]
    return out


def map_counts(counts, m):
    return {name: c[m] for name, c in counts.items()}


def correlation(a, b):
    n = len(a)
    ma, mb = sum(a) / n, sum(b) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    va, vb = sum((x - ma) ** 2 for x in a), sum((y - mb) ** 2 for y in b)
    return cov / math.sqrt(va * vb) if va > 0 and vb > 0 else 0.0


def split_half(games, a, rounds=4):
    """Per map and kind, the mean correlation over `rounds` random halvings of the games
    between the two halves' tables (uncapped, unrounded): how much of a table is the engines'
    habit and how much the games' chance. Games, not positions, are split: a piece stays on its
    square for many sampled plies of one game."""
    names = (a.strong, a.weak)
    out = {m: {k: 0.0 for k in KINDS} for m in MAPS}
    for seed in range(rounds):
        shuffled = games[:]
        random.Random(seed).shuffle(shuffled)
        half = len(shuffled) // 2
        parts = [count(part, names, a.first, a.last, a.every)[0] for part in (shuffled[:half], shuffled[half:])]
        for m in MAPS:
            tables = [table(map_counts(c, m), a.strong, a.weak, a.pseudo, 1000.0, 10 ** 9) for c in parts]
            for k in KINDS:
                out[m][k] += correlation(tables[0][k], tables[1][k]) / rounds
    return out


def cell_name(m, index):
    """A cell as text: a USI square, or an offset from the king ("+1f-2r": one file toward
    file 9, two ranks toward the enemy, as the piece's side sees it)."""
    if m == "square":
        return f"{index // 9 + 1}{RANKS[index % 9]}"
    return f"{index % 17 - 8:+d}f{index // 17 - 8:+d}r"


def header_text(tables, command, summary):
    lines = [
        "// Generated by scripts/piece_squares.py; do not edit. Regenerate with:",
        f"//   {command}",
        f"// {summary}",
        "// Per unpromoted kind (PieceType 1..7: pawn, lance, knight, silver, bishop, rook, gold),",
        "// centipawns: scale * ln(gpsusi's share of its pieces of the kind in the cell / sashite's",
        "// share). Cells, the piece's own view (Black's; a White piece reads them rotated):",
        "// kLearnedPieceSquare by Square (file * 9 + rank; file 0 the USI file 1, rank 0 rank a);",
        "// kLearnedOwnKing, kLearnedEnemyKing by the offset from that king, (rank difference + 8)",
        "// * 17 + (file difference + 8).",
        "#pragma once",
        "",
        "#include <array>",
        "#include <cstdint>",
        "",
        "namespace sashite::eval {",
    ]
    for m, size in MAPS.items():
        width = 9 if size == 81 else 17
        lines += ["", f"inline constexpr std::array<std::array<int8_t, {size}>, 8> {CPP_NAMES[m]} = {{{{",
                  "    {},  // NO_PIECE_TYPE"]
        for kind in KINDS:
            row = tables[m][kind]
            lines.append(f"    {{  // {kind}")
            for i in range(0, size, width):
                lines.append("        " + ", ".join(f"{v:3d}" for v in row[i:i + width]) + ",")
            lines.append("    },")
        lines.append("}};")
    lines += ["", "}  // namespace sashite::eval", ""]
    return "\n".join(lines)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="+", help="games.jsonl of matches between the two engines")
    ap.add_argument("--strong", required=True, help="the engine whose squares count as good")
    ap.add_argument("--weak", required=True)
    ap.add_argument("--first", type=int, default=12, help="first ply sampled")
    ap.add_argument("--last", type=int, default=60, help="last ply sampled")
    ap.add_argument("--every", type=int, default=2)
    ap.add_argument("--pseudo", type=float, default=100.0, help="pieces added to every cell's count of both engines")
    ap.add_argument("--scale", type=float, default=30.0, help="centipawns per unit of log share ratio")
    ap.add_argument("--cap", type=int, default=40, help="largest entry, centipawns (at most 127)")
    ap.add_argument("--header", help="write the tables as a C++ header here")
    ap.add_argument("--split-half", action="store_true",
                    help="also print each kind's split-half correlation (four random halvings of the games)")
    a = ap.parse_args(argv)
    if a.first < 0 or a.last < a.first or a.every < 1 or a.pseudo <= 0 or not 0 < a.cap <= 127:
        ap.error("need 0 <= first <= last, every >= 1, pseudo > 0, 0 < cap <= 127")
    try:
        games = read_games(a.games)
        counts, positions = count(games, (a.strong, a.weak), a.first, a.last, a.every)
    except (OSError, ValueError, KeyError, IndexError) as e:
        sys.exit(f"piece_squares.py: {e}")
    if not positions[a.strong]:
        sys.exit(f"piece_squares.py: no game between {a.strong} and {a.weak} reaches ply {a.first}")
    tables = {m: table(map_counts(counts, m), a.strong, a.weak, a.pseudo, a.scale, a.cap) for m in MAPS}
    summary = (f"{positions[a.strong]} positions per engine from {len(a.games)} files, plies {a.first}-{a.last} "
               f"every {a.every}; pseudo-count {a.pseudo:g}, scale {a.scale:g}, cap {a.cap}")
    print(f"Positions per engine: {positions[a.strong]} ({summary})")
    reliability = split_half(games, a) if a.split_half else None
    for m in MAPS:
        print()
        print(f"| {m}: kind | {a.strong} pieces | {a.weak} pieces | largest entries (cell: cp) | smallest entries |"
              + (" split-half r |" if reliability else ""))
        print("|---|---:|---:|---|---|" + ("---:|" if reliability else ""))
        for kind in KINDS:
            t = tables[m][kind]
            order = sorted(range(len(t)), key=lambda i: t[i])
            top = ", ".join(f"{cell_name(m, i)}: {t[i]:+d}" for i in reversed(order[-4:]))
            bottom = ", ".join(f"{cell_name(m, i)}: {t[i]:+d}" for i in order[:4])
            print(f"| {kind} | {sum(counts[a.strong][m][kind])} | {sum(counts[a.weak][m][kind])} | {top} | {bottom} |"
                  + (f" {reliability[m][kind]:.2f} |" if reliability else ""))
    if a.header:
        command = "scripts/piece_squares.py " + " ".join(argv)
        with open(a.header, "w") as f:
            f.write(header_text(tables, command, summary))


if __name__ == "__main__":
    main(sys.argv[1:])
