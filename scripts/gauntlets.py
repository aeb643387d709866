#!/usr/bin/env python3
"""Every match of sashite against another engine, one table, and the runs of one engine pooled.

The must-shows against gpsusi and fairy-stockfish are read over many runs of 16-20 pairs on
several CPUs; which runs played the same engine was a reading of the prose. This lists every
such match under results/matches (scripts/match.sh's folders: machine.txt, and per match
summary.json, summary.txt, command.txt, games.jsonl) in time order with its CPU, sashite's
options beyond match.sh's own, and the engine (engine.txt, which match.sh writes since
2026-11-28: the commit and the default search's bench tree, equal for equal search and
evaluation). Matches of one opponent, time control, bench tree and options are then pooled: their
wins, draws and losses summed, the score with a 95 % interval (trinomial, normal
approximation) and the Elo that score means.

    scripts/gauntlets.py [results/matches] [--write FILE]
"""
import math
import os
import re
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cpu_findings import family_of  # noqa: E402  (one name per CPU family across results/)
from match_report import load  # noqa: E402  (one reading of a match folder)

# Options match.sh gives every sashite engine: not a difference between runs.
STANDARD_OPTIONS = {"USI_Hash=64", "MoveOverhead=20"}


def engine_groups(command):
    """name -> the option.NAME=VALUE words of each --engine group of a match command line."""
    groups = []
    for w in shlex.split(command):
        if w == "--engine":
            groups.append([])
        elif w.startswith("--"):
            groups.append(None)  # another flag ends the group
        elif groups and groups[-1] is not None:
            groups[-1].append(w)
    out = {}
    for ws in filter(None, groups):
        name = next((w[5:] for w in ws if w.startswith("name=")), "")
        out[name] = [w[7:] for w in ws if w.startswith("option.")]
    return out


def read_engine(run):
    """(commit, bench tree) from a run folder's engine.txt; ('', '') when the run predates it."""
    path = os.path.join(run, "engine.txt")
    if not os.path.isfile(path):
        return "", ""
    fields = dict(line.split(":", 1) for line in open(path).read().splitlines() if ":" in line)
    commit = fields.get("commit", "").strip().split(" ")[0]
    tree = fields.get("bench", "").strip().split(" ")[0]
    return commit, tree


def same_tc(tc):
    """'A byoyomi=1000, B byoyomi=1000' -> 'byoyomi=1000' when both sides have the same control."""
    sides = [part.strip().split(" ", 1) for part in tc.split(",")]
    controls = {side[1] for side in sides if len(side) == 2}
    return controls.pop() if len(controls) == 1 else tc


def matches(root):
    rows = []
    for run in sorted(os.listdir(root)):
        folder = os.path.join(root, run)
        machine_txt = os.path.join(folder, "machine.txt")
        if not os.path.isfile(machine_txt):
            continue
        machine = open(machine_txt).read().strip()
        stamp = re.search(r"(\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC", machine)
        commit, tree = read_engine(folder)
        for s in load(folder):
            names = (s["first"], s["second"])
            if "sashite" not in names or names[0] == names[1] or all(n.startswith("sashite") for n in names):
                continue
            us = names.index("sashite")
            opponent = names[1 - us]
            options = engine_groups(s["command"]).get("sashite", [])
            w, l = (s["wins"], s["losses"]) if us == 0 else (s["losses"], s["wins"])
            rows.append({"run": run, "match": s["name"], "time": stamp.group(1) if stamp else run, "cpu": family_of(machine),
                         "opponent": opponent, "tc": same_tc(s["tc"]), "commit": commit, "tree": tree,
                         "options": " ".join(o for o in options if o not in STANDARD_OPTIONS),
                         "w": w, "d": s["draws"], "l": l, "nps": s["first_nps" if us == 0 else "second_nps"]})
    rows.sort(key=lambda r: (r["time"], r["run"], r["match"]))
    return rows


