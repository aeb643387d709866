#!/usr/bin/env python3
"""scripts/opening_moves.py: moves counted for the side that played them (both colour orders of a
pair, an opening with White to move), kings followed through a capture, a promotion and a drop,
the king-file count only for games that long, silvers, golds and rooks by own rank (a promoted
silver no longer one), golds and silvers by king steps from their own king, and a clear error for
a bad record."""
import os
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "opening_moves.py")
sys.path.insert(0, os.path.dirname(SCRIPT))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import opening_moves as om  # noqa: E402
from records import START, write_games  # noqa: E402

START_WHITE = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"


def run(games, *args):
    with tempfile.TemporaryDirectory() as d:
        path = write_games(d, games)
        return subprocess.run([sys.executable, SCRIPT, *args, path], capture_output=True, text=True, timeout=60)


def table(out):
    """The first table's rows by engine."""
    rows = {}
    for line in out.stdout.split("\n\n")[0].splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[cells[0]] = cells[1:]
    return rows


def piece_table(out, index):
    """The second (index 1: by own rank) or third (index 2: by king steps) table's rows by
    (engine, piece): games, then its counts per column."""
    rows = {}
    for line in out.stdout.split("\n\n")[index].splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[(cells[0], cells[1])] = [int(c) for c in cells[2:]]
    return rows


def rank_table(out):
    return piece_table(out, 1)


def guard_table(out):
    return piece_table(out, 2)


