#!/usr/bin/env python3
"""scripts/spsa.py: the parameter file, fishtest's gains, the direction and bounds of a step,
and, given the engine and the runner (argv[1], argv[2]), two real iterations end to end and the
committed search-constant file's start at the engine's defaults."""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import spsa  # noqa: E402
from results_io import open_text  # noqa: E402


def params_from(text):
    with tempfile.NamedTemporaryFile("w", suffix=".params", delete=False) as f:
        f.write(text)
    try:
        return spsa.read_params(f.name)
    finally:
        os.unlink(f.name)


def main():
    p = params_from("# a comment\nattack_d1 24 0 80 6 0.02\nking_hole 0 -40 20 5\n")
    assert [x["name"] for x in p] == ["attack_d1", "king_hole"]
    assert p[1]["r_end"] == 0.002  # fishtest's default
    for bad in ("attack_d1 24 0 80\n", "attack_d1 90 0 80 6\n", "attack_d1 24 0 80 0\n", "x 1 0 2 z\n"):
        try:
            params_from(bad)
        except ValueError:
            continue
        raise AssertionError(f"accepted {bad!r}")

    # Gains: c_k ends at c_end, a_k / c_k^2 ends at r_end.
    n = 1000
    spsa.set_gains(p, n)
    c_k, plus, minus = spsa.perturbed(p, [24, 0], n, [1, -1])
    assert abs(c_k[0] - 6) < 1e-9 and abs(c_k[1] - 5) < 1e-9
    assert plus == [30, -5] and minus == [18, 5]
    a_n = p[0]["a"] / (n / 10 + n) ** spsa.ALPHA
    assert abs(a_n / 36 - 0.02) < 1e-12

    # A won pair moves each value toward its plus side; a lost one away; bounds hold.
    up = spsa.updated(p, [24, 0], 1, n, c_k, [1, -1], +2)
    assert up[0] > 24 and up[1] < 0
    down = spsa.updated(p, [24, 0], 1, n, c_k, [1, -1], -2)
    assert down[0] < 24 and down[1] > 0
    assert spsa.updated(p, [80, 20], 1, n, c_k, [1, 1], +2) == [80, 20]
    assert spsa.updated(p, [24, 0], 1, n, c_k, [1, 1], 0) == [24, 0]
    assert spsa.option_text(p, [24.4, -0.6]) == "attack_d1=24,king_hole=-1"

    # End to end: two iterations at 300 nodes a move through the runner.
    if len(sys.argv) == 3:
        engine, runner = sys.argv[1], sys.argv[2]
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
        with tempfile.TemporaryDirectory() as out:
            pf = os.path.join(out, "p.params")
            with open(pf, "w") as f:
                f.write("attack_d1 24 0 80 6 0.02\nking_hole 0 -40 20 5 0.02\n")
            run = subprocess.run([sys.executable, os.path.join(root, "scripts", "spsa.py"), "--params", pf, "--iterations", "2",
                                  "--out", os.path.join(out, "run"), "--tc", "nodes=300", "--engine", engine, "--match", runner,
                                  "--openings", os.path.join(root, "match", "openings", "balanced.sfen")],
                                 capture_output=True, text=True)
            assert run.returncode == 0, run.stdout + run.stderr
            rows = open(os.path.join(out, "run", "params.tsv")).read().splitlines()
            assert rows[0].split("\t") == ["iteration", "result", "attack_d1", "king_hole"] and len(rows) == 3, rows
            assert not os.path.exists(os.path.join(out, "run", "games.jsonl")), "spsa.py compresses its games"
            games = [json.loads(g) for g in open_text(os.path.join(out, "run", "games.jsonl"))]
            assert len(games) == 4, len(games)  # one pair per iteration
            # Each iteration's result is plus's points less minus's in its pair (the first engine,
            # plus, has Black in game 0: match/results.cpp, first_half_points).
            for it, row in enumerate(rows[1:]):
                points = 0
                for g in games[2 * it:2 * it + 2]:
                    if g["result"] != "1/2-1/2":
                        points += 1 if (g["result"] == "1-0") == (g["game"] == 0) else -1
                assert float(row.split("\t")[1]) == points, (row, games[2 * it:2 * it + 2])
            final = open(os.path.join(out, "run", "final.txt")).read().strip()
            assert final.startswith("attack_d1=") and ",king_hole=" in final, final
        # The committed parameter files name the engine's own values at their defaults: the
        # option takes each without an error and the tree is the defaults' own.
        def nodes(setoptions):  # bench's tree: its positions at depth 7, searched in the command loop
            text = "".join(f"setoption name {o}\n" for o in setoptions) + "bench\nquit\n"
            out = subprocess.run([engine], input=text, capture_output=True, text=True, timeout=120).stdout
            assert "error" not in out, out
            return [l for l in out.splitlines() if l.startswith("Nodes searched")][-1]

        default_tree = nodes([])
        for file, option in (("search-constants.params", "SearchTune"), ("material.params", "EvalWeights")):
            params = spsa.read_params(os.path.join(root, "results", "spsa", file))
            start = spsa.option_text(params, [q["value"] for q in params])
            assert nodes([f"{option} value {start}"]) == default_tree, (file, start)
    print("spsa: ok")


if __name__ == "__main__":
    main()
