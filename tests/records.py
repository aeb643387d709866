"""Shared by the tests of the scripts that read match records: games written as match/'s
games.jsonl lines."""
import json
import os

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def write_games(directory, games, name="games.jsonl"):
    """`name` in `directory`, one game per line; returns its path."""
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        for g in games:
            f.write(json.dumps(g) + "\n")
    return path
