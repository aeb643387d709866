#!/usr/bin/env python3
"""scripts/match_report.py's think time per move: each engine's think time over its moves, summed
over the games whichever side it played, and no figure where no game records one."""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import match_report as mr  # noqa: E402


def main():
    games = [
        {"first": "a", "second": "b", "first_think_ms": 1000, "first_moves": 10, "second_think_ms": 300, "second_moves": 10},
        {"first": "a", "second": "b", "first_think_ms": 2000, "first_moves": 10, "second_think_ms": 100, "second_moves": 10},
        {"first": "b", "second": "a", "first_think_ms": 0, "first_moves": 0, "second_think_ms": 0, "second_moves": 0},
    ]
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "games.jsonl")
        with open(path, "w") as f:
            f.write("\n".join(json.dumps(g) for g in games) + "\n\n")
        assert mr.think_per_move(path, "a", "b") == [150.0, 20.0], mr.think_per_move(path, "a", "b")
        assert mr.think_per_move(path, "a", "c") == [150.0, None]
        assert mr.think_per_move(os.path.join(d, "missing.jsonl"), "a", "b") == [None, None]
    print("ok")


if __name__ == "__main__":
    main()
