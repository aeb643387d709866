#!/usr/bin/env python3
"""The node-odds curve's fit (scripts/elo_curve.sh): per point, the shards merged by
`match merge --json` (pentanomial Elo and its 95 % interval); every CSA record replayed by
`match check` and then packed into records.tar.xz, the JSON lines packed as games-*.jsonl.xz; per base node count, the weighted
least-squares line through the origin Elo = k * log2(K) (weights: 1 / the point's variance,
from its interval), k with its 95 % interval and the fit's chi-square; elo_curve.svg (points,
error bars, fitted lines), README.md (the table) and fit.tsv (k per base) in the curve's folder.
  scripts/elo_curve_fit.py OUT
"""
import glob
import io
import json
import lzma
import math
import os
import re
import subprocess
import sys
import tarfile
import tempfile

MATCH = "build/bin/match"


def game_files(point_dir):
    """The point's shards of JSON lines: games-*.jsonl, or games-*.jsonl.xz once packed."""
    return sorted(glob.glob(os.path.join(point_dir, "games-*.jsonl")) + glob.glob(os.path.join(point_dir, "games-*.jsonl.xz")))


def game_lines(path):
    with (lzma.open(path, "rt") if path.endswith(".xz") else open(path)) as f:
        return [line for line in f if line.strip()]


def pairs_of(shards):
    """{(shard, pair): {game: (line, parsed)}} from each shard file's lines: a pair is its file and
    index, as shards on other opening files number their pairs from 0 too."""
    pairs = {}
    for i, lines in enumerate(shards):
        for line in lines:
            g = json.loads(line)
            pairs.setdefault((i, g["pair"]), {})[g["game"]] = (line, g)
    return pairs


def distinct_pairs(shards):
    """The lines of the first pair of each distinct (opening, game 0's moves, game 1's moves), from
    each shard file's lines.

    A node-limited game is a function of its opening and colours alone, and the runner plays
    opening p mod (number of openings) in pair p, so a point with more pairs than openings plays
    each pair again move for move: a copy is no new evidence, and counted as one it narrows the
    interval by the square root of the copies. Returns (kept lines, pairs played, pairs kept)."""
    pairs = pairs_of(shards)
    seen, kept = set(), []
    for key in sorted(pairs):
        both = pairs[key]
        games = tuple((both[i][1]["opening"], both[i][1]["moves"]) if i in both else None for i in (0, 1))
        if games not in seen:
            seen.add(games)
            kept.append(both)
    return renumbered(kept), len(pairs), len(seen)


def renumbered(pairs):
    """The lines of pairs_of's values, in game order, pair i numbered i: `match merge` takes a pair
    index once, and shards on different opening files share their indices."""
    out = []
    for i, both in enumerate(pairs):
        for game in sorted(both):
            g = dict(both[game][1], pair=i)
            out.append(json.dumps(g) + "\n")
    return out


def merged(point_dir, dedupe=False):
    """The point's merged summary (`match merge --json`); dedupe: its distinct pairs only, with
    "played_pairs" and "played_games" the counts before."""
    shards = game_files(point_dir)
    if not shards:
        return None
    per_shard = [game_lines(f) for f in shards]
    played_games = sum(len(lines) for lines in per_shard)
    if dedupe:
        lines, played_pairs, _ = distinct_pairs(per_shard)
    else:
        pairs = pairs_of(per_shard)
        lines, played_pairs = renumbered([pairs[p] for p in sorted(pairs)]), len(pairs)
    with tempfile.TemporaryDirectory() as tmp:
        plain = os.path.join(tmp, "games.jsonl")
        with open(plain, "w") as out:
            out.writelines(lines)
        out = subprocess.run([MATCH, "merge", plain, "--json"], check=True, capture_output=True, text=True).stdout
    s = json.loads(out)
    s["shards"] = len(shards)
    s["played_pairs"], s["played_games"] = played_pairs, played_games
    return s


def pack_games(point_dir):
    """Compresses the point's JSON lines (xz): the committed form."""
    for f in glob.glob(os.path.join(point_dir, "games-*.jsonl")):
        with open(f, "rb") as src, lzma.open(f + ".xz", "wb") as dst:
            dst.write(src.read())
        os.remove(f)


