#!/usr/bin/env python3
"""The size budget of results/ (README "Results size budget"; ctest results_budget).

Fails (exit 1) when the files under the results folder add up to more than BUDGET_BYTES, or when
a folder holds more than RAW_LIMIT_BYTES of raw data left uncompressed: bench.json, bench.txt,
compilers/*.json, games*.jsonl, CSA records, labels*.tsv, asm listings (*.s). A run commits its
report, summaries, fits and charts; its raw data goes in as .xz (scripts/bench.sh, match.sh,
sprt.sh, spsa.py and elo_curve_fit.py compress it at the end of a run; scripts/results_io.py reads
either form), or stays out when its command and seed regenerate it.

    scripts/results_budget.py [results_dir]     (default: the results/ beside scripts/)
"""
import os
import re
import sys

BUDGET_BYTES = 30_000_000  # results/ as a whole, every file under it
RAW_LIMIT_BYTES = 16 * 1024  # uncompressed raw data per folder: a small table is fine, a run's raw data is not
TOP_FOLDERS = 8  # the largest folders listed in the summary

# Raw data by file name (path relative to the results folder, "/"-separated).
RAW = [re.compile(p) for p in (
    r"(^|/)bench\.(json|txt)$",    # the benchmark's JSON and console output
    r"(^|/)compilers/[^/]*\.json$",  # scripts/bench.sh's g++/clang++ rounds
    r"(^|/)games[^/]*\.jsonl$",    # the match runner's games
    r"\.(csa|kif)$",               # game records
    r"(^|/)[^/]*labels[^/]*\.tsv$",  # labelled positions
    r"\.s$",                       # asm listings
)]


def is_raw(rel):
    return any(p.search(rel) for p in RAW)


def check(root):
    """(total bytes, {top folder: bytes}, [(folder, raw bytes, files)] over the limit)."""
    total, tops, raw = 0, {}, {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            if os.path.islink(path) or not os.path.isfile(path):
                continue
            size = os.path.getsize(path)
            rel = os.path.relpath(path, root).replace(os.sep, "/")
            total += size
            top = rel.split("/")[0] if "/" in rel else "."
            tops[top] = tops.get(top, 0) + size
            if is_raw(rel):
                folder = os.path.dirname(rel) or "."
                entry = raw.setdefault(folder, [0, []])
                entry[0] += size
                entry[1].append(name)
    over = [(folder, size, files) for folder, (size, files) in sorted(raw.items()) if size > RAW_LIMIT_BYTES]
    return total, tops, over


def main(argv):
    root = argv[1] if len(argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "results")
    if not os.path.isdir(root):
        sys.exit(f"results_budget: no such folder: {root}")
    total, tops, over = check(root)
    print(f"{root}: {total:,} bytes of a {BUDGET_BYTES:,} byte budget ({100 * total / BUDGET_BYTES:.0f} %)")
    for top, size in sorted(tops.items(), key=lambda kv: -kv[1])[:TOP_FOLDERS]:
        print(f"  {size:>12,}  {top}")
    failed = False
    if total > BUDGET_BYTES:
        print(f"FAIL: results/ holds {total:,} bytes, over its budget of {BUDGET_BYTES:,}: compress or drop raw data "
              "(README \"Results size budget\")")
        failed = True
    for folder, size, files in over:
        shown = ", ".join(files[:4]) + (f" and {len(files) - 4} more" if len(files) > 4 else "")
        print(f"FAIL: {folder} holds {size:,} bytes of uncompressed raw data ({shown}), over {RAW_LIMIT_BYTES:,}: "
              "xz -9e it (the scripts read name.xz alike) or leave it out")
        failed = True
    if not failed:
        print("ok: within the budget, no uncompressed raw data over "
              f"{RAW_LIMIT_BYTES:,} bytes in any folder")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
