#!/usr/bin/env python3
"""Turns one `bench` run into <run-dir>/report.md and one SVG bar chart per area.

Usage: report.py <run-dir>
Reads <run-dir>/bench.json (Google Benchmark JSON; or bench.json.xz, as committed) and machine.txt; when present, the
deterministic models of scripts/dirty_flags_models.sh (dirty_flags_counts.tsv,
dirty_flags_mca.tsv, asm/) and any other *.md extras, appended at the end.

Every figure comes from that one run: medians over interleaved repetitions, each repetition's
cycles converted with its own calibration, ratios against the area's baseline variant for the
same case. A repetition whose calibrations before and after its loop disagree (cal_rejected)
is left out of every median, minimum and maximum. Sentences that compare figures are computed
from them, never written in advance. When <run-dir>/compilers/ holds the g++/clang++ rounds of
scripts/bench.sh, a "g++ vs clang++" section compares them.
"""
import csv
import glob
import json
import os
import re
import statistics
import subprocess
import sys
from collections import OrderedDict

import elo_worth
from results_io import exists, open_text
from svg_slim import slim_file

NOISY_CV = 0.05
# LS3600, differential generation (2009) (README Sources): mov/and/neg/sbb/lea per piece, "2.5 cycles on Core 2", 75-100 cycles
# for 40 pieces, 28 M updates/s at 2.8 GHz.
SEED_CYCLES_40 = (75.0, 100.0)
SEED_CYCLES_PER_PIECE = 2.5
SEED_UPDATES_PER_S = 28e6
SEED_GHZ = 2.8
TARGET_CYCLES_40 = 12.0  # issue: the full 40-piece mask in <= 12 core cycles with the best kernel

RUN_NAME_SUFFIX = re.compile(r"/(?:iterations|repeats|min_time|min_warmup_time|threads):[^/]*|/real_time|/manual_time")


def aggregate(values, agg):
    if not values:
        return None
    if agg == "median":
        return statistics.median(values)
    if agg == "min":
        return min(values)
    if agg == "max":
        return max(values)
    if agg == "mean":
        return statistics.fmean(values)
    if agg == "cv":
        return statistics.stdev(values) / statistics.fmean(values) if len(values) > 1 else 0.0
    return None


class Row:
    """One benchmark: its repetitions and Google Benchmark's aggregates. Figures come from the
    repetitions whose calibrations agreed, when the JSON holds the repetitions."""

    def __init__(self, name):
        self.name = name
        self.family = 0  # registration order
        self.runs = {}  # aggregate name ("median", "min", "max", "cv") -> JSON object
        self.reps = []  # the repetitions' own JSON objects

    @property
    def kept(self):
        return [b for b in self.reps if not b.get("cal_rejected")]

    @property
    def rejected(self):
        return len(self.reps) - len(self.kept)

    def counter(self, key, agg="median"):
        kept = [float(b[key]) for b in self.kept if key in b]
        if kept:
            return aggregate(kept, agg)
        b = self.runs.get(agg)
        return float(b[key]) if b is not None and key in b else None

    def metric(self, agg="median"):
        """(value, unit) of the figure a row is judged by: core cycles per op when it has them."""
        b = self.runs.get(agg) or (self.reps[0] if self.reps else None)
        if b is None:
            return None, ""
        if "cycles/op" in b:
            return self.counter("cycles/op", agg), "cycles"
        if "cycles_per_tick" in b:
            return self.counter("cycles_per_tick", agg), "cycles/tick"
        kept = [float(r["real_time"]) for r in self.kept]
        value = aggregate(kept, agg) if kept else (float(b["real_time"]) if agg in self.runs else None)
        return value, b.get("time_unit", "ns")

    def half_range(self):
        """Half the min-max range of the judged figure over the kept repetitions, relative to its median."""
        v, lo, hi = self.metric()[0], self.metric("min")[0], self.metric("max")[0]
        return (hi - lo) / (2 * v) if v and lo is not None and hi is not None else None

    @property
    def cycles(self):
        return self.counter("cycles/op")

    def paired(self, agg="median"):
        """The ratio to the baseline timed alongside this row (paired_ratio: bench/search_bench.cpp),
        or None for a row timed alone."""
        return self.counter("paired_ratio", agg)


def load_runs(path):
    with open_text(path) as f:  # bench.json, or bench.json.xz once committed
        data = json.load(f)
    rows = OrderedDict()
    for b in data["benchmarks"]:
        if b.get("error_occurred"):
            continue
        name = RUN_NAME_SUFFIX.sub("", b["run_name"])
        row = rows.setdefault(name, Row(name))
        row.family = b.get("family_index", 0)
        if b.get("run_type") == "aggregate":
            row.runs[b["aggregate_name"]] = b
        elif b.get("repetitions", 1) <= 1:  # a lone run is its own median, min and max
            for agg in ("median", "min", "max"):
                row.runs[agg] = b
        else:
            b["_row"] = name
            row.reps.append(b)
    # Interleaving shuffles the JSON: back to registration order (areas together, baselines first).
    return data["context"], OrderedDict(sorted(rows.items(), key=lambda kv: (kv[1].family, kv[0])))


class Baselines(dict):
    """area -> (baseline variant, name component holding the variant), as the harness registered;
    `rows`: area -> the one row every row of that area divides by (harness compare_with_row)."""

    def __init__(self, *args):
        super().__init__(*args)
        self.rows = {}


def parse_baselines(context):
    out = Baselines()
    for entry in context.get("ratio_baselines", "").split(";"):
        m = re.fullmatch(r"([^=]+)=(.*)@(\d+)", entry)
        if m:
            out[m.group(1)] = (m.group(2), int(m.group(3)))
    for entry in context.get("ratio_rows", "").split(";"):
        if "=" in entry:
            area, row = entry.split("=", 1)
            out.rows[area] = row
    return out


def baseline_name(name, baselines):
    """The same rule as bench/harness.cpp baseline_name()."""
    parts = name.split("/")
    if parts[0] in getattr(baselines, "rows", {}):
        return baselines.rows[parts[0]]
    if parts[0] not in baselines:
        return None
    variant, k = baselines[parts[0]]
    if k >= len(parts):
        return None
    parts[k] = variant
    return "/".join(parts)


