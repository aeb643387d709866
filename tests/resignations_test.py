#!/usr/bin/env python3
"""scripts/resignations.py, given the engine (argv[1]): a resignation where every legal move lets
a gold-drop mate in is lost by the solver's proof; one where a pawn drop takes the mating square
is not; a game the player did not resign is not read."""
import os
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "resignations.py")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from records import write_games  # noqa: E402

# Black's king on 1i, White's knight on 2f guarding 1h, White's lance on 2g holding 2h and 2i,
# White holding a gold: Black's one legal move, 9g9f, lets G*1h mate.
LOST = "k8/9/9/9/9/7n1/P6l1/9/8K b g 1"
# The same without the lance and with a pawn in Black's hand: P*1h takes the mating square, and
# the king may step to 2h or 2i.
OPEN = "k8/9/9/9/9/7n1/P8/9/8K b Pg 1"


def main():
    engine = sys.argv[1]
    with tempfile.TemporaryDirectory() as d:
        games = write_games(d, [
            {"pair": 0, "game": 0, "first": "a", "second": "b", "result": "0-1", "reason": "resignation",
             "detail": "black (a): resigned", "opening": LOST, "moves": ""},
            {"pair": 0, "game": 1, "first": "a", "second": "b", "result": "0-1", "reason": "resignation",
             "detail": "black (a): resigned", "opening": OPEN, "moves": ""},
            # b resigned this one: not a's resignation, not read.
            {"pair": 1, "game": 0, "first": "a", "second": "b", "result": "1-0", "reason": "resignation",
             "detail": "black (b): resigned", "opening": LOST, "moves": ""},
        ])
        out = subprocess.run([sys.executable, SCRIPT, "--games", games, "--player", "a", "--mate-ms", "500",
                              "--go", "nodes 20000", engine], capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        rows = [[c.strip() for c in l.split("|")] for l in out.stdout.splitlines() if l.startswith(f"| {games}")]
        assert len(rows) == 2, out.stdout
        lost, open_ = rows
        assert lost[5] == "1" and lost[6] == "1" and lost[8] == "the solver", lost
        assert int(open_[6]) < int(open_[5]), open_
        assert open_[8] != "the solver", open_
        assert "2 resignations; lost by the solver's proof 1," in out.stdout, out.stdout
    print("resignations: ok")


if __name__ == "__main__":
    main()
