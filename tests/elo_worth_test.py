#!/usr/bin/env python3
"""scripts/elo_worth.py on made-up rows: the node-speed model, the Elo, the readings."""
import math
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import elo_worth  # noqa: E402


class FakeRow:
    def __init__(self, cycles, counters=None):
        self.cycles, self.counters = cycles, counters or {}

    def metric(self, agg="median"):
        return self.cycles, "cycles"

    def counter(self, key, agg="median"):
        return self.counters.get(key)


def cells(lines, row):
    hit = [ln for ln in lines if ln.startswith("| ") and f"`{row}`" in ln]
    assert len(hit) == 1, (row, hit)
    return [c.strip() for c in hit[0].strip("|").split("|")]


def main():
    with tempfile.TemporaryDirectory() as results:
        curve = os.path.join(results, "elo_curve", "2026-01-01-cpu")
        os.makedirs(curve)
        with open(os.path.join(curve, "fit.tsv"), "w") as f:
            f.write("base\tpoints\tk\tse\tchi2\tmachine\n1000\t6\t150.0\t5.0\t1.0\tm\n4000\t6\t200.0\t10.0\t1.0\tm\n"
                    "32000\t1\t100.0\t20.0\t0.0\tm\n")
        S = 2000.0
        rows = {
            "search/full/padded32-xor/classic/d6": FakeRow(S),
            "search/diff/padded32-xor/classic/d6": FakeRow(S / 2),  # twice as fast
            "node_replay/full/all": FakeRow(400.0, {"evals/node": 0.5}),
            "node_replay/full/moves": FakeRow(100.0),
            "node_replay/slow/all": FakeRow(800.0),  # +400 cycles on a 2000-cycle node
            "node_replay/same/all": FakeRow(404.0),  # within its A/A
            "undo_move/full/walk": FakeRow(20.0),
            "undo_move/diff/walk": FakeRow(21.0),  # +1 cycle per node: real but tiny
            "effects/recomputed/walk": FakeRow(600.0),  # do_move 100 + counts and evaluation 500
            "effects/make-full/walk": FakeRow(100.0),
            "effects/incremental/walk": FakeRow(550.0),  # do_move 150 + 400: -100 per evaluation, 0.5 per node
            "effects/make-incremental/walk": FakeRow(150.0),
            "effects_make/full/walk": FakeRow(120.0),
            "effects_make/copy/walk": FakeRow(180.0),  # +60 per node
        }
        verdicts = {
            "search/diff/padded32-xor/classic/d6": (0.5, 0.1, True),
            "node_replay/slow/all": (2.0, 0.05, True),
            "node_replay/same/all": (1.01, 0.05, False),
            "undo_move/diff/walk": (1.05, 0.01, True),
            "effects/incremental/walk": (550.0 / 600.0, 0.02, True),
            "effects_make/copy/walk": (1.5, 0.05, True),
        }
        lines = elo_worth.section(rows, verdicts, results)
        assert lines and lines[0] == "## Elo worth\n", lines[:1]
        text = "\n".join(lines)
        # The base nearest real play whose k is known to within 25 Elo: 4000 (k = 200), not 32000,
        # whose k is known to within 39 Elo only.
        assert "nearest real play" in text and "4000 nodes per move: k = +200.0" in text, text[:600]

        def elo(row):
            return float(cells(lines, row)[5].split()[0])

        def speed(row):
            return float(cells(lines, row)[4])

        # Whole node twice as fast: one doubling, k Elo.
        assert math.isclose(speed("search/diff/padded32-xor/classic/d6"), 2.0)
        assert math.isclose(elo("search/diff/padded32-xor/classic/d6"), 200.0, abs_tol=0.05)
        # 400 more cycles on a 2000-cycle node: speed 2000 / 2400.
        assert math.isclose(speed("node_replay/slow/all"), round(2000 / 2400, 3))
        assert math.isclose(elo("node_replay/slow/all"), round(200 * math.log2(2000 / 2400), 1), abs_tol=0.05)
        # Evaluations at half the nodes, 100 cycles cheaper each: -50 cycles per node.
        assert math.isclose(float(cells(lines, "effects/incremental/walk")[2]), 0.8)
        assert math.isclose(elo("effects/incremental/walk"), round(200 * math.log2(2000 / 1950), 1), abs_tol=0.05)
        # The source in all: -50 at evaluations, +60 at every make and unmake.
        assert f"`incremental` source in all" in text and "+10 cycles per node" in text, text[-800:]
        assert f"{200 * math.log2(2000 / 2010):+.1f}" in text
        assert cells(lines, "node_replay/same/all")[7] == "noise"
        assert cells(lines, "undo_move/diff/walk")[7] == "too small"
        assert cells(lines, "node_replay/slow/all")[7] == "slower"
        assert cells(lines, "effects/incremental/walk")[7] == "faster"
        # A newer curve at bases nearer real play: 100,000 nodes, known to within 12 Elo, prices;
        # 1,000,000, known to within 39 only, does not; the older curve's bases stay beside them.
        newer = os.path.join(results, "elo_curve", "2026-02-01-cpu")
        os.makedirs(newer)
        with open(os.path.join(newer, "fit.tsv"), "w") as f:
            f.write("base\tpoints\tk\tse\tchi2\tmachine\n100000\t2\t250.0\t6.0\t0.0\tm\n1000000\t1\t300.0\t20.0\t0.0\tm\n")
        text = "\n".join(elo_worth.section(rows, verdicts, results))
        assert "2026-02-01-cpu` at the base nearest real play" in text and "100000 nodes per move: k = +250.0" in text, text[:600]
        assert "at 4000 nodes k = +200.0" in text and "at 1000000 nodes k = +300.0" in text, text[:800]
        # No fit known well enough: the largest base with a whole curve, as before.
        for d, body in ((curve, "1000\t6\t150.0\t15.0\t1.0\tm\n4000\t3\t200.0\t14.0\t1.0\tm\n"),
                        (newer, "100000\t2\t250.0\t16.0\t0.0\tm\n")):
            with open(os.path.join(d, "fit.tsv"), "w") as f:
                f.write("base\tpoints\tk\tse\tchi2\tmachine\n" + body)
        text = "\n".join(elo_worth.section(rows, verdicts, results))
        assert "largest base with a whole curve" in text and "4000 nodes per move: k = +200.0" in text, text[:600]
        # Without a curve there is no section.
        os.remove(os.path.join(curve, "fit.tsv"))
        os.remove(os.path.join(newer, "fit.tsv"))
        assert elo_worth.section(rows, verdicts, results) == []
    print("elo_worth: ok")


if __name__ == "__main__":
    main()