def with_search_aliases(rows):
    """The search rows under their names less the limit ("search/diff/padded32-xor/classic"), so
    that readers across runs find the runs to a fixed depth (/d6) and to a fixed node count (/n250k)
    alike."""
    for name in list(rows):
        parts = name.split("/")
        if parts[0] == "search" and len(parts) == 5:
            rows.setdefault("/".join(parts[:4]), rows[name])
    return rows


def fmt(x, digits=2):
    if x is None:
        return "-"
    if abs(x) >= 1e6:
        return f"{x / 1e6:,.1f} M"
    return f"{x:,.{digits}f}"


def pct(x):
    return f"{100 * x:.1f} %"


def svg_chart(area, unit, items, out_svg):
    """Horizontal bars of the median per benchmark with min-max whiskers, rendered by gnuplot."""
    dat = out_svg[:-4] + ".dat"
    with open(dat, "w") as f:
        for label, value, lo, hi in items:
            f.write(f'"{label}" {value} {lo} {hi}\n')
    height = 120 + 22 * len(items)
    script = f"""
set terminal svg size 900,{height} dynamic noenhanced font 'sans,11' background '#ffffff'
set output '{out_svg}'
set title '{area}: median {unit} per op, whiskers min-max over repetitions (lower is better)'
set style fill solid 0.8
set boxwidth 0.6
set yrange [{len(items) - 0.5}:-0.5]  # first row at the top
set xrange [0:*]
set ytics nomirror
set grid xtics
unset key
set lmargin 44
plot '{dat}' using 2:0:(0):2:($0-0.3):($0+0.3):yticlabels(1) with boxxyerror lc rgb '#3a6ea5', \\
     '' using 2:0:3:4 with xerrorbars pt 0 lc rgb '#222222'
"""
    try:
        subprocess.run(["gnuplot"], input=script, text=True, check=True, capture_output=True)
        slim_file(out_svg)  # the same chart in about 70 % of gnuplot's bytes (README's size budget)
        return True
    except (OSError, subprocess.CalledProcessError) as e:
        sys.stderr.write(f"gnuplot failed for {area}: {e}\n")
        return False
    finally:
        os.remove(dat)


