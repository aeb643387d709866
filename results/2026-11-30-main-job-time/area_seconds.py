#!/usr/bin/env python3
"""The benchmark binary's time by area and each area's largest A/A deviation, for the run
folders given (results/2026-11-30-main-job-time.md):
    python3 area_seconds.py results/2026-11-30-amd-epyc-f19m1-4 results/2026-12-01-amd-epyc-f19m1
Seconds are the timed regions of bench.json.xz (each repetition's iterations times its time per
iteration; calibrations and set-up not counted); the deviations are report.md's."""
import collections, json, lzma, os, re, sys

UNIT = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
for run in sys.argv[1:]:
    with lzma.open(os.path.join(run, "bench.json.xz"), "rt") as f:
        data = json.load(f)
    seconds = collections.Counter()
    for b in data["benchmarks"]:
        if b.get("run_type") == "iteration":
            seconds[b["name"].split("/")[0]] += b["real_time"] * b["iterations"] * UNIT[b.get("time_unit", "ns")]
    print(f"== {run}: {sum(seconds.values()):.0f} s timed")
    print(", ".join(f"{a} {s:.0f}" for a, s in seconds.most_common()))
    report = open(os.path.join(run, "report.md")).read()
    dev = {m.group(1): float(m.group(2))
           for m in re.finditer(r"^\*\*A/A\*\*.*?`([a-z_]+)/.*?largest deviation ([0-9.]+) %", report, re.M)}
    print("A/A largest deviation:", ", ".join(f"{a} {d}" for a, d in sorted(dev.items())),
          f"; mean over {len(dev)} areas {sum(dev.values()) / len(dev):.2f} %")