def score_interval(w, d, l):
    """Score and its 95 % interval from W/D/L (trinomial, normal approximation)."""
    n = w + d + l
    if n == 0:
        return None, None, None
    s = (w + d / 2) / n
    var = (w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n
    half = 1.96 * math.sqrt(var / n)
    return s, max(0.0, s - half), min(1.0, s + half)


def elo(score):
    if score is None or score <= 0 or score >= 1:
        return None
    return -400 * math.log10(1 / score - 1)


def fmt_elo(v):
    return "-" if v is None else f"{v:+.0f}"


def engine_cell(r):
    return f"tree {int(r['tree']):,} ({r['commit']})" if r["tree"] else "not recorded"


def table(rows):
    out = ["| run | CPU | opponent | time control | sashite options | engine | W / D / L | score | sashite nodes/s |",
           "|---|---|---|---|---|---|---|---:|---:|"]
    for r in rows:
        s, _, _ = score_interval(r["w"], r["d"], r["l"])
        out.append(f"| [{r['run']}/{r['match']}]({r['run']}/README.md) | {r['cpu']} | {r['opponent']} | {r['tc']} | "
                   f"{r['options'] or '-'} | {engine_cell(r)} | {r['w']} / {r['d']} / {r['l']} | "
                   f"{100 * s:.1f} % | {r['nps'] / 1e6:.2f} M |")
    return out


def pooled(rows):
    groups = {}
    for r in rows:
        if not r["tree"]:
            continue
        key = (r["opponent"], r["tc"], r["tree"], r["options"])
        g = groups.setdefault(key, {"runs": 0, "w": 0, "d": 0, "l": 0, "cpus": [], "commits": []})
        if r["commit"] not in g["commits"]:
            g["commits"].append(r["commit"])
        g["runs"] += 1
        for k in ("w", "d", "l"):
            g[k] += r[k]
        if r["cpu"] not in g["cpus"]:
            g["cpus"].append(r["cpu"])
    out = ["| opponent | time control | bench tree (commits) | sashite options | runs | CPUs | W / D / L | score [95 %] | Elo [95 %] |",
           "|---|---|---|---|---:|---|---|---|---|"]
    for (opponent, tc, tree, options), g in groups.items():
        engine = f"{int(tree):,} ({', '.join(g['commits'])})"
        s, lo, hi = score_interval(g["w"], g["d"], g["l"])
        out.append(f"| {opponent} | {tc} | {engine} | {options or '-'} | {g['runs']} | {', '.join(g['cpus'])} | "
                   f"{g['w']} / {g['d']} / {g['l']} | {100 * s:.1f} % [{100 * lo:.1f}, {100 * hi:.1f}] | "
                   f"{fmt_elo(elo(s))} [{fmt_elo(elo(lo))}, {fmt_elo(elo(hi))}] |")
    return out


def main():
    args = sys.argv[1:]
    write = None
    if "--write" in args:
        i = args.index("--write")
        if i + 1 >= len(args):
            sys.exit("--write needs a file")
        write = args[i + 1]
        del args[i:i + 2]
    root = args[0] if args else "results/matches"
    if not os.path.isdir(root):
        sys.exit(f"no such folder: {root}")
    rows = matches(root)
    text = "\n".join(["# sashite against other engines", "",
                      "Written by `scripts/gauntlets.py` from the match folders here: every match of sashite against "
                      "another engine, oldest first (score and nodes/s measured in the games), then the matches of one "
                      "search (the default search's bench tree from the run's engine.txt, written by `scripts/match.sh` "
                      "since 2026-11-28; older runs did not record it and are not pooled), opponent, time control and "
                      "sashite options pooled (score interval: trinomial, normal approximation).", "",
                      *table(rows), "", "## Pooled by engine", "", *pooled(rows), ""])
    if write:
        open(write, "w").write(text)
    else:
        print(text)


if __name__ == "__main__":
    main()