def calibration_range(rows):
    lows = [r.counter("cal", "min") for r in rows.values() if r.counter("cal", "min") is not None]
    highs = [r.counter("cal", "max") for r in rows.values() if r.counter("cal", "max") is not None]
    meds = sorted(r.counter("cal") for r in rows.values() if r.counter("cal") is not None)
    if not meds:
        return None
    return min(lows), meds[len(meds) // 2], max(highs)


def calibration_checks(rows):
    """The before/after agreement over every repetition of the run."""
    reps = [b for r in rows.values() for b in r.reps if "cal_before" in b]
    if not reps:
        return []
    gaps = sorted(float(b["cal_gap"]) for b in reps)
    rejected = [(r.name, b) for r in rows.values() for b in r.reps if b.get("cal_rejected")]
    out = [f"**Calibration checks:** every repetition measured the factor before and after its timed loop; "
           f"|after / before - 1| has median {pct(gaps[len(gaps) // 2])}, 95th percentile "
           f"{pct(gaps[int(0.95 * (len(gaps) - 1))])}, maximum {pct(gaps[-1])} over {len(reps)} repetitions. "
           f"{len(rejected)} repetition(s) disagreed by more than the harness's threshold "
           "(kCalibrationGap, bench/harness.cpp: a collapse of one calibration, not clock drift) and are left out "
           "of every median, minimum and maximum below"]
    if rejected:
        out[-1] += ": " + ", ".join(f"`{n}` (before {float(b['cal_before']):.3f}, after {float(b['cal_after']):.3f})"
                                   for n, b in rejected[:12]) + (" ..." if len(rejected) > 12 else "")
    out[-1] += "."
    # TSC ticks count wall time: a repetition that lost the CPU to another process reads slow for it.
    # Rows timed apart from their own run (timed_apart: the search area's rounds) are left out.
    own = [b for r in rows.values() for b in r.kept if not b.get("timed_apart")]
    stolen = [(b["_row"], float(b["real_time"]) / float(b["cpu_time"])) for b in own
              if float(b.get("cpu_time", 0)) > 0 and float(b["real_time"]) > 1.05 * float(b["cpu_time"])]
    kept = len(own)
    if kept:
        out[-1] += (f" {len(stolen)} of the {kept} repetitions kept ran over 5 % longer in wall time than in CPU time "
                    "(the process was preempted: their ticks include the wait; the median over repetitions is "
                    "what absorbs them)")
        worst = sorted(stolen, key=lambda x: -x[1])[:5]
        out[-1] += (": worst " + ", ".join(f"`{n}` {x:.2f}x" for n, x in worst) if worst else "") + "."
    cal = rows.get("calibration/add_chain/200k")
    if cal and cal.counter("cycles_per_tick") and cal.counter("mean_cycles_per_tick"):
        med = calibration_range(rows)
        out[-1] += (f" The `calibration` row (median of 200k-add trials, the rows' own estimator) reads "
                    f"{cal.counter('cycles_per_tick'):.4f} against {med[1]:.4f} for the rows' median; the mean of its "
                    f"trials, {cal.counter('mean_cycles_per_tick'):.4f}, also counts the trials the scheduler or the "
                    "hypervisor interrupted (what the row reported before 2026-11-23's fix, about 4 % low).")
    return out + [""]


def header(run_dir, context, rows):
    machine = open(os.path.join(run_dir, "machine.txt")).read().strip()
    tsc = float(context.get("tsc_ghz", "nan"))
    out = [f"# sashite benchmark report: {os.path.basename(run_dir.rstrip('/'))}\n",
           f"**Machine:** {machine}  ",
           f"**Compiler:** {context.get('compiler', '?')}, flags `{context.get('cxx_flags', '?')}`  ",
           f"**TSC:** {tsc:.3f} GHz (measured against the steady clock).  "]
    cal = calibration_range(rows)
    if cal:
        lo, med, hi = cal
        out.append(f"**Calibration:** {med:.4f} core cycles per TSC tick (median over the run's benchmarks), "
                   f"from {lo:.4f} to {hi:.4f} over the run, i.e. the core ran at about {lo * tsc:.2f}-{hi * tsc:.2f} "
                   "GHz while the benchmarks ran.\n")
    out += calibration_checks(rows)
    two = any("cal_before" in b for r in rows.values() for b in r.reps)
    out.append(
        "The TSC counts at a constant rate, not core cycles, and this machine has no PMU (README Measurement conditions): every "
        "*cycles* figure is a run's TSC ticks times "
        + ("the mean of the two calibrations that run measured right before and right after its timed loop"
           if two else "the calibration that run measured right after its timed loop")
        + " (a dependent chain of 1-cycle `add`), so clock drift over the run does not leak into the figures. Rows are medians of interleaved repetitions (Google Benchmark random interleaving); "
        "*min-max* is the range over the repetitions, *cv* their coefficient of variation (**bold** above 5 %: too "
        "noisy to trust the ratio); *ratio* divides by the baseline variant of the area (named above each table) for "
        "the same case, in this same run; *cal before / after* are the row's median calibrations (*cal* alone in "
        "runs made before 2026-11-23's harness change), with the repetitions left out for disagreeing calibrations "
        "in brackets. Rows of variant `aa` (and variants that run "
        "the baseline's own configuration under another name) are **A/A**: the baseline measured again, "
        "interleaved with the rest, so their ratio is the noise floor of the area's ratios. *beyond A/A*: a ratio "
        "counts as a difference only when |ratio - 1| exceeds the A/A row's |ratio - 1| for the same case (the "
        "area's largest A/A deviation when that case has none) plus the spread, the larger of the two rows' "
        "half min-max ranges relative to their medians, and the ratio of the two rows' minima exceeds that bound "
        "too, on the same side (a preemption only ever adds ticks: it can drag a median, not a minimum, away). "
        "A *paired* ratio (the `search` area) is not a ratio of two medians: the rows were timed together, "
        "each search beside the baseline's search of the same position, and the ratio is the median of those "
        "pairs' ratios, its min - max over the repetitions after it; its spread is that range alone.\n")
    return out


def variant_of(name, baselines):
    parts = name.split("/")
    if parts[0] not in baselines or baselines[parts[0]][1] >= len(parts):
        return None
    return parts[baselines[parts[0]][1]]


def is_aa(name, baselines, context):
    variant = variant_of(name, baselines)
    aliases = dict(e.split("=", 1) for e in context.get("baseline_aliases", "").split(";") if "=" in e)
    return variant is not None and (variant == context.get("aa_variant", "aa") or
                                    aliases.get(name.split("/", 1)[0]) == variant)


def ratio_of(rows, name, baselines):
    base = baseline_name(name, baselines)
    if base is None or base == name or base not in rows:
        return None
    if rows[name].paired() is not None:
        return rows[name].paired()
    v, bv = rows[name].metric()[0], rows[base].metric()[0]
    return v / bv if v is not None and bv else None


def noise_test(rows, names, baselines, context):
    """name -> (ratio, allowed deviation, beyond?) for the area's contenders; the A/A rows' ratios."""
    aa = {n: ratio_of(rows, n, baselines) for n in names if is_aa(n, baselines, context)}
    aa = {n: r for n, r in aa.items() if r is not None}
    if not aa:
        return {}, aa
    aa_by_base = {}
    for n, r in aa.items():
        b = baseline_name(n, baselines)
        aa_by_base[b] = max(aa_by_base.get(b, 0), abs(r - 1))
    widest = max(abs(r - 1) for r in aa.values())
    verdict = {}
    for n in names:
        r = ratio_of(rows, n, baselines)
        if r is None or n in aa:
            continue
        base = baseline_name(n, baselines)
        if rows[n].paired() is not None:  # the spread of the paired ratio itself: the baseline's is in it
            lo, hi = rows[n].paired("min"), rows[n].paired("max")
            allowed = aa_by_base.get(base, widest) + (hi - lo) / (2 * r)
            verdict[n] = (r, allowed, abs(r - 1) > allowed)
            continue
        spreads = [s for s in (rows[n].half_range(), rows[base].half_range()) if s is not None]
        allowed = aa_by_base.get(base, widest) + (max(spreads) if spreads else 0)
        # The minima must agree: a disturbance only adds ticks, so a median that two preempted
        # repetitions out of three dragged up moves while the minimum does not.
        lo, base_lo = rows[n].metric("min")[0], rows[base].metric("min")[0]
        r_min = lo / base_lo if lo is not None and base_lo else r
        beyond = abs(r - 1) > allowed and abs(r_min - 1) > allowed and (r > 1) == (r_min > 1)
        verdict[n] = (r, allowed, beyond)
    return verdict, aa


def area_tables(run_dir, rows, baselines, context):
    out = []
    areas = OrderedDict()
    for name in rows:
        areas.setdefault(name.split("/", 1)[0], []).append(name)
    extra_counters = ["leaves/s", "moves/node", "moves/call", "superior"]
    for area, names in areas.items():
        out.append(f"## {area}\n")
        verdict, aa = noise_test(rows, names, baselines, context)
        if area in baselines:
            variant, k = baselines[area]
            where = "" if k == 1 else f" (name component {k + 1}: each row against the row that differs only there)"
            out.append(f"Baseline variant: `{variant}`{where}.\n")
        if aa:
            beyond = [n for n, v in verdict.items() if v[2]]
            out.append("**A/A** (the baseline against itself, interleaved): "
                       + ", ".join(f"`{n}` {r:.3f}" for n, r in aa.items())
                       + f"; largest deviation {pct(max(abs(r - 1) for r in aa.values()))}. "
                       + (f"Beyond the A/A deviation + spread: {len(beyond)} of {len(verdict)} ratios"
                          + (": " + ", ".join(f"`{n}` {verdict[n][0]:.3f}" for n in beyond) if beyond else "")
                          + "." if verdict else "No other variant to judge.") + "\n")
        out.append("| benchmark | median | unit | min - max | cv | ratio | beyond A/A | ns/op | TSC ticks/op "
                   "| cal before / after | other |")
        out.append("|---|---:|---|---:|---:|---:|---|---:|---:|---:|---|")
        chart = []
        for name in names:
            r = rows[name]
            value, unit = r.metric()
            lo, hi = r.metric("min")[0], r.metric("max")[0]
            cv = r.metric("cv")[0] if ("cv" in r.runs or r.reps) else None
            cvs = "-" if cv is None else (f"**{pct(cv)}**" if cv > NOISY_CV else pct(cv))
            base = baseline_name(name, baselines)
            ratio = "-"
            if base == name:
                ratio = "1.000 (baseline)"
            elif base in rows and value is not None:
                bv, _ = rows[base].metric()
                rr = r.paired() if r.paired() is not None else (value / bv if bv else None)
                if rr is not None:
                    ratio = f"{rr:.3f}" + (" (A/A)" if is_aa(name, baselines, context) else "")
                    if r.paired() is not None:
                        ratio += f" paired, {r.paired('min'):.3f} - {r.paired('max'):.3f}"
            judged = "-"
            if name in verdict:
                rr, allowed, out_of_noise = verdict[name]
                judged = f"{'**yes**' if out_of_noise else 'no'} (±{pct(allowed)})"
            cal = "-"
            if r.counter("cal_before") is not None:
                cal = f"{fmt(r.counter('cal_before'), 3)} / {fmt(r.counter('cal_after'), 3)}"
                if r.rejected:
                    cal += f" ({r.rejected} left out)"
            elif r.counter("cal") is not None:
                cal = fmt(r.counter("cal"), 4)
            other = ", ".join(f"{k} {fmt(r.counter(k))}" for k in extra_counters if r.counter(k) is not None)
            out.append(f"| `{name}` | {fmt(value)} | {unit} | {fmt(lo)} - {fmt(hi)} | {cvs} | {ratio} | {judged} | "
                       f"{fmt(r.counter('ns/op'))} | {fmt(r.counter('tsc/op'))} | {cal} | {other} |")
            if value is not None:
                chart.append((name.split("/", 1)[1], value, lo if lo is not None else value, hi if hi is not None else value))
        svg = os.path.join(run_dir, f"{area}.svg")
        if chart and svg_chart(area, rows[names[0]].metric()[1], chart, svg):
            out.append(f"\n![{area}]({area}.svg)\n")
        else:
            out.append("")
    return out


def read_tsv(path):
    if not os.path.exists(path):
        return None
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def number(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return None


def dirty_flags_answers(run_dir, context, rows):
    """The questions of the dirty-flag issue, answered from this run's figures."""
    kernels = []
    for name in rows:
        parts = name.split("/")
        if parts[0] == "dirty_flags" and parts[1] not in kernels and parts[1] != context.get("aa_variant", "aa"):
            kernels.append(parts[1])
    if not kernels:
        return []

    def cyc(kernel, case):
        r = rows.get(f"dirty_flags/{kernel}/{case}")
        return r.cycles if r else None

    out = ["## Dirty flags: answers\n",
           "Cycles per call of every kernel (`dirty_flags/<kernel>/<set>/<pieces>`): 22 = the attack-word pieces, "
           "40 = plus the pawn table, i.e. the whole mask do_move needs. `walk` is every legal move of 64 random-walk "
           "positions, `start` and `matsuri` the positions of movegen_full/reference.h. Calls run back to back and independent, "
           "so a figure is the throughput of a stream of calls (as inside do_move, where the mask feeds only later "
           "work), not the latency of one call alone.\n",
           "| kernel | walk/22 | per piece | walk/40 | per piece | start/40 | matsuri/40 | M calls/s (walk/40) |",
           "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for k in kernels:
        c22, c40 = cyc(k, "walk/22"), cyc(k, "walk/40")
        ns40 = rows.get(f"dirty_flags/{k}/walk/40")
        rate = 1e3 / ns40.counter("ns/op") if ns40 and ns40.counter("ns/op") else None
        out.append(f"| `{k}` | {fmt(c22)} | {fmt(c22 / 22 if c22 else None)} | {fmt(c40)} | "
                   f"{fmt(c40 / 40 if c40 else None)} | {fmt(cyc(k, 'start/40'))} | {fmt(cyc(k, 'matsuri/40'))} | {fmt(rate, 1)} |")
    measured40 = {k: cyc(k, "walk/40") for k in kernels if cyc(k, "walk/40") is not None}
    measured22 = {k: cyc(k, "walk/22") for k in kernels if cyc(k, "walk/22") is not None}
    best40 = min(measured40, key=measured40.get) if measured40 else None
    best22 = min(measured22, key=measured22.get) if measured22 else None
    out.append("")
    out += inverted_piece_counts(rows, measured22, measured40)
    if best22:
        out.append(f"Fastest for 22 pieces: `{best22}`, {fmt(measured22[best22])} cycles per call "
                   f"({fmt(measured22[best22] / 22)} per piece).  ")
    if best40:
        out.append(f"Fastest for 40 pieces: `{best40}`, {fmt(measured40[best40])} cycles per call "
                   f"({fmt(measured40[best40] / 40)} per piece).\n")

    # Target of the issue.
    if best40:
        met = measured40[best40] <= TARGET_CYCLES_40
        out.append(f"**Target** (the full 40-piece mask in <= {TARGET_CYCLES_40:.0f} core cycles with the best kernel): "
                   f"{'met' if met else 'not met'}: `{best40}` takes {fmt(measured40[best40])} cycles, "
                   f"{fmt(measured40[best40] / TARGET_CYCLES_40, 3)} times the target.\n")

    # Share of a whole do_move.
    do_diff = rows.get("do_move/diff/walk")
    if best40 and do_diff and do_diff.cycles:
        d = do_diff.cycles
        used = context.get("do_move_diff_kernel")
        line = (f"**Share of do_move:** a whole DiffPosition do_move (`do_move/diff/walk`, do_move alone, its attack-set "
                f"updates included) takes {fmt(d)} cycles; the fastest 40-piece kernel (`{best40}`, "
                f"{fmt(measured40[best40])} cycles) is {pct(measured40[best40] / d)} of it.")
        if used and used in measured40 and used != best40:
            line += f" The kernel DiffPosition uses in this build, `{used}`, is {pct(measured40[used] / d)} of it."
        elif used:
            line += f" DiffPosition uses `{used}` in this build."
        do_full = rows.get("do_move/full/walk")
        if do_full and do_full.cycles:
            line += (f" The full generator's do_move (`do_move/full/walk`) takes {fmt(do_full.cycles)} cycles: "
                     f"differential bookkeeping adds {fmt(d - do_full.cycles)} cycles per move.")
        out.append(line + "\n")

    out += seed_claim(run_dir, context, rows, measured22, measured40)
    out += cpp_asm(run_dir)
    out += models(run_dir)
    return out


def mca_table(run_dir):
    """body -> cpu -> (throughput, latency)."""
    rows = read_tsv(os.path.join(run_dir, "dirty_flags_mca.tsv"))
    if rows is None:
        return None
    table = OrderedDict()
    for r in rows:
        table.setdefault(r["body"], {"instructions": r["instructions"], "loop": r["loop"] == "1"})[r["cpu"]] = (
            number(r["throughput"]), number(r["latency"]))
    return table


def seed_claim(run_dir, context, rows, measured22, measured40):
    lo, hi = SEED_CYCLES_40
    out = [f"**LS3600's claim (differential generation, 2009):** {lo:.0f}-{hi:.0f} cycles for 40 pieces with `mov/and/neg/sbb/lea`, about "
           f"{SEED_CYCLES_PER_PIECE} cycles per piece on a Core 2, {SEED_UPDATES_PER_S / 1e6:.0f} M updates/s at "
           f"{SEED_GHZ} GHz (= {SEED_GHZ * 1e9 / SEED_UPDATES_PER_S:.0f} cycles per update).\n"]
    mca = mca_table(run_dir)
    if mca:
        out.append("Against llvm-mca's models of LS3600's own 40-step loop (`jit_sbb_lea_kernel40`, the xbyak "
                   "bytes; LLVM 14 has no Core 2 model, its `core2` is Sandy Bridge, so `sandybridge` stands in "
                   "for Core 2). *Back to back* = cycles per call with calls overlapping (-iterations=100), "
                   "*alone* = one call from first dispatch to last retirement (-iterations=1):\n")
        out.append(f"| model | form | back to back | per piece | alone | per piece | against {lo:.0f}-{hi:.0f} |")
        out.append("|---|---|---:|---:|---:|---:|---|")

        def against(x):
            return "within" if lo <= x <= hi else ("below" if x < lo else "above")

        for cpu in ("sandybridge", "skylake", "znver3"):
            for body in ("jit_sbb_lea_kernel40", "jit_adc_kernel40"):
                thr, lat = mca.get(body, {}).get(cpu, (None, None))
                if thr is None or lat is None:
                    continue
                out.append(f"| {cpu} | `{body[len('jit_'):-len('_kernel40')]}` | {fmt(thr)} | {fmt(thr / 40)} | "
                           f"{fmt(lat, 0)} | {fmt(lat / 40)} | back to back {against(thr)}, alone {against(lat)} |")
        snb_sbb = mca.get("jit_sbb_lea_kernel40", {}).get("sandybridge")
        snb_adc = mca.get("jit_adc_kernel40", {}).get("sandybridge")
        if snb_sbb and snb_adc and None not in snb_sbb + snb_adc:
            def winner(a, s):
                return "`adc`" if a < s else "`sbb/lea`" if s < a else "neither"
            out.append(f"\nOn Sandy Bridge `adc r,r` is 2 uops with a 2-cycle latency and it is the accumulator chain: "
                       f"one call alone costs at least 2 x 40 = 80 cycles of chain, where `sbb/lea` has a 1-cycle `lea` "
                       f"on its chain and pays its extra instruction in throughput only. The model: one call alone, "
                       f"`adc` {fmt(snb_adc[1], 0)} against `sbb/lea` {fmt(snb_sbb[1], 0)} cycles "
                       f"({winner(snb_adc[1], snb_sbb[1])} faster); back to back, where the calls overlap and only "
                       f"uops count, `adc` {fmt(snb_adc[0])} against `sbb/lea` {fmt(snb_sbb[0])} "
                       f"({winner(snb_adc[0], snb_sbb[0])} faster). That is why the 4-instruction form need not be the "
                       "faster one there.\n")
    else:
        out.append("(No llvm-mca models in this run: scripts/dirty_flags_models.sh was not run.)\n")
    # This machine.
    sbb = [k for k in ("jit_sbb_lea", "sbb_lea_asm") if k in measured22]
    line = ""
    if sbb:
        k = sbb[0]
        per_piece = measured22[k] / 22
        line = (f"On this machine LS3600's sequence (`{k}`, 22 words) takes {fmt(measured22[k])} cycles per call, "
                f"{fmt(per_piece)} per piece ({fmt(per_piece / SEED_CYCLES_PER_PIECE, 2)} times LS3600's Core 2 "
                f"figure per piece); at that rate its 40-step loop would take {fmt(40 * per_piece)} cycles, against "
                f"{lo:.0f}-{hi:.0f} claimed.")
        if k in measured40:
            line += f" With the pawn table instead of 18 more steps the full mask takes {fmt(measured40[k])} cycles."
    if measured40:
        best = min(measured40, key=measured40.get)
        r = rows[f"dirty_flags/{best}/walk/40"]
        rate = 1e9 / r.counter("ns/op") if r.counter("ns/op") else None
        if rate:
            line += (f" The fastest 40-piece kernel, `{best}`, computes {fmt(rate / 1e6, 1)} M masks/s here, "
                     f"{fmt(rate / SEED_UPDATES_PER_S, 1)} times LS3600's {SEED_UPDATES_PER_S / 1e6:.0f} M updates/s.")
    return out + [line.strip() + "\n"] if line else out


def cpp_asm(run_dir):
    path = os.path.join(run_dir, "asm", "compiled_cpp_kernel22.s")
    out = ["### The plain C++ kernel as compiled\n"]
    if not exists(path):
        return out + ["(No asm in this run: scripts/dirty_flags_models.sh writes it.)\n"]
    with open_text(path) as f:  # the listing, or its .xz once committed
        text = [l for l in f.read().splitlines() if not l.startswith(".")]
    out.append("`cpp` (dbb/kernels/cpp_branchless.h), disassembled by `dirty_asm` from an out-of-line copy compiled "
               "with the same flags. The benchmark inlines the body into its loop instead: not these bytes, and in "
               "the GCC 12 build examined the same instructions with other registers and placement.\n")
    out.append("```asm\n" + "\n".join(text) + "\n```\n")
    is_loop = any(l.split()[0].startswith("j") for l in text if l.split())
    out.append(f"{len(text)} instructions: " + ("the compiler kept the 22 steps as a loop, one pass per piece, so a "
                                                 "call also runs 22 loop branches." if is_loop else
                                                 "straight-line code, no loop."))
    out.append("\n")
    return out


def inverted_piece_counts(rows, measured22, measured40):
    """Kernels whose 22-piece median exceeds their 40-piece one: say so, and whether the minima agree."""
    inverted = [k for k in measured22 if k in measured40 and measured22[k] > measured40[k]]
    if not inverted:
        return []

    def lowest(k, case):
        return rows[f"dirty_flags/{k}/walk/{case}"].metric("min")[0]

    cases = ", ".join(f"`{k}` {fmt(measured22[k])} against {fmt(measured40[k])} (minima {fmt(lowest(k, 22))} and "
                      f"{fmt(lowest(k, 40))})" for k in inverted)
    text = (f"Slower with 22 pieces than with 40 in this run: {cases}. A 40-piece call is the 22-piece work plus two "
            "loads and two ORs (`dirty40` in dbb/dirty_kernel.h), so this is not work.")
    steady = [k for k in inverted if lowest(k, 22) > lowest(k, 40)]
    noisy = [k for k in inverted if k not in steady]
    if steady:
        text += (f" For {', '.join(f'`{k}`' for k in steady)} the minima are inverted too, so it is the code around "
                 "the kernel: each case is a separate benchmark function with its own copy of the calling loop")
        if any(not k.startswith("jit_") for k in steady):
            text += (" and, for a compiled kernel, its own inlined copy of the body (in the GCC 12 `-O3 -march=native` "
                     "build examined the same instructions with other registers, loop rotation and alignment)")
        text += "; a JIT kernel runs the very same generated code in both." if any(
            k.startswith("jit_") for k in steady) else "."
    if noisy:
        text += (f" For {', '.join(f'`{k}`' for k in noisy)} the minima are in order: the medians are the noise of a "
                 "shared machine.")
    return [text + "\n"]


def models(run_dir):
    out = []
    counts = read_tsv(os.path.join(run_dir, "dirty_flags_counts.tsv"))
    if counts:
        by = OrderedDict()
        loop = {}
        for r in counts:
            if r["kernel"] == "loop":
                loop[r["pieces"]] = r["instructions"]
            else:
                by.setdefault(r["kernel"], {})[r["pieces"]] = r["instructions"]
        out.append("### Instructions per call (callgrind)\n")
        out.append("callgrind on `dirty_count` (portable x86-64-v3 build) over the walk inputs, "
                   "`(Ir(2N) - Ir(N)) / N`, minus the empty loop "
                   f"({loop.get('22', '?')} instructions per call with 22 pieces, {loop.get('40', '?')} with 40). "
                   "n/a: kernels that need AVX-512 cannot run under valgrind.\n")
        out.append("| kernel | 22 pieces | 40 pieces |")
        out.append("|---|---:|---:|")
        for k, v in by.items():
            out.append(f"| `{k}` | {v.get('22', '-')} | {v.get('40', '-')} |")
        out.append("")
    mca = mca_table(run_dir)
    if mca:
        cpus = [c for c in ("sandybridge", "skylake", "znver3", "skylake-avx512")
                if any(c in v for v in mca.values())]
        out.append("### llvm-mca models of every body\n")
        out.append("Bodies written by `dirty_asm` to `asm/`: `jit_*` are the xbyak kernels' own bytes, `compiled_*` "
                   "out-of-line copies of the compiled bodies; `*_piece` is one piece, `*_kernel22` a whole 22-piece "
                   "call, `*_kernel40` LS3600's 40-step loop. Each cell: cycles per call back to back "
                   "(-iterations=100, calls overlap) / cycles of one call alone (-iterations=1). A compiler loop "
                   "(marked) is modelled as straight-line code, one pass = one piece, so its figures are per piece "
                   "and its latency is not a call's. `sandybridge` stands in for Core 2 (LLVM 14 has none).\n")
        out.append("| body | instructions | " + " | ".join(cpus) + " |")
        out.append("|---|---:|" + "---:|" * len(cpus))
        for body, v in mca.items():
            cells = []
            for c in cpus:
                thr, lat = v.get(c, (None, None))
                cells.append("n/a" if thr is None else f"{fmt(thr)} / {fmt(lat, 0)}")
            label = f"`{body}`" + (" (loop)" if v["loop"] else "")
            out.append(f"| {label} | {v['instructions']} | " + " | ".join(cells) + " |")
        out.append("")
    return out


def default_search_row(rows):
    """The engine's default configuration's search row, whatever its limit (/d6 until 2026-11-29, then /n250k)."""
    return next((n for n in rows if n.startswith("search/full/padded32-xor/classic/")), None)


def differential_answers(rows):
    """The differential-generation issue's questions, answered from this run's figures."""
    def cyc(name):
        r = rows.get(name)
        return r.cycles if r else None

    full, diff = cyc("search_node/full/walk64"), cyc("search_node/diff/walk64")
    if full is None or diff is None:
        return []
    speedup = full / diff
    out = ["## Differential generation: answers\n",
           f"Search-like workload (`search_node/*/walk64`: do_move + generate(Legal) + undo_move for every child of "
           f"64 random-walk positions): full {fmt(full)} cycles per node, differential {fmt(diff)}: the differential "
           f"generator is **{speedup:.2f}x** as fast on this workload (target 1.25x: "
           f"{'met' if speedup >= 1.25 else 'not met'} by this figure). This per-node figure is a **favourable bound** "
           "for the differential generator, not what a search would see: the workload expands one ply below fixed, "
           "pre-warmed roots, so the stale lists a child inherits from its parent are rebuilt once and that cost is "
           "charged to the root, outside the timed nodes; in an alpha-beta search, where cut nodes return after a "
           "move or two, almost every node would pay that rebuild.\n"]
    perft = []
    for name in rows:
        parts = name.split("/")
        if parts[:2] == ["perft", "diff"]:
            f = cyc("perft/full/" + "/".join(parts[2:]))
            if f is not None and rows[name].cycles:
                perft.append(f"{'/'.join(parts[2:])} {f / rows[name].cycles:.2f}x")
    if perft:
        out.append("Perft through the differential generator (LegalAll cache, bulk-counted last ply), speed-up over "
                   "the full generator: " + ", ".join(perft) + ".\n")

    phase = {k: cyc("node_phase/" + k) for k in
             ("full/do_undo", "full/board", "diff/do_undo", "diff/kernel", "diff/sync", "diff/refresh", "diff/copy")}
    if all(v is not None for v in phase.values()):
        def d(a, b):
            return a - b

        base = phase["full/do_undo"]
        table = [
            ("do_move + undo_move of the position (board, keys, check info)", base, base),
            ("piece ids in do/undo (the attack store waits for sync)", None, d(phase["diff/do_undo"], base)),
            ("sync: dirty mask (kernel)", None, phase["diff/kernel"]),
            ("sync: attack update, stale marking",
             None, d(phase["diff/sync"], phase["diff/do_undo"]) - phase["diff/kernel"]),
            ("non-king board moves: full generation / regeneration of stale lists",
             d(phase["full/board"], base), d(phase["diff/refresh"], phase["diff/sync"])),
            ("serialisation of the cached lists", None, d(phase["diff/copy"], phase["diff/refresh"])),
            ("never cached: king moves, drops, pinned pieces; evasions when in check",
             d(full, phase["full/board"]), d(diff, phase["diff/copy"])),
        ]
        out += ["Where the cycles of a node go: each phase is the difference between two benchmarks that stop the "
                "node after successive phases (`node_phase/*`), medians of the same run, so the rows are estimates "
                "that add up to the whole node exactly but can each be off by the runs' noise.\n",
                "| phase | full | diff |", "|---|---:|---:|"]
        for label, f, dv in table:
            out.append(f"| {label} | {fmt(f)} | {fmt(dv)} |")
        out.append(f"| **whole node** | **{fmt(full)}** | **{fmt(diff)}** |\n")
    if "search_node/aa/walk64" in rows and rows["search_node/aa/walk64"].cycles:
        out.append(f"A/A on that workload (`search_node/aa/walk64`, the full generator again): "
                   f"{rows['search_node/aa/walk64'].cycles / full:.3f}x the full generator's cycles, the noise "
                   "floor of the speed-up above.\n")
    do_full, do_diff = cyc("do_move/full/walk"), cyc("do_move/diff/walk")
    if do_full and do_diff:
        out.append(f"do_move alone (`do_move/*/walk`): full {fmt(do_full)} cycles, differential {fmt(do_diff)} "
                   f"(+{fmt(do_diff - do_full)}: the piece ids every node pays; the attack store is brought up to "
                   "date by sync() at the first generation, `node_phase/diff/sync`).\n")
    full_row = default_search_row(rows)
    diff_row = full_row and full_row.replace("search/full/", "search/diff/", 1)
    aa_row = full_row and full_row.replace("search/full/", "search/aa/", 1)
    if full_row and diff_row in rows and rows[diff_row].paired() is not None:
        r, lo, hi = rows[diff_row].paired(), rows[diff_row].paired("min"), rows[diff_row].paired("max")
        aa = rows[aa_row].paired() if aa_row in rows else None
        out.append(f"**In the real search** (`{diff_row}`: the engine's default configuration with the differential "
                   f"generator, each search timed beside the full generator's of the same position, same tree): "
                   f"**{r:.3f}x** the full generator's cycles per node (repetitions {lo:.3f}-{hi:.3f}"
                   + (f"; A/A {aa:.3f}" if aa is not None else "") + "). The search asks for captures, quiets, drops "
                   "and evasions by stage; the engine's differential build serves them all from the full generator, "
                   "the choice the replay below measured, and pays only its piece ids.\n")
    out += replay_answers(rows)
    out.append("Fallbacks to the full generator: a differential position caches one complete move set (Legal or "
               "LegalAll); in check it calls the full generator, and for the search's categories it calls either "
               "the full generator or, where its `Kept` mask says so, the full generator's code with every slider's "
               "attacks read from the kept store. King moves, drops and pinned pieces are produced per node.\n")
    return out


REPLAY_CASES = ("moves", "captures", "quiets", "drops", "evasions", "quiet_checks", "all")
REPLAY_VARIANTS = ("full", "diff", "diff_kept", "diff_kept_evasions")


def replay_answers(rows):
    """node_replay/*: the search's own node sequence replayed, per category and variant."""
    def cyc(name):
        r = rows.get(name)
        return r.cycles if r else None

    got = {(v, c): cyc(f"node_replay/{v}/{c}") for v in REPLAY_VARIANTS for c in REPLAY_CASES}
    if got[("full", "all")] is None or got[("full", "moves")] is None:
        return []
    out = ["**The search's own node sequence** (`node_replay/*`: a depth-6 search of the bench positions, "
           "recorded with every make, unmake and generation request, replayed on each position type without the "
           "search around it; cycles per node, a node being one make). Each category's row minus `moves` is what "
           "the search's requests for it cost per node; `diff` is the engine's build (every category from the "
           "full generator), `diff_kept` serves captures and quiets from the kept attack sets after a lazy "
           "sync(), `diff_kept_evasions` evasions too.\n",
           "| requests replayed | " + " | ".join(REPLAY_VARIANTS) + " |", "|---|" + "---:|" * len(REPLAY_VARIANTS)]
    for c in REPLAY_CASES:
        cells = []
        for v in REPLAY_VARIANTS:
            x, m = got[(v, c)], got[(v, "moves")]
            cells.append("-" if x is None else fmt(x) if c == "moves" or m is None else f"{fmt(x)} (+{fmt(x - m)})")
        out.append(f"| {c} | " + " | ".join(cells) + " |")
    sync = cyc("node_replay/diff_kept/sync")
    if sync is not None and got[("diff_kept", "moves")] is not None:
        out.append(f"| sync only, where the search generates | - | - | {fmt(sync)} "
                   f"(+{fmt(sync - got[('diff_kept', 'moves')])}) | - |")
    aa = cyc("node_replay/aa/all")
    out.append("")
    if aa:
        out.append(f"A/A: `node_replay/aa/all` is {aa / got[('full', 'all')]:.3f}x `node_replay/full/all`.\n")
    search_row = default_search_row(rows)
    search_full = cyc(search_row) if search_row else None
    if search_full:
        position = got[("full", "all")]
        out.append(f"**How much any generator can gain in this search:** the position's whole work (makes, "
                   f"unmakes and every generation request) is {fmt(position)} of the full build's {fmt(search_full)} "
                   f"cycles per search node ({100 * position / search_full:.0f} %, `{search_row}`; the replay's "
                   "trace is the depth-6 search of the same positions). A generator and a position that cost nothing would "
                   f"make the search at most **{search_full / (search_full - position):.2f}x** as fast; the rest "
                   "is evaluation, the TT, move ordering, SEE and the search itself.\n")
    return out


def compilers_round(path):
    """compilers/<cc>-<round>.json[.xz] -> (cc, round)."""
    return os.path.basename(path).removesuffix(".xz").removesuffix(".json").rsplit("-", 1)


def compilers_section(run_dir):
    """g++ against clang++ from the rounds scripts/bench.sh alternated (compilers/<cc>-<round>.json)."""
    # <cc>-<round>.json as the run writes them, .json.xz once committed (a rerun into the same
    # folder, SASHITE_BENCH_OVERWRITE, may hold both: the plain one is the new one).
    files = sorted({p.removesuffix(".xz") for p in glob.glob(os.path.join(run_dir, "compilers", "*-*.json*"))
                    if p.endswith((".json", ".json.xz"))})
    if not files:
        return []
    samples = {}  # (compiler, name) -> [(round, cycles/op)] of repetitions whose calibrations agreed
    version, left_out = {}, 0
    for path in files:
        cc, rnd = compilers_round(path)
        with open_text(path) as f:
            data = json.load(f)
        version[cc] = data["context"].get("compiler", cc)
        for b in data["benchmarks"]:
            if b.get("run_type") != "iteration" or b.get("error_occurred") or "cycles/op" not in b:
                continue
            if b.get("cal_rejected"):
                left_out += 1
                continue
            samples.setdefault((cc, RUN_NAME_SUFFIX.sub("", b["run_name"])), []).append((rnd, float(b["cycles/op"])))
    names = sorted({n for _, n in samples}, key=lambda n: (not n.startswith("perft"), n))
    if "gcc" not in version or "clang" not in version:
        return []
    rounds = len({compilers_round(p)[1] for p in files})
    out = ["## g++ vs clang++\n",
           f"The same sources and flags built by {version['gcc']} and by {version['clang']}; the two bench processes "
           f"alternated over {rounds} rounds (which one ran first alternated too), repetitions pooled, "
           f"{left_out} left out for disagreeing calibrations. *medians* and *min - max* pool every round; *ratio* = g++ "
           "cycles / clang++ cycles (above 1: clang++ faster), the median of the ratios computed round by round (each "
           "from two processes that ran back to back, so the machine's drift between rounds cancels); *round ratios* "
           "is their range, the spread: a *verdict* needs every round on the same side of 1.\n",
           "| benchmark | g++ median | g++ min - max | clang++ median | clang++ min - max | ratio | round ratios | verdict |",
           "|---|---:|---:|---:|---:|---:|---:|---|"]
    ratios = []
    for n in names:
        g, c = samples.get(("gcc", n)), samples.get(("clang", n))
        if not g or not c:
            continue
        gm, cm = statistics.median(v for _, v in g), statistics.median(v for _, v in c)
        per_round = []
        for rnd in sorted({r for r, _ in g} & {r for r, _ in c}):
            per_round.append(statistics.median(v for r, v in g if r == rnd) / statistics.median(v for r, v in c if r == rnd))
        lo, hi = min(per_round), max(per_round)
        verdict = "clang++ faster" if lo > 1 else "g++ faster" if hi < 1 else "no consistent difference"
        ratios.append((n, statistics.median(per_round), lo, hi))
        out.append(f"| `{n}` | {fmt(gm)} | {fmt(min(v for _, v in g))} - {fmt(max(v for _, v in g))} | {fmt(cm)} | "
                   f"{fmt(min(v for _, v in c))} - {fmt(max(v for _, v in c))} | {ratios[-1][1]:.3f} | {lo:.3f} - {hi:.3f} | "
                   f"{verdict} |")
    if ratios:
        clang_wins = [n for n, _, lo, _ in ratios if lo > 1]
        gcc_wins = [n for n, _, _, hi in ratios if hi < 1]
        mid = statistics.median(r for _, r, _, _ in ratios)
        out.append(f"\nYaneuraOu's authors found clang 15-20 % faster than GCC on their engine. On these rows the "
                   f"median ratio is {mid:.3f}: clang++ is {pct(abs(mid - 1))} {'faster' if mid > 1 else 'slower'} "
                   f"across them; every round agrees on clang++ for {len(clang_wins)} of {len(ratios)} rows and on "
                   f"g++ for {len(gcc_wins)}. "
                   + ("A gain of that order shows here." if mid >= 1.15 else
                      "A smaller gain than that shows here." if mid >= 1.05 and len(clang_wins) > len(ratios) / 2 else
                      "The 15-20 % gain does not show here.") + "\n")
    time_txt = os.path.join(run_dir, "compilers", "time.txt")
    if os.path.exists(time_txt):
        out.append(f"Cost of this section in scripts/bench.sh: {open(time_txt).read().strip()}.\n")
    return out


def main():
    run_dir = sys.argv[1]
    context, rows = load_runs(os.path.join(run_dir, "bench.json"))
    baselines = parse_baselines(context)
    out = header(run_dir, context, rows)
    out += dirty_flags_answers(run_dir, context, rows)
    out += differential_answers(rows)
    out += compilers_section(run_dir)
    verdicts = {}
    for area in OrderedDict.fromkeys(n.split("/", 1)[0] for n in rows):
        verdicts.update(noise_test(rows, [n for n in rows if n.split("/", 1)[0] == area], baselines, context)[0])
    out += elo_worth.section(rows, verdicts, os.path.dirname(os.path.abspath(run_dir.rstrip("/"))))
    out += area_tables(run_dir, rows, baselines, context)
    for extra in sorted(os.listdir(run_dir)):
        if extra.endswith(".md") and extra != "report.md":
            out.append(open(os.path.join(run_dir, extra)).read().rstrip() + "\n")
    with open(os.path.join(run_dir, "report.md"), "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"wrote {os.path.join(run_dir, 'report.md')}")


if __name__ == "__main__":
    main()
