#!/usr/bin/env python3
"""scripts/cpu_findings.py: per CPU family the newest run answers each question, and a figure
whose own A/A row strays from its baseline beyond the bound is printed with that deviation, not
as a plain answer; a run that lacks an A/A row is taken as it is."""
import json
import os
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "cpu_findings.py")
sys.path.insert(0, os.path.dirname(SCRIPT))
import cpu_findings as cf  # noqa: E402
from report import Row  # noqa: E402

MACHINE = "AMD EPYC (family 0x19, model 0x11), 2 logical CPUs, virtualised, avx2; Linux x; {} UTC"


def write_run(results, name, stamp, rows, context=None, paired=None):
    """A run folder: machine.txt and a bench.json of 3 repetitions per row at the given cycles
    (and, for the rows in `paired`, that paired_ratio counter)."""
    path = os.path.join(results, name)
    os.makedirs(path)
    open(os.path.join(path, "machine.txt"), "w").write(MACHINE.format(stamp) + "\n")
    benchmarks = [{"name": f"{row}/iterations:1/real_time", "run_name": f"{row}/iterations:1/real_time",
                   "run_type": "iteration", "repetitions": 3, "repetition_index": i, "family_index": 0,
                   "real_time": cycles, "time_unit": "ns", "cycles/op": cycles,
                   **({"paired_ratio": paired[row]} if row in (paired or {}) else {})}
                  for row, cycles in rows.items() for i in range(3)]
    json.dump({"context": context or {"ratio_baselines": "search=full@1;effects=recomputed@1"}, "benchmarks": benchmarks},
              open(os.path.join(path, "bench.json"), "w"))


def cells(results, question):
    text = open(os.path.join(results, "README.md")).read()
    line = next(l for l in text.splitlines() if l.startswith(f"| {question} |"))
    return [c.strip() for c in line.split("|")[2:-2]]


def main():
    diff_search = next(q for k, q, _ in cf.QUESTIONS if k == "diff_search")
    eff_ply = next(q for k, q, _ in cf.QUESTIONS if k == "eff_incr_ply")
    with tempfile.TemporaryDirectory() as results:
        open(os.path.join(results, "README.md"), "w").write(
            "# Results\n\n<!-- cpu:begin -->\n<!-- cpu:end -->\n\n<!-- cpu-reasons\ndiff_search: why\n-->\n")
        # Older run: a quiet A/A (2 % off), the differential search 0.98x.
        write_run(results, "old", "2026-01-01 00:00", {
            "search/full/padded32-xor/classic/d6": 1000.0, "search/diff/padded32-xor/classic/d6": 1020.4,
            "search/aa/padded32-xor/classic/d6": 1020.0})
        # Newer run: the baseline preempted, its A/A row 20 % off; the effect rows have no A/A row.
        write_run(results, "new", "2026-01-02 00:00", {
            "search/full/padded32-xor/classic/d6": 1250.0, "search/diff/padded32-xor/classic/d6": 1000.0,
            "search/aa/padded32-xor/classic/d6": 1000.0,
            "effects/recomputed/walk": 1000.0, "effects/incremental/walk": 800.0})
        out = subprocess.run([sys.executable, SCRIPT, results], capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, f"exit {out.returncode}: {out.stderr}"
        got = cells(results, diff_search)
        assert got == ["1.25x (A/A off 20%)"], f"newest run's noisy figure carries its deviation: {got}"
        got = cells(results, eff_ply)
        assert got == ["1.25x"], f"a question without an A/A row is taken as it is: {got}"
        assert "why" in open(os.path.join(results, "README.md")).read().split("<!-- cpu:end -->")[0], "the reasons column is filled"

        # A quiet newer run replaces the flag.
        write_run(results, "newest", "2026-01-03 00:00", {
            "search/full/padded32-xor/classic/d6": 1000.0, "search/diff/padded32-xor/classic/d6": 1010.1,
            "search/aa/padded32-xor/classic/d6": 950.0})
        subprocess.run([sys.executable, SCRIPT, results], capture_output=True, text=True, timeout=60)
        got = cells(results, diff_search)
        assert got == ["0.99x"], f"a run whose A/A is within the bound answers plainly: {got}"

        # A run of rows timed together (/n250k, compared with one row): the paired ratios answer,
        # not the medians' ratio, and the A/A deviation is the A/A row's own paired ratio.
        base = "search/full/padded32-xor/classic/n250k"
        write_run(results, "paired", "2026-01-04 00:00", {
            base: 1000.0, "search/diff/padded32-xor/classic/n250k": 1000.0, "search/aa/padded32-xor/classic/n250k": 1300.0},
            context={"ratio_baselines": "search=full@1", "ratio_rows": "search=" + base},
            paired={"search/diff/padded32-xor/classic/n250k": 0.8, "search/aa/padded32-xor/classic/n250k": 1.004})
        subprocess.run([sys.executable, SCRIPT, results], capture_output=True, text=True, timeout=60)
        got = cells(results, diff_search)
        assert got == ["1.25x"], f"the paired ratio answers, its A/A quiet: {got}"

    # The deviation is |A/A / baseline - 1| against the area's own baseline variant, as the harness names it.
    rows = {}
    for name, cyc in {"effects/recomputed/walk": 100.0, "effects/aa/walk": 84.0,
                      "dirty_flags/naive/walk/40": 100.0, "dirty_flags/aa/walk/40": 110.0}.items():
        r = Row(name)
        r.reps = [{"cycles/op": cyc}]
        rows[name] = r
    noisy = cf.noisy_questions(rows, {"effects": ("recomputed", 1), "dirty_flags": ("naive", 1)})
    assert set(noisy) == {"eff_incr_ply", "eff_kept_ply"}, f"16 % off flags the effect questions, 10 % does not: {noisy}"
    assert abs(noisy.get("eff_incr_ply", 0) - 0.16) < 1e-9, f"deviation {noisy.get('eff_incr_ply')}"



if __name__ == "__main__":
    main()
    print("cpu_findings_test: ok")