def play_summary(point_dir, totals, dedupe=False):
    """A played point: its merged summary with its games and faults, its records checked and packed,
    its JSON lines packed; adds them to totals. None when the point has no games yet. dedupe: the
    estimate from distinct pairs (node-limited points; see distinct_pairs); faults are counted
    over every game played either way."""
    s = merged(point_dir, dedupe)
    if s is None:
        return None
    s["checked"], s["bad"] = check_records(point_dir)
    pack_games(point_dir)
    every = merged(point_dir) if dedupe else s
    s["faults"] = sum(every[f"{side}_{what}"] for side in ("first", "second")
                      for what in ("time_losses", "illegal", "failures", "restarts"))
    s["games"] = s["wins"] + s["draws"] + s["losses"]
    totals["games"] += s["played_games"]
    totals["records"] += s["checked"] or 0
    totals["unkept"] += 0 if s["checked"] is not None else s["played_games"]
    totals["bad"] += s["bad"]
    totals["faults"] += s["faults"]
    return s


def check_records(point_dir):
    """Replays every CSA record of the point; packs them (with earlier packs) into records.tar.xz.
    Returns (records checked, bad records); (None, 0) when the point kept no records (the curves
    before 2026-11-30 replayed theirs when played and did not commit them)."""
    files = sorted(glob.glob(os.path.join(point_dir, "records-*", "*.csa")))
    checked = bad = 0
    for i in range(0, len(files), 500):
        chunk = files[i:i + 500]
        r = subprocess.run([MATCH, "check", *chunk], capture_output=True, text=True)
        checked += len(chunk)
        bad += sum(1 for line in r.stdout.splitlines() if " legal moves, %" not in line)
    tar = os.path.join(point_dir, "records.tar.xz")
    if files:
        old = []
        if os.path.exists(tar):
            with tarfile.open(tar) as t:
                old = [(m, t.extractfile(m).read()) for m in t.getmembers() if m.isfile()]
        with tarfile.open(tar + ".tmp", "w:xz") as t:
            for m, data in old:
                t.addfile(m, io.BytesIO(data))
            for f in files:
                t.add(f, arcname=os.path.relpath(f, point_dir))
        os.replace(tar + ".tmp", tar)
        for f in files:
            os.remove(f)
        for d in glob.glob(os.path.join(point_dir, "records-*")):
            if not os.listdir(d):
                os.rmdir(d)
    elif os.path.exists(tar):
        with tarfile.open(tar) as t:
            checked = sum(1 for m in t.getmembers() if m.isfile())
    else:
        return None, 0
    return checked, bad


def fit(points):
    """Weighted least squares through the origin: Elo = k * x, x = log2(K)."""
    sw = sxy = 0.0
    for x, y, se in points:
        w = 1.0 / (se * se)
        sw += w * x * x
        sxy += w * x * y
    k = sxy / sw
    se_k = 1.0 / math.sqrt(sw)
    chi2 = sum(((y - k * x) / se) ** 2 for x, y, se in points)
    return k, se_k, chi2


def svg(curves, path):
    width, height, left, right, top, bottom = 640, 420, 60, 20, 20, 50
    xs = [x for c in curves.values() for x, _, _, _ in c["points"]] or [1]
    ys = [v for c in curves.values() for _, y, lo, hi in c["points"] for v in (lo, hi)] or [0, 1]
    x_max = max(xs) * 1.05
    y_min, y_max = min(0.0, min(ys)), max(ys) * 1.05
    px = lambda x: left + (width - left - right) * x / x_max
    py = lambda y: top + (height - top - bottom) * (y_max - y) / (y_max - y_min)
    colours = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<line x1="{left}" y1="{py(0)}" x2="{width - right}" y2="{py(0)}" stroke="#888"/>',
           f'<line x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}" stroke="#888"/>',
           f'<text x="{(left + width - right) / 2}" y="{height - 12}" text-anchor="middle">log2(node odds K)</text>',
           f'<text x="14" y="{(top + height - bottom) / 2}" transform="rotate(-90 14 {(top + height - bottom) / 2})" text-anchor="middle">Elo (95 % interval)</text>']
    for t in range(0, int(x_max) + 1):
        out.append(f'<text x="{px(t)}" y="{height - bottom + 16}" text-anchor="middle">{t}</text>')
    step = 50 if y_max - y_min > 200 else 20
    for t in range(int(math.floor(y_min / step)) * step, int(y_max) + 1, step):
        out.append(f'<text x="{left - 6}" y="{py(t) + 4}" text-anchor="end">{t}</text>')
    for i, (base, c) in enumerate(sorted(curves.items())):
        col = colours[i % len(colours)]
        for x, y, lo, hi in c["points"]:
            out.append(f'<line x1="{px(x)}" y1="{py(lo)}" x2="{px(x)}" y2="{py(hi)}" stroke="{col}"/>')
            out.append(f'<circle cx="{px(x)}" cy="{py(y)}" r="3" fill="{col}"/>')
        if c.get("k") is not None:
            out.append(f'<line x1="{px(0)}" y1="{py(0)}" x2="{px(x_max)}" y2="{py(c["k"] * x_max)}" stroke="{col}" stroke-dasharray="4 3"/>')
        out.append(f'<text x="{left + 10}" y="{top + 16 + 16 * i}" fill="{col}">base {base} nodes: k = {c["k"]:+.1f} Elo per doubling</text>')
    out.append("</svg>")
    open(path, "w").write("\n".join(out) + "\n")


