#!/usr/bin/env python3
"""scripts/piece_squares.py: pieces counted by kind and their own side's square at the sampled
plies only (a White piece's square rotated), offsets from both kings in the piece's own view,
kings and promoted pieces left out, games between other engines skipped, the table's log share ratio with its pseudo-count, scale and cap, the
header written with every kind, and a clear error for a bad record."""
import math
import os
import re
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "piece_squares.py")
sys.path.insert(0, os.path.dirname(SCRIPT))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import piece_squares as ps  # noqa: E402
from records import START, write_games  # noqa: E402


def run(games, *args):
    with tempfile.TemporaryDirectory() as d:
        path = write_games(d, games)
        header = os.path.join(d, "table.h")
        out = subprocess.run([sys.executable, SCRIPT, "--strong", "s", "--weak", "w", "--header", header, *args, path],
                             capture_output=True, text=True, timeout=60)
        text = open(header).read() if os.path.exists(header) else ""
        return out, text


def main():
    assert ps.square_index("1a", True) == 0 and ps.square_index("7f", True) == 6 * 9 + 5
    assert ps.square_index("3d", False) == ps.square_index("7f", True)  # rotated for White

    # s is Black: 7g7f, then w's 3c3d. Sampled at plies 1 and 2: s's pawn on 7f both times, w's
    # on its own 7g (3c) at ply 1 and its own 7f (3d) at ply 2.
    g0 = {"pair": 0, "game": 0, "first": "s", "second": "w", "opening": START, "moves": "7g7f 3c3d 2g2f"}
    counts, positions = ps.count([("g0", g0)], ("s", "w"), 1, 2, 1)
    f7, g7 = ps.square_index("7f", True), ps.square_index("7g", True)
    assert positions == {"s": 2, "w": 2}, positions
    assert counts["s"]["square"]["P"][f7] == 2 and counts["s"]["square"]["P"][g7] == 0, counts["s"]["square"]["P"]
    assert counts["w"]["square"]["P"][g7] == 1 and counts["w"]["square"]["P"][f7] == 1, counts["w"]["square"]["P"]
    assert sum(counts["s"]["square"]["P"]) == 18 and sum(counts["s"]["square"]["R"]) == 2 and sum(counts["w"]["square"]["G"]) == 4
    # --every 2 from ply 0: plies 0 and 2 (the third move is not sampled: --last 2).
    counts, positions = ps.count([("g0", g0)], ("s", "w"), 0, 2, 2)
    assert positions == {"s": 2, "w": 2} and counts["s"]["square"]["P"][f7] == 1 and counts["s"]["square"]["P"][g7] == 1
    # In game 1 s plays White: its pieces are the lower-case ones.
    g1 = dict(g0, game=1)
    counts, _ = ps.count([("g1", g1)], ("s", "w"), 1, 1, 1)
    assert counts["w"]["square"]["P"][f7] == 1 and counts["s"]["square"]["P"][g7] == 1
    # A game between other engines is skipped.
    counts, positions = ps.count([("g", dict(g0, first="x"))], ("s", "w"), 0, 2, 1)
    assert positions == {"s": 0, "w": 0}
    # Kings and promoted pieces are not counted; a dropped piece is.
    tiny = {"pair": 0, "game": 0, "first": "s", "second": "w", "opening": "4k4/9/9/8P/9/9/9/9/4K4 b G 1",
            "moves": "1d1c+ 5a5b G*5h"}
    counts, _ = ps.count([("t", tiny)], ("s", "w"), 3, 3, 1)
    assert sum(sum(v) for v in counts["s"]["square"].values()) == 1
    assert counts["s"]["square"]["G"][ps.square_index("5h", True)] == 1
    # The gold on 5h, one rank in front of s's king on 5i and six ranks on s's side of w's
    # king on 5b: its offsets from both kings, in s's view.
    own = ps.offset(ps.square_index("5h", True), ps.square_index("5i", True))
    enemy = ps.offset(ps.square_index("5h", True), ps.square_index("5b", True))
    assert counts["s"]["own_king"]["G"][own] == 1 and own == 7 * 17 + 8  # one rank toward the enemy
    assert counts["s"]["enemy_king"]["G"][enemy] == 1 and enemy == 14 * 17 + 8

    # White's pieces read offsets in their own view: w's pawn 3c (its own 7g) sits two ranks in
    # front of its king 5a (its own 5i) and two files toward its own file 9.
    counts, _ = ps.count([("g0", g0)], ("s", "w"), 0, 0, 1)
    assert counts["w"]["own_king"]["P"][ps.offset(ps.square_index("7g", True), ps.square_index("5i", True))] == 1
    assert ps.offset(ps.square_index("7g", True), ps.square_index("5i", True)) == 6 * 17 + 10
    assert ps.cell_name("own_king", 6 * 17 + 10) == "+2f-2r" and ps.cell_name("square", 59) == "7f"

    # The table: s has its two pawns on square 0, w on square 1; pseudo-count 1.
    c = {n: {k: [0] * 81 for k in ps.KINDS} for n in ("s", "w")}
    c["s"]["P"][0], c["w"]["P"][1] = 2, 2
    t = ps.table(c, "s", "w", 1.0, 30.0, 100)
    expect = round(30 * math.log((3 / 83) / (1 / 83)))
    assert t["P"][0] == expect and t["P"][1] == -expect and t["P"][2] == 0 and t["L"][0] == 0, t["P"][:3]
    assert ps.table(c, "s", "w", 1.0, 30.0, 20)["P"][0] == 20  # capped

    out, header = run([g0], "--first", "1", "--last", "2", "--every", "1", "--pseudo", "1", "--scale", "10")
    assert out.returncode == 0, out.stderr
    rows = re.findall(r"^ +\{ +// ([A-Z])$", header, re.M)
    assert rows == list(ps.KINDS) * 3, rows
    assert "kLearnedOwnKing" in header and "kLearnedEnemyKing" in header
    assert "kLearnedPieceSquare" in header and "2 positions per engine" in header
    # The pawn row: 9 lines of 9 numbers. 7f: s 2 samples, w 1; 7g: s none, w 1.
    pawn = header.split("// P\n")[1].split("},")[0]
    values = [int(v) for v in re.findall(r"-?\d+", pawn)]
    assert len(values) == 81 and values[f7] > 0 and values[g7] < 0, values

    out, _ = run([{"pair": 0, "game": 0, "first": "s", "second": "w", "opening": START, "moves": "5e5d"}],
                 "--first", "1")
    assert out.returncode != 0 and "empty square" in out.stderr and "Traceback" not in out.stderr, out.stderr
    out, _ = run([dict(g0, first="x")])
    assert out.returncode != 0 and "no game between s and w" in out.stderr, out.stderr
    out, _ = run([g0], "--cap", "200")
    assert out.returncode != 0 and "cap" in out.stderr


if __name__ == "__main__":
    main()
    print("piece_squares_test: ok")
