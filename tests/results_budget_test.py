#!/usr/bin/env python3
"""scripts/results_budget.py on made-up results trees: passes a small compressed tree, fails on
uncompressed raw data over its limit and on a tree over the budget."""
import os
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "results_budget.py")
sys.path.insert(0, os.path.dirname(SCRIPT))
from results_budget import BUDGET_BYTES, RAW_LIMIT_BYTES  # noqa: E402


def run(root):
    r = subprocess.run([sys.executable, SCRIPT, root], capture_output=True, text=True, timeout=60)
    return r.returncode, r.stdout + r.stderr


def write(root, rel, size):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.truncate(size)  # sparse: the size counts, no disk is written


def main():
    with tempfile.TemporaryDirectory() as root:
        write(root, "2026-01-01-cpu/report.md", 90_000)
        write(root, "2026-01-01-cpu/bench.json.xz", 200_000)
        write(root, "2026-01-01-cpu/asm/jit_adc_kernel22.s", 1_600)  # a small listing is fine
        write(root, "matches/2026-01-01-cpu/gpsusi/games.jsonl.xz", 50_000)
        rc, out = run(root)
        assert rc == 0, out

        write(root, "2026-01-01-cpu/bench.json", RAW_LIMIT_BYTES + 1)
        rc, out = run(root)
        assert rc == 1 and "2026-01-01-cpu holds" in out and "bench.json" in out, out
        os.remove(os.path.join(root, "2026-01-01-cpu/bench.json"))

        for i in range(12):  # many small CSA records add up per folder
            write(root, f"matches/2026-01-01-cpu/gpsusi/records/pair{i:06d}-game0.csa", RAW_LIMIT_BYTES // 10)
        rc, out = run(root)
        assert rc == 1 and "records holds" in out, out
        os.remove(os.path.join(root, "matches/2026-01-01-cpu/gpsusi/records/pair000000-game0.csa"))
        for i in range(1, 12):
            os.remove(os.path.join(root, f"matches/2026-01-01-cpu/gpsusi/records/pair{i:06d}-game0.csa"))
        assert run(root)[0] == 0

        write(root, "fitted-tables/labels.tsv.xz", BUDGET_BYTES)  # compressed, but the tree is over budget
        rc, out = run(root)
        assert rc == 1 and "over its budget" in out, out
    print("results_budget: ok")


if __name__ == "__main__":
    main()
