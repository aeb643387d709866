#!/usr/bin/env python3
"""scripts/score_trajectory.py: the player's side by the runner's colour rule, the last exact
score of a search, and, given the engine (argv[1]), a real run on a recorded loss: a position
where the player has lost a rook reads negative from the player's side whichever colour it has."""
import json
import os
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "score_trajectory.py")
sys.path.insert(0, os.path.dirname(SCRIPT))
import score_trajectory as st  # noqa: E402

# One side's rook in the other's hand.
WHITE_DOWN = "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1"
BLACK_DOWN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B7/LNSGKGSNL b r 1"


def main():
    engine = sys.argv[1]
    g = {"first": "a", "game": 0}
    assert st.player_is_black(g, "a") and not st.player_is_black(g, "b")
    assert not st.player_is_black({"first": "a", "game": 1}, "a")
    assert st.lost({"first": "a", "game": 1, "result": "1-0"}, "a")  # a is White, Black won
    assert not st.lost({"first": "a", "game": 1, "result": "0-1"}, "a")
    assert st.last_score(["info depth 1 score cp 5 pv x", "info depth 2 score cp -40 upperbound pv y"]) == 5
    assert st.last_score(["info depth 3 score mate -4 pv z"]) == -st.MATE
    assert st.last_score(["info string hello"]) is None
    assert st.median_change([[0, 10, 30], [5, None, -5]], 1) == (0, 2)  # +10 and -10 (the None skipped)
    assert st.median_change([[0, 10, 30]], 9) == (30, 1)  # past the end: the last score
    assert st.median_change([[7], []], 1) == (None, 0)

    with tempfile.TemporaryDirectory() as d:
        games = os.path.join(d, "games.jsonl")
        # "b" a rook down and lost, as Black (game 1: the first engine, "a", is White) and as White.
        rows = [
            {"pair": 0, "game": 1, "first": "a", "second": "b", "result": "0-1", "reason": "resignation",
             "opening": BLACK_DOWN, "moves": "7g7f"},
            {"pair": 1, "game": 0, "first": "a", "second": "b", "result": "1-0", "reason": "resignation",
             "opening": WHITE_DOWN, "moves": "7g7f"},
        ]
        with open(games, "w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
        out = subprocess.run([sys.executable, SCRIPT, "--games", games, "--player", "b", "--step", "1", "--nodes", "2000",
                              "--hash", "16", engine], capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        table = [l for l in out.stdout.splitlines() if l.startswith("| 0") or l.startswith("| 1")]
        assert len(table) == 2, out.stdout
        for line in table:
            scores = [int(x) for x in line.split("|")[5].split()]
            assert len(scores) == 2 and all(s < -500 for s in scores), line
        # A whole go command, an option, a ply limit (one score a game) and the summary by result:
        # both of b's games are losses that start a rook down.
        out = subprocess.run([sys.executable, SCRIPT, "--games", games, "--games", games, "--player", "b", "--go", "go nodes 2000",
                              "--option", "USI_Hash=16", "--max-ply", "0", "--summary", "1", engine],
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        table = [l for l in out.stdout.splitlines() if l.startswith("| 0") or l.startswith("| 1")]
        assert len(table) == 4 and all(len(l.split("|")[5].split()) == 1 for l in table), out.stdout
        assert "lost:" not in out.stdout, out.stdout  # one score a game: no change to show
        out = subprocess.run([sys.executable, SCRIPT, "--games", games, "--player", "b", "--step", "1", "--nodes", "2000",
                              "--summary", "1", engine], capture_output=True, text=True, timeout=60)
        assert out.returncode == 0 and "lost: 2 games, median change over the first 1 scores" in out.stdout, out.stdout
        assert "not lost:" not in out.stdout, out.stdout
        for args in ([], ["--nodes", "5", "--go", "go nodes 5"], ["--nodes", "5", "--option", "LimitDepth"]):
            bad = subprocess.run([sys.executable, SCRIPT, "--games", games, "--player", "b", *args, engine], capture_output=True, text=True)
            assert bad.returncode != 0, args  # no limit, two limits, an option without a value
    print("score_trajectory: ok")


if __name__ == "__main__":
    main()
