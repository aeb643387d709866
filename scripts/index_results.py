#!/usr/bin/env python3
"""Rewrites the run index between the markers of results/README.md (findings stay hand-written)."""
import os
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "results"
readme = os.path.join(root, "README.md")
begin, end = "<!-- index:begin -->", "<!-- index:end -->"
runs = sorted((d for d in os.listdir(root) if os.path.isfile(os.path.join(root, d, "report.md"))), reverse=True)
lines = [begin, "", "| run | machine |", "|---|---|"]
for d in runs:
    machine_file = os.path.join(root, d, "machine.txt")
    machine = open(machine_file).read().strip() if os.path.exists(machine_file) else ""
    lines.append(f"| [{d}]({d}/report.md) | {machine} |")
lines += ["", end]
text = open(readme).read() if os.path.exists(readme) else f"# Results\n\n{begin}\n{end}\n"
head, rest = text.split(begin, 1)
tail = rest.split(end, 1)[1]
open(readme, "w").write(head + "\n".join(lines) + tail)