def main():
    b = om.board_of(START)
    assert b["5i"] == "K" and b["5a"] == "k" and b["8b"] == "r" and b["2h"] == "R" and len(b) == 40
    assert om.board_of("4+p4/9/9/9/9/9/9/9/4K4 b - 1")["5a"] == "+p"
    for bad in ["9/9/9 b - 1", "10/9/9/9/9/9/9/9/9 b - 1"]:
        try:
            om.board_of(bad)
            raise AssertionError(bad)
        except ValueError:
            pass

    # Game 0: a is Black. a: 5i4h (king), 1g1f (edge pawn), 4h3h (king), 7g7f (pawn); b: 5a4b
    # (king), 9c9d (edge pawn), 4b5b (king), 3c3d (pawn). At ply 6 a's king is on 3h, b's on 5b.
    g0 = {"pair": 0, "game": 0, "first": "a", "second": "b", "opening": START,
          "moves": "5i4h 5a4b 1g1f 9c9d 4h3h 4b5b 7g7f 3c3d"}
    # Game 1: b is Black and moves second (White to move first): a (White) plays 5a6b, b 2g2f.
    g1 = {"pair": 0, "game": 1, "first": "a", "second": "b", "opening": START_WHITE, "moves": "5a6b 2g2f"}
    rows = table(run([g0, g1], "--plies", "6", "--king-ply", "6"))
    # a: 3 of game 0's first six plies + 1 of game 1's; king moves 5i4h, 4h3h, 5a6b; pawn 1g1f.
    assert rows["a"] == ["4", "3", "1", "1", "0 of 1"], rows
    # b: 5a4b 9c9d 4b5b + 2g2f; king on 5b at ply 6 (game 1 is too short to count).
    assert rows["b"] == ["4", "2", "2", "2", "1 of 1"], rows
    rows = table(run([g0], "--plies", "8", "--king-ply", "4"))
    assert rows["a"] == ["4", "2", "2", "1", "1 of 1"], rows  # on 4h at ply 4

    # A king that captures, a pawn that promotes (an edge pawn step; the tokin is no king), a
    # dropped gold: the kings are followed through each.
    tiny = "4k4/9/9/8P/9/9/9/4p4/4K4 b G 1"
    g2 = {"pair": 0, "game": 0, "first": "a", "second": "b", "opening": tiny,
          "moves": "5i5h 5a6a 1d1c+ 6a7a G*5g 7a8a 5h4g"}
    rows = table(run([g2], "--plies", "7", "--king-ply", "7"))
    assert rows["a"] == ["4", "2", "1", "1", "1 of 1"], rows  # 5i5h takes the pawn, 5h4g: file 4
    assert rows["b"] == ["3", "3", "0", "0", "0 of 1"], rows  # on 8a

    # Pieces by own rank: a (Black) brings its silver 3i-4h-4g (own rank 3) and its rook to 2f
    # (own rank 4); b (White) its silver 3a-4b-4c (its own rank 3). Read at ply 5.
    g3 = {"pair": 0, "game": 0, "first": "a", "second": "b", "opening": START, "moves": "3i4h 3a4b 4h4g 4b4c 2h2f 9c9d"}
    ranks = rank_table(run([g3], "--ranks-ply", "5"))
    assert ranks[("a", "S")] == [1, 1, 0, 1, 0, 0] and ranks[("a", "G")] == [1, 2, 0, 0, 0, 0], ranks
    assert ranks[("a", "R")] == [1, 0, 0, 0, 1, 0], ranks
    assert ranks[("b", "S")] == [1, 1, 0, 1, 0, 0] and ranks[("b", "R")] == [1, 0, 1, 0, 0, 0], ranks
    assert rank_table(run([g3], "--ranks-ply", "7"))[("a", "S")] == [0, 0, 0, 0, 0, 0]  # the game is 6 plies
    # A silver on the sixth rank counts as 5 or more; promoted, it is not a silver.
    g4 = {"pair": 0, "game": 0, "first": "a", "second": "b", "opening": "4k4/9/9/9/6S2/9/9/9/4K4 b - 1",
          "moves": "3e3d 5a5b 3d3c+"}
    assert rank_table(run([g4], "--ranks-ply", "2"))[("a", "S")] == [1, 0, 0, 0, 0, 1]
    assert rank_table(run([g4], "--ranks-ply", "3"))[("a", "S")] == [1, 0, 0, 0, 0, 0]

    # Golds and silvers by king steps from their own king: at the start each side's golds stand
    # beside its king and its silvers two steps away; 3i4h brings a silver one step from it.
    guards = guard_table(run([g3], "--king-ply", "0"))
    assert guards[("a", "G")] == [1, 2, 0, 0] and guards[("a", "S")] == [1, 0, 2, 0], guards
    guards = guard_table(run([g3], "--king-ply", "1"))
    assert guards[("a", "S")] == [1, 1, 1, 0] and guards[("b", "S")] == [1, 0, 2, 0], guards
    # Three steps or more; a promoted silver is no longer counted, an enemy piece never.
    assert guard_table(run([g4], "--king-ply", "2"))[("a", "S")] == [1, 0, 0, 1]
    assert guard_table(run([g4], "--king-ply", "3"))[("a", "S")] == [1, 0, 0, 0]
    assert guard_table(run([g4], "--king-ply", "3"))[("b", "G")] == [1, 0, 0, 0]

    out = run([{"pair": 0, "game": 0, "first": "a", "second": "b", "opening": START, "moves": "5e5d"}])
    assert out.returncode != 0 and "empty square" in out.stderr and "Traceback" not in out.stderr, out.stderr
    out = run([{"pair": 0, "game": 0, "first": "a", "second": "b", "opening": START, "moves": "7g7f x"}])
    assert out.returncode != 0 and "ply 1 ('x') is not a USI move" in out.stderr and "Traceback" not in out.stderr, out.stderr
    out = run([{"pair": 0, "game": 0, "first": "a", "second": "b", "opening": "x b - 1", "moves": ""}])
    assert out.returncode != 0 and "not an SFEN board" in out.stderr and "Traceback" not in out.stderr, out.stderr
    out = run([g0], "--plies", "0")
    assert out.returncode != 0 and "--plies" in out.stderr, out.stderr
    print("ok")


if __name__ == "__main__":
    main()
