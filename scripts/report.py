#!/usr/bin/env python3
"""Turns one `bench` JSON run into results/<run>/report.md and one SVG bar chart per area.

Usage: report.py <run-dir>   (reads <run-dir>/bench.json, machine.txt, optional *.md extras)

Every figure in the report comes from that one run: medians over interleaved repetitions,
ratios against the area's baseline variant measured in the same run.
"""
import json
import os
import subprocess
import sys
from collections import OrderedDict


def load_runs(path):
    with open(path) as f:
        data = json.load(f)
    rows = OrderedDict()  # name -> {median:..., cv:..., counters}
    for b in data["benchmarks"]:
        name = b["run_name"].split("/iterations:")[0].split("/real_time")[0].split("/repeats:")[0]
        kind = b.get("aggregate_name") if b.get("run_type") == "aggregate" else "single"
        if b.get("error_occurred"):
            continue
        row = rows.setdefault(name, {})
        if kind in ("median", "cv", "min", "max") or (kind == "single" and b.get("repetitions", 1) <= 1):
            row[kind if kind != "single" else "median"] = b
    return data["context"], rows


def metric(b):
    """The figure a row is judged by: core cycles per op when the benchmark has them."""
    if b is None:
        return None, ""
    for key in ("cycles/op", "cycles_per_tick"):
        if key in b:
            return float(b[key]), "cycles" if key == "cycles/op" else "cycles/tick"
    return float(b["real_time"]), b.get("time_unit", "ns")


def fmt(x, digits=2):
    if x is None:
        return "-"
    if abs(x) >= 1e6:
        return f"{x / 1e6:,.1f} M"
    return f"{x:,.{digits}f}"


BASELINES = {}


def baseline_name(name, rows):
    area, variant, rest = (name.split("/", 2) + ["", ""])[:3]
    # The harness records each area's baseline variant in the run's context.
    if area in BASELINES:
        return f"{area}/{BASELINES[area]}/{rest}"
    return None


def svg_chart(area, items, out_svg):
    """Horizontal bars of the median figure per benchmark, rendered by gnuplot."""
    dat = out_svg[:-4] + ".dat"
    with open(dat, "w") as f:
        for label, value, _unit in items:
            f.write(f'"{label}" {value}\n')
    height = 120 + 22 * len(items)
    unit = items[0][2] if items else ""
    script = f"""
set terminal svg size 900,{height} dynamic font 'sans,11' background '#ffffff'
set output '{out_svg}'
set title '{area}: median {unit} per op (lower is better)'
set style fill solid 0.8
set boxwidth 0.6
set yrange [-0.5:{len(items) - 0.5}]
set xrange [0:*]
set ytics nomirror
set grid xtics
unset key
set lmargin 44
plot '{dat}' using 2:0:(0):2:($0-0.3):($0+0.3):yticlabels(1) with boxxyerror lc rgb '#3a6ea5'
"""
    try:
        subprocess.run(["gnuplot"], input=script, text=True, check=True, capture_output=True)
        os.remove(dat)
        return True
    except (OSError, subprocess.CalledProcessError) as e:
        sys.stderr.write(f"gnuplot failed for {area}: {e}\n")
        return False


def main():
    run_dir = sys.argv[1]
    context, rows = load_runs(os.path.join(run_dir, "bench.json"))
    for pair in context.get("baselines", "").split(";"):
        if "=" in pair:
            area, variant = pair.split("=", 1)
            BASELINES[area] = variant
    rows = OrderedDict(sorted(rows.items()))  # interleaving shuffles the JSON: sort by name
    machine = open(os.path.join(run_dir, "machine.txt")).read().strip()
    cal = float(context.get("core_cycles_per_tsc_tick", "nan"))
    tsc = float(context.get("tsc_ghz", "nan"))
    out = []
    out.append(f"# sashite benchmark report: {os.path.basename(run_dir.rstrip('/'))}\n")
    out.append(f"**Machine:** {machine}  ")
    out.append(f"**Compiler:** {context.get('compiler', '?')}, flags `-O3 {context.get('arch_flags', '')}`  ")
    out.append(f"**TSC:** {tsc:.3f} GHz (measured against the steady clock).  ")
    out.append(f"**Calibration:** {cal:.4f} core cycles per TSC tick, i.e. the core ran at about "
               f"{cal * tsc:.2f} GHz during the run (dependent chain of 1-cycle `add`, measured in this run).\n")
    out.append("The TSC counts at a constant rate, not core cycles, and these machines have no PMU: "
               "every *cycles* figure below is TSC ticks times the calibration above. Each row is the "
               "median of interleaved repetitions (Google Benchmark random interleaving); *cv* is the "
               "coefficient of variation over the repetitions; *ratio* divides by the area's baseline "
               "variant (named in each table's heading) for the same case, in this same run.\n")

    areas = OrderedDict()
    for name, r in rows.items():
        areas.setdefault(name.split("/", 1)[0], []).append(name)

    extra_counters = ["leaves/s", "moves/call", "ops/s"]
    for area, names in areas.items():
        out.append(f"## {area}\n")
        if area in BASELINES:
            out.append(f"Baseline variant: `{BASELINES[area]}`.\n")
        out.append("| benchmark | median | unit | ns/op | cv | ratio vs baseline | other |")
        out.append("|---|---:|---|---:|---:|---:|---|")
        chart = []
        for name in names:
            r = rows[name]
            med = r.get("median")
            value, unit = metric(med)
            cv = r.get("cv")
            cvs = f"{100 * metric(cv)[0]:.1f} %" if cv else "-"
            base = baseline_name(name, rows)
            ratio = "-"
            if base in rows and base != name:
                bv, _ = metric(rows[base].get("median"))
                if bv:
                    ratio = f"{value / bv:.3f}"
            elif base == name:
                ratio = "1.000 (baseline)"
            other = ", ".join(f"{k} {fmt(float(med[k]))}" for k in extra_counters if med and k in med)
            ns = fmt(float(med["ns/op"])) if med and "ns/op" in med else "-"
            out.append(f"| `{name}` | {fmt(value)} | {unit} | {ns} | {cvs} | {ratio} | {other} |")
            if value is not None:
                chart.append((name.split("/", 1)[1], value, unit))
        svg = os.path.join(run_dir, f"{area}.svg")
        if chart and svg_chart(area, chart, svg):
            out.append(f"\n![{area}]({area}.svg)\n")
        else:
            out.append("")

    for extra in sorted(os.listdir(run_dir)):
        if extra.endswith(".md") and extra != "report.md":
            out.append(open(os.path.join(run_dir, extra)).read().rstrip() + "\n")

    with open(os.path.join(run_dir, "report.md"), "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"wrote {os.path.join(run_dir, 'report.md')}")


if __name__ == "__main__":
    main()
