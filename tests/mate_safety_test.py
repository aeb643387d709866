#!/usr/bin/env python3
"""scripts/mate_safety.py, given the engine (argv[1]): in a recorded loss whose first move lets
in a gold-drop mate, that move is found, and the other moves include ones that let none in
(a pawn dropped on 1h, for one, takes the mating square)."""
import os
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "mate_safety.py")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from records import write_games  # noqa: E402

# Black's king on 1i, White's knight on 2f guards 1h, White holds a gold: after any move that
# leaves 1h open, G*1h mates (2h and 2i are the gold's, 1h is the knight's).
OPENING = "k8/9/9/9/9/7n1/P8/9/8K b Pg 1"


def main():
    engine = sys.argv[1]
    with tempfile.TemporaryDirectory() as d:
        games = write_games(d, [
            # "a" is Black (the first engine in an even game) and lost: 9g9f let G*1h in.
            {"pair": 0, "game": 0, "first": "a", "second": "b", "result": "0-1", "reason": "mate",
             "opening": OPENING, "moves": "9g9f G*1h"},
            # "a" won this one: not a loss of a's, so not read.
            {"pair": 0, "game": 1, "first": "a", "second": "b", "result": "0-1", "reason": "mate",
             "opening": OPENING, "moves": "9g9f G*1h"},
        ])
        out = subprocess.run([sys.executable, SCRIPT, "--games", games, "--player", "a", "--first-ms", "500",
                              "--alt-ms", "200", engine], capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        rows = [l for l in out.stdout.splitlines() if l.startswith(f"| {games}")]
        assert len(rows) == 1, out.stdout
        cells = [c.strip() for c in rows[0].split("|")]
        assert cells[5] == "ply 1: 9g9f", rows[0]
        safe, total = int(cells[6].split()[0]), int(cells[6].split()[2].rstrip(":"))
        assert 0 < safe < total, rows[0]
        assert "1 losses; 1 with a move that allows a mate by checks; 1 of those" in out.stdout, out.stdout

        # --replay: the position searched again, with the defaults and with the options given;
        # the search sees a mate in one, so neither answer lets it in.
        out = subprocess.run([sys.executable, SCRIPT, "--games", games, "--player", "a", "--first-ms", "500",
                              "--alt-ms", "200", "--replay", "nodes 20000", "--option", "MateSafetyShare=20", engine],
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        rows = [l for l in out.stdout.splitlines() if l.startswith(f"| {games}")]
        cells = [c.strip() for c in rows[0].split("|")]
        assert len(cells) == 10 and cells[7] and cells[8], rows[0]
        assert "(mate)" not in cells[7] and "(mate)" not in cells[8] and cells[8] != "9g9f", rows[0]
        assert "a mate by checks found after 0 of the 1 moves with the defaults, after 0 with MateSafetyShare=20" \
            in out.stdout, out.stdout
    print("mate_safety: ok")


if __name__ == "__main__":
    main()