def main():
    out = sys.argv[1]
    rows, curves, totals = [], {}, {"games": 0, "records": 0, "bad": 0, "faults": 0, "unkept": 0}
    for base_dir in sorted(glob.glob(os.path.join(out, "n*")), key=lambda d: int(re.sub(r"\D", "", os.path.basename(d)))):
        base = int(os.path.basename(base_dir)[1:])
        pts = []
        for point_dir in sorted(glob.glob(os.path.join(base_dir, "x*")), key=lambda d: float(os.path.basename(d)[1:])):
            k = float(os.path.basename(point_dir)[1:])
            s = play_summary(point_dir, totals, dedupe=True)
            if s is None:
                continue
            games, checked, bad, faults = s["played_games"], s["checked"], s["bad"], s["faults"]
            se = (s["elo_high"] - s["elo_low"]) / (2 * 1.959964)
            x = math.log2(k)
            pts.append((x, s["elo"], s["elo_low"], s["elo_high"], se))
            rows.append((base, k, games, s["pairs"], s["wins"], s["draws"], s["losses"], s["elo"], s["elo_low"],
                         s["elo_high"], s["elo"] / x if x else float("nan"), checked, bad, faults, s["first_nps"], s["second_nps"]))
        if pts:
            # K = 1 is the A/A row (deterministic engines: every pair splits, Elo 0 exactly); it
            # carries no slope and is left out of the fit.
            odds = [(x, y, se) for x, y, _, _, se in pts if x > 0]
            k, se_k, chi2 = fit(odds)
            curves[base] = {"points": [(x, y, lo, hi) for x, y, lo, hi, _ in pts], "k": k, "se": se_k, "chi2": chi2, "n": len(odds)}
    # The check against time odds: each point's prediction from the base closest (in log) to the
    # nodes per move its base engine searched.
    time_rows = []
    for point_dir in sorted(glob.glob(os.path.join(out, "movetime*", "x*"))):
        if not curves:
            break
        s = play_summary(point_dir, totals)
        if s is None:
            continue
        games, checked, bad, faults = s["games"], s["checked"], s["bad"], s["faults"]
        sums = {f"{side}_{what}": 0 for side in ("first", "second") for what in ("nodes", "moves", "think_ms")}
        for f in game_files(point_dir):
            for line in game_lines(f):
                g = json.loads(line)
                for key in sums:
                    sums[key] += g[key]

        def per_move(side, what):
            return sums[f"{side}_{what}"] / max(sums[f"{side}_moves"], 1)
        nodes_per_move = per_move("second", "nodes")
        # The node odds and the thinking-time odds the time odds gave: not exactly K (overshoots
        # past the movetime, nodes/s that varies with a search's length); the games say how far.
        node_ratio = per_move("first", "nodes") / max(nodes_per_move, 1)
        think_ratio = per_move("first", "think_ms") / max(per_move("second", "think_ms"), 1e-9)
        base = min(curves, key=lambda b: abs(math.log(b / nodes_per_move)))
        k = float(os.path.basename(point_dir)[1:])
        c = curves[base]
        x = math.log2(k)
        time_rows.append((os.path.basename(os.path.dirname(point_dir))[8:], k, games, s["wins"], s["draws"], s["losses"],
                          s["elo"], s["elo_low"], s["elo_high"], nodes_per_move, base, c["k"] * x, (c["k"] - 1.96 * c["se"]) * x,
                          (c["k"] + 1.96 * c["se"]) * x, checked, bad, faults, think_ratio, node_ratio, c["k"] * math.log2(node_ratio)))
    svg(curves, os.path.join(out, "elo_curve.svg"))
    machine = ""
    for m in sorted(glob.glob(os.path.join(out, "machine-*.txt"))):
        machine += open(m).read().strip() + " (" + os.path.basename(m)[8:-4] + "); "
    lines = ["# Elo against node odds: sashite against itself", "",
             f"Machines: {machine.rstrip('; ')}. Written by `scripts/elo_curve.sh` / `scripts/elo_curve_fit.py`.",
             "The first engine searches K times the base's nodes per move; pentanomial Elo with its 95 % interval;",
             "games adjudicated by score when both engines agree (scripts/elo_curve.sh). A node-limited game depends on",
             "its opening and colours alone, so a pair played again on an opening already played repeats move for move:",
             "each point counts its distinct pairs only (`distinct pairs`, and W-D-L over their games); `games` is every",
             "game played, whose records are all replayed and whose faults are all counted.", "",
             "| base nodes | odds K | games | distinct pairs | W-D-L | Elo [95 %] | Elo / log2 K | records replayed | bad | faults | nodes/s (x K, base) |",
             "|---:|---:|---:|---:|---|---|---:|---:|---:|---:|---|"]
    kept = lambda checked: "not kept" if checked is None else checked
    for (base, k, games, pairs, w, d, l, elo, lo, hi, per, checked, bad, faults, n1, n2) in rows:
        lines.append(f"| {base} | {k:g} | {games} | {pairs} | {w}-{d}-{l} | {elo:+.1f} [{lo:+.1f}, {hi:+.1f}] | {per:+.1f} | "
                     f"{kept(checked)} | {bad} | {faults} | {n1 / 1e6:.2f} M, {n2 / 1e6:.2f} M |")
    lines += ["", "Fit Elo = k * log2(K) per base (weighted least squares through the origin):", "",
              "| base nodes | points | k (Elo per doubling) [95 %] | chi-square (dof = points - 1) |", "|---:|---:|---|---|"]
    for base, c in sorted(curves.items()):
        lines.append(f"| {base} | {c['n']} | {c['k']:+.1f} [{c['k'] - 1.96 * c['se']:+.1f}, {c['k'] + 1.96 * c['se']:+.1f}] | "
                     f"{c['chi2']:.1f} ({c['n'] - 1}) |")
    if time_rows:
        lines += ["", "The model against time odds (`movetime`, MoveOverhead 0): the prediction is k * log2(K) with k of the",
                  "base closest to the nodes per move the base engine searched.", "",
                  "The think and node ratios are what the time odds gave per move (first engine over base engine: thinking",
                  "time as the runner measured it, nodes searched), and the last column the line's prediction from the node ratio.", "",
                  "| movetime ms | time odds K | games | W-D-L | Elo [95 %] | base engine nodes/move | k from base | predicted Elo [95 %] | think ratio | node ratio | predicted from it | records replayed | bad | faults |",
                  "|---:|---:|---:|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|"]
        for (mt, k, games, w, d, l, elo, lo, hi, per_move, base, pred, plo, phi, checked, bad, faults, think, ratio, pred_ratio) in time_rows:
            lines.append(f"| {mt} | {k:g} | {games} | {w}-{d}-{l} | {elo:+.1f} [{lo:+.1f}, {hi:+.1f}] | {per_move:.0f} | {base} | "
                         f"{pred:+.1f} [{plo:+.1f}, {phi:+.1f}] | {think:.3f} | {ratio:.3f} | {pred_ratio:+.1f} | {kept(checked)} | {bad} | {faults} |")
    unkept = f", {totals['unkept']} games' records not kept" if totals["unkept"] else ""
    lines += ["", f"Total: {totals['games']} games, {totals['records']} CSA records replayed by `match check` "
              f"({totals['bad']} bad){unkept}, {totals['faults']} faults (time losses, illegal moves, failures, restarts).",
              "", "![Elo against log2 of the node odds](elo_curve.svg)", ""]
    open(os.path.join(out, "README.md"), "w").write("\n".join(lines))
    # The fit for other scripts (scripts/elo_worth.py: the bench report's Elo column).
    with open(os.path.join(out, "fit.tsv"), "w") as f:
        f.write("base\tpoints\tk\tse\tchi2\tmachine\n")
        cpu = re.match(r"[^(;]*(?:\([^)]*\))?", machine).group(0).strip()  # "AMD EPYC (family 0x19, model 0x11)"
        for base, c in sorted(curves.items()):
            f.write(f"{base}\t{c['n']}\t{c['k']:.3f}\t{c['se']:.3f}\t{c['chi2']:.2f}\t{cpu}\n")
    print("\n".join(lines))
    return 1 if totals["bad"] or totals["faults"] else 0


if __name__ == "__main__":
    sys.exit(main())
