#!/usr/bin/env python3
"""scripts/elo_curve_fit.py's distinct pairs, given the match runner (argv[1]): a pair that repeats
an earlier pair's opening and both games move for move is left out of the estimate; a pair on the
same opening whose games differ is kept, and so is a pair with one game only; a shard on another
opening file, whose pairs are numbered from 0 too, adds its own."""
import importlib.util
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("elo_curve_fit", os.path.join(HERE, "..", "scripts", "elo_curve_fit.py"))
fit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fit)
sys.path.insert(0, HERE)
from records import START, write_games  # noqa: E402

OTHER = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"


def game(pair, index, result, moves, opening=START):
    return {"pair": pair, "game": index, "first": "x2", "second": "base", "result": result,
            "reason": "resignation", "opening": opening, "moves": moves}


def main():
    fit.MATCH = sys.argv[1]
    shard1 = [game(0, 0, "1-0", "7g7f 3c3d"), game(0, 1, "0-1", "2g2f 8c8d"),
              game(1, 0, "1-0", "7g7f 3c3d"), game(1, 1, "1-0", "2g2f 8c8d 2f2e")]  # game 1 differs
    shard2 = [game(2, 0, "1-0", "7g7f 3c3d"), game(2, 1, "0-1", "2g2f 8c8d"),  # a copy of pair 0
              game(3, 0, "1-0", "7g7f 3c3d"), game(4, 0, "1-0", "7g7f 3c3d"),  # one game each: 4 copies 3
              game(5, 1, "0-1", "2g2f 8c8d")]
    other = [game(0, 0, "1-0", "7g7f 3c3d", OTHER), game(0, 1, "0-1", "2g2f 8c8d", OTHER)]
    with tempfile.TemporaryDirectory() as d:
        paths = [write_games(d, shard1, "games-1of2.jsonl"), write_games(d, shard2, "games-2of2.jsonl")]
        kept, played, distinct = fit.distinct_pairs([fit.game_lines(p) for p in paths])
        assert (played, distinct) == (6, 4), (played, distinct)
        assert [(json.loads(l)["pair"], json.loads(l)["moves"]) for l in kept] == [
            (0, "7g7f 3c3d"), (0, "2g2f 8c8d"), (1, "7g7f 3c3d"), (1, "2g2f 8c8d 2f2e"), (2, "7g7f 3c3d"),
            (3, "2g2f 8c8d")], kept

        write_games(d, other, "games-1of1-other.jsonl")
        every, once = fit.merged(d), fit.merged(d, dedupe=True)
        assert (every["pairs"], every["played_pairs"], every["played_games"]) == (4, 7, 11), every
        assert (once["pairs"], once["played_pairs"], once["played_games"]) == (3, 7, 11), once
        assert once["wins"] + once["draws"] + once["losses"] == 8, once
    print("ok")


if __name__ == "__main__":
    main()
