#!/usr/bin/env python3
"""The report of a scripts/match.sh run: README.md and charts in its folder.

Reads <run>/machine.txt and every <run>/<match>/summary.json, command.txt and summary.txt
(written by build/bin/match run), and writes <run>/README.md (one row per match: the engines,
time controls, games, W/D/L, pentanomial Elo with its 95 % interval, nElo, each side's nodes/s
and think time per move measured in the games) and two gnuplot charts: elo.svg (every match's
Elo with its interval) and elo_vs_speed.svg (the generator and time-odds matches: Elo against the first engine's
speed or time ratio).

    scripts/match_report.py results/matches/<date>-<cpu>
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results_io import exists, open_text  # noqa: E402  (games.jsonl, or games.jsonl.xz once committed)
from svg_slim import slim_file  # noqa: E402


def load(run):
    rows = []
    for name in sorted(os.listdir(run)):
        folder = os.path.join(run, name)
        path = os.path.join(folder, "summary.json")
        if not os.path.isfile(path):
            continue
        s = json.load(open(path))
        text = open(os.path.join(folder, "summary.txt")).read()
        tc = re.search(r"^Time control: (.*)$", text, re.M)
        wall = re.search(r"^Wall time: (\d+) s", text, re.M)
        endings = re.search(r"^Endings: (.*)$", text, re.M)
        s.update(name=name, tc=tc.group(1) if tc else "", wall=int(wall.group(1)) if wall else 0,
                 endings=endings.group(1) if endings else "", command=open(os.path.join(folder, "command.txt")).read().strip())
        s["think_ms"] = think_per_move(os.path.join(folder, "games.jsonl"), s["first"], s["second"])
        odds = re.search(r"--time-odds (\S+)", s["command"])
        s["odds"] = float(odds.group(1)) if odds else 1.0
        rows.append(s)
    return rows


def think_per_move(games_jsonl, *engines):
    """Each engine's mean think time per move in the games (ms), None where none is recorded: how
    much of its time control an engine spends (an engine that stops early plays a weaker game)."""
    total = {e: [0, 0] for e in engines}
    if exists(games_jsonl):
        for line in open_text(games_jsonl):
            if not line.strip():
                continue
            g = json.loads(line)
            for side in ("first", "second"):
                if g.get(side) in total and f"{side}_think_ms" in g:
                    total[g[side]][0] += g[f"{side}_think_ms"]
                    total[g[side]][1] += g[f"{side}_moves"]
    return [t[0] / t[1] if t[1] else None for t in (total[e] for e in engines)]


def gnuplot(script, svg):
    subprocess.run(["gnuplot"], input=script, text=True, check=True)
    slim_file(svg)  # the same chart, fewer bytes (README's size budget)


def charts(run, rows):
    # A lopsided match (+-1200: every game won) would squeeze the rest: the axis stops at +-400
    # and such a row is drawn at the edge, with its figure written beside it.
    lim = 400
    data = os.path.join(run, "elo.tsv")
    with open(data, "w") as f:
        for i, r in enumerate(rows):
            clip = lambda v: max(-lim, min(lim, v))
            text = f"{r['elo']:+.0f} [{r['elo_low']:+.0f}, {r['elo_high']:+.0f}]"
            f.write(f"{i}\t{clip(r['elo']):.2f}\t{clip(r['elo_low']):.2f}\t{clip(r['elo_high']):.2f}\t\"{r['first']} vs {r['second']}\"\t\"{text}\"\n")
    gnuplot(f"""
