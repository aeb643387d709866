#!/usr/bin/env python3
"""tools/texel_tune's --dump and --labels with scripts/label_positions.py between them: the
kept positions of a recorded game written out, labelled by an engine (argv[1], sashite itself
at a node limit), the labels read back (a stopped run resumes without labelling twice), and
the weights fitted to them. argv[2] is texel_tune; argv[3] piece_table_fit, which fits its
tables to the same labels and checks that it reads the compiled tables as the evaluation does."""
import json
import os
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "label_positions.py")
sys.path.insert(0, os.path.dirname(SCRIPT))
import label_positions as lp  # noqa: E402

# A game sashite lost to gpsusi (results/matches/2026-11-27-amd-epyc-f19-14, pair 0 game 0).
OPENING = "ln1gkg1nl/1r1s2sb1/pppp1p1pp/4p1p2/9/9/PPPPPPPPP/1BG1R4/LNS1KGSNL b - 9"
MOVES = ("7g7f 2b8h+ 7i8h 6b5c 5g5f 5a4b 7h7g 4b3a 5f5e 5d5e 5h5e 8b5b 5e5h 3a2b B*5f 7c7d 5f7d 6a7b "
         "4i4h 7b7c 7d5f 5c4b 5f3d 5b5h+ 4h5h P*3h 3i2h B*3i R*1h 4b3c 3d1f 3i8d+ P*5g 7c6d 2g2f 8a7c")
# White's rook in Black's hand, then quiet moves: Black is ahead whoever is to move.
ROOK_UP = "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1"
ROOK_UP_MOVES = "7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 6i7h 8c8d 3i4h 7a7b"


def main():
    engine, texel, fitter = sys.argv[1], sys.argv[2], sys.argv[3]
    assert lp.last_score(["info depth 1 score cp 5 pv x", "info depth 2 score cp -40 lowerbound pv y"]) == 5
    with tempfile.TemporaryDirectory() as d:
        games, positions, labels = (os.path.join(d, n) for n in ("games.jsonl", "positions.tsv", "labels.tsv"))
        with open(games, "w") as f:
            for game, (opening, moves, result) in enumerate(((OPENING, MOVES, "0-1"), (ROOK_UP, ROOK_UP_MOVES, "1-0"))):
                f.write(json.dumps({"pair": 0, "game": game, "first": "a", "second": "b", "result": result,
                                    "opening": opening, "moves": moves}, separators=(",", ":")) + "\n")
        out = subprocess.run([texel, "--every", "1", "--skip", "4", "--dump", positions, games],
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        rows = [l.split("\t") for l in open(positions).read().splitlines()]
        assert len(rows) >= 10 and all(len(r) == 3 for r in rows), rows
        assert {(r[1], r[2]) for r in rows} == {("0.0", "0"), ("1.0", "1")}
        assert len({r[0] for r in rows}) == len(rows)  # no position of the game repeats

        def label(limit):
            run = subprocess.run([sys.executable, SCRIPT, "--positions", positions, "--out", labels, "--jobs", "2",
                                  "--go", "go nodes 3000", "--limit", str(limit), engine],
                                 capture_output=True, text=True, timeout=120)
            assert run.returncode == 0, run.stderr
            return [l.split("\t") for l in open(labels).read().splitlines()]

        first = label(5)
        assert len(first) == 5, first
        done = label(0)  # resumes: only the positions not labelled yet
        assert sorted(r[0] for r in done) == sorted(r[0] for r in rows), (len(done), len(rows))
        for r in done:
            assert len(r) == 4 and (r[1], r[2]) in (("0.0", "0"), ("1.0", "1")), r
        # Labels are from Black's side, whoever is to move: a rook up reads positive for both.
        rook_up = [(r[0].split()[1], int(r[3])) for r in done if r[2] == "1"]
        assert {side for side, _ in rook_up} == {"b", "w"} and all(v > 300 for _, v in rook_up), rook_up
        fit = subprocess.run([texel, "--labels", labels, "--rounds", "2"], capture_output=True, text=True, timeout=120)
        assert fit.returncode == 0, fit.stderr
        assert "Targets: the labels of" in fit.stdout and "```\n{" in fit.stdout, fit.stdout
        frozen = subprocess.run([texel, "--labels", labels, "--rounds", "3", "--freeze", "attack_d1,defence_d1"],
                                capture_output=True, text=True, timeout=120)
        assert frozen.returncode == 0, frozen.stderr
        rows = {l.split("|")[1].strip(): l.split("|")[2:4] for l in frozen.stdout.splitlines() if l.count("|") == 4}
        for name in ("attack_d1", "defence_d1"):
            assert rows[name][0].strip() == rows[name][1].strip(), (name, rows[name])
        assert any(a.strip() != b.strip() for name, (a, b) in rows.items() if name.startswith("attack_d")), rows
        bad = subprocess.run([texel, "--labels", labels, "--freeze", "no_such_weight"], capture_output=True, text=True)
        assert bad.returncode != 0
        bad = subprocess.run([texel, "--labels", labels, games], capture_output=True, text=True)
        assert bad.returncode != 0  # game files and --labels together
        # The fitted tables: a fit lowers the training loss, and writes a header.
        header = os.path.join(d, "fitted.h")
        tables = subprocess.run([fitter, "--epochs", "50", "--l2", "0", "--header", header, labels],
                                capture_output=True, text=True, timeout=120)
        assert tables.returncode == 0, tables.stderr
        kept = next(l for l in tables.stdout.splitlines() if l.startswith("Kept:"))
        train, start = float(kept.split("training ")[1].split(",")[0]), float(kept.split("(from ")[1].split(",")[0])
        assert train < start, kept
        assert "kFittedEnemyKing" in open(header).read()
        # The fit's features read through the compiled tables agree with the evaluation (both
        # colours: the dump holds positions with either side to move).
        check = subprocess.run([fitter, "--check", positions], capture_output=True, text=True, timeout=120)
        assert check.returncode == 0 and " 0 where" in check.stdout, (check.stdout, check.stderr)
    print("label_positions: ok")


if __name__ == "__main__":
    main()
