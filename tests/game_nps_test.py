#!/usr/bin/env python3
"""scripts/game_nps.py: positions from a match record, then, given the engine (argv[1]), a real
run of two builds with the same trees (a table with the A/A row) and one whose trees differ
(refused: a search switch turned off through a wrapper)."""
import os
import stat
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "game_nps.py")
sys.path.insert(0, os.path.dirname(SCRIPT))
import game_nps  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from records import START, write_games  # noqa: E402

MOVES = "7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 3i4h 3a4b 5i6h 8b4b 6h7h 5a6b"


def main():
    engine = sys.argv[1]
    with tempfile.TemporaryDirectory() as d:
        games = write_games(d, [{"opening": START, "moves": MOVES}] * 4)
        # Plies 2 and 4 of every second game (games 0 and 2); a ply without two moves after it is skipped.
        pos = game_nps.game_positions(games, [2, 4, 11], 2, 10)
        assert pos == [f"position sfen {START} moves 7g7f 3c3d", f"position sfen {START} moves 7g7f 3c3d 2g2f 4c4d"] * 2, pos
        assert len(game_nps.game_positions(games, [2, 4], 1, 3)) == 3  # the limit

        nodes, ms, tree = game_nps.run(engine, pos[:2], 3000, 16)
        assert nodes >= 6000 and ms >= 0, (nodes, ms)
        assert game_nps.run(engine, pos[:2], 3000, 16)[2] == tree  # a search is deterministic
        assert game_nps.tree_fields("info depth 3 score cp 5 nodes 9 nps 100 time 7 pv 7g7f") == "info depth 3 score cp 5 nodes 9 pv 7g7f"

        common = [sys.executable, SCRIPT, "--games", games, "--plies", "2,4", "--every", "2", "--nodes", "3000",
                  "--rounds", "2", "--hash", "16"]
        r = subprocess.run(common + [engine, engine], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        rows = [l for l in r.stdout.splitlines() if l.startswith("| `")]
        assert len(rows) == 3 and "(A/A)" in rows[2], r.stdout

        other = os.path.join(d, "iir-off")
        with open(other, "w") as f:
            f.write(f"#!/bin/sh\n(echo 'setoption name SearchIir value false'; cat) | '{engine}'\n")
        os.chmod(other, os.stat(other).st_mode | stat.S_IEXEC)
        r = subprocess.run(common + [engine, other], capture_output=True, text=True)
        assert r.returncode != 0 and "different trees" in r.stderr, (r.returncode, r.stdout, r.stderr)
    print("game_nps: ok")


if __name__ == "__main__":
    main()