set terminal svg size 900,{120 + 40 * len(rows)} dynamic noenhanced font 'sans,11' background rgb 'white'
set output '{os.path.join(run, "elo.svg")}'
set title 'Elo of the first engine, 95 % interval (pentanomial); the axis stops at +-{lim}'
set xlabel 'Elo'
set ytics ()
set yrange [-1:{len(rows)}]
set xrange [-{lim + 100}:{lim + 100}]
set grid xtics
set key off
set arrow from 0, graph 0 to 0, graph 1 nohead dt 2
plot '{data}' using 2:1:3:4:ytic(5) with xerrorbars pt 7, '' using 2:1:6 with labels offset 0,0.9 font 'sans,9'
""", os.path.join(run, "elo.svg"))
    os.remove(data)
    speed = [r for r in rows if r["name"] == "full-diff" or r["name"].startswith("odds")]
    if not speed:
        return
    data = os.path.join(run, "elo_vs_speed.tsv")
    with open(data, "w") as f:
        for r in speed:
            # The generator match: its measured nps ratio; the odds matches: the time ratio given.
            x = r["first_nps"] / r["second_nps"] if r["name"] == "full-diff" and r["second_nps"] else r["odds"]
            f.write(f"{x:.4f}\t{r['elo']:.2f}\t{r['elo_low']:.2f}\t{r['elo_high']:.2f}\t\"{r['name']}\"\n")
    # What a speed ratio k is worth if Elo grows with log2 of the time, by the doubling match.
    x2 = [r for r in speed if r["name"] == "odds-x2"]
    curve = f", {x2[0]['elo']:.2f} * log(x) / log(2) with lines dt 2 title 'Elo of k x time, by the x2 match'" if x2 else ""
    gnuplot(f"""
set terminal svg size 760,460 dynamic noenhanced font 'sans,11' background rgb 'white'
set output '{os.path.join(run, "elo_vs_speed.svg")}'
set title 'Elo of the first engine against its speed (full-diff: nodes/s ratio) or time ratio (odds)'
set xlabel 'speed or time ratio, first / second (log scale)'
set ylabel 'Elo (95 % interval)'
set logscale x
set xrange [0.8:2.5]
set xtics (0.8, 0.9, 1, 1.1, 1.25, 1.5, 2, 2.5)
set grid
set key top left
plot '{data}' using 1:2:3:4 with yerrorbars pt 7 notitle, '' using 1:2:5 with labels offset 1,1 left notitle{curve}
""", os.path.join(run, "elo_vs_speed.svg"))
    os.remove(data)


def main():
    run = sys.argv[1]
    rows = load(run)
    machine = open(os.path.join(run, "machine.txt")).read().strip()
    out = ["# Matches", "", f"Machine: {machine}", "",
           "Written by `scripts/match_report.py` from the matches `scripts/match.sh` played; each folder holds the",
           "command line (`command.txt`), every game as a JSON line and as a CSA record, and the runner's summary.",
           "Elo is the first engine's, from game pairs (each opening played with both colours; fishtest's",
           "pentanomial model), with its 95 % interval; nodes/s are measured in the games (nodes each engine",
           "reported over its think time), and so is the think time per move (how much of its time control each",
           "engine spends).", "",
           "| match | first vs second | time control | games | W / D / L | Elo [95 %] | nElo | nodes/s first / second | ms per move first / second | wall |",
           "|---|---|---|---:|---|---|---:|---|---|---:|"]
    for r in rows:
        games = r["wins"] + r["draws"] + r["losses"]
        nps = f"{r['first_nps'] / 1e6:.2f} M / {r['second_nps'] / 1e6:.2f} M" if r["first_nps"] and r["second_nps"] else "n/a"
        think = " / ".join("n/a" if t is None else f"{t:.0f}" for t in r["think_ms"])
        out.append(f"| `{r['name']}` | {r['first']} vs {r['second']} | {r['tc']} | {games} | {r['wins']} / {r['draws']} / {r['losses']} | "
                   f"{r['elo']:+.0f} [{r['elo_low']:+.0f}, {r['elo_high']:+.0f}] | {r['nelo']:+.0f} | {nps} | {think} | {r['wall']} s |")
    out += ["", "Endings per match:", ""]
    out += [f"- `{r['name']}`: {r['endings']}" for r in rows]
    out += ["", "![Elo per match](elo.svg)", ""]
    if any(r["name"] == "full-diff" or r["name"].startswith("odds") for r in rows):
        out += ["![Elo against speed](elo_vs_speed.svg)", ""]
    out += ["Command lines:", ""]
    out += [f"- `{r['name']}`: `{r['command']}`" for r in rows]
    open(os.path.join(run, "README.md"), "w").write("\n".join(out) + "\n")
    charts(run, rows)
    print(os.path.join(run, "README.md"))


if __name__ == "__main__":
    main()
