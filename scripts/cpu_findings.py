#!/usr/bin/env python3
"""Findings per CPU family: one row per question, one column per CPU, from the committed runs.

Reads every results/<run>/bench.json (medians over repetitions, computed here the way
report.py computes them) and results/quoted_figures.tsv (figures measured on a CPU whose run
folder was not committed, each with its source), keeps the newest run per CPU family, and
rewrites the table between the cpu markers of results/README.md and the chart
results/cpu_findings.svg (every run side by side, gnuplot).

    scripts/cpu_findings.py [results_dir]
"""
import csv
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report import baseline_name, load_runs, parse_baselines, with_search_aliases  # noqa: E402  (one reading of bench.json for every script)
from results_io import exists  # noqa: E402

# (key, question, how the figure reads). Ratios are "how many times faster"; cycles are per call.
QUESTIONS = [
    ("diff_node", "Differential over full generation per node, `search_node` (a favourable bound)", "x"),
    ("diff_search", "Differential over full in the real search, `search/*/padded32-xor/classic`", "x"),
    ("diff_replay", "Differential over full on the search's own node sequence, `node_replay/*/all` (engine build)", "x"),
    ("diff_kept_replay", "Captures and quiets from kept attack sets over full, `node_replay/diff_kept/all`", "x"),
    ("gen_bound", "The most any generator could speed this search up (position work at zero cost)", "x"),
    ("search_nps", "Search nodes/s, full generator, `search/full/padded32-xor/classic`", "M/s"),
    ("diff_perft_start6", "Differential over full, perft start d6", "x"),
    ("diff_perft_matsuri4", "Differential over full, perft matsuri d4", "x"),
    ("diff_do_move", "Differential do_move cost over full do_move", "x"),
    ("perft_start6", "Full generator perft start d6, leaves/s (bulk-counted last ply)", "M/s"),
    ("dirty40", "Best dirty-flag kernel, 40-piece mask, cycles per call", "cyc"),
    ("sup_padded32", "padded32 borrow test over per-field test, speed-up", "x"),
    ("sup_bonanza21", "bonanza21 alternating masks (seed method) over per-field, speed-up", "x"),
    ("eff_incr_ply", "Incremental effect counts over recomputed, per ply (make, then the evaluation), `effects/*/walk`", "x"),
    ("eff_kept_ply", "Kept attack sets (differential position, after sync) over recomputed, per ply, `effects/*/walk`", "x"),
    ("eff_incr_search", "Incremental effect counts over recomputed in the real search, `search/full+incremental/padded32-xor/classic`", "x"),
    ("eff_kept_search", "Kept attack sets over recomputed in the real search, `search/diff+diff-kept/padded32-xor/classic`", "x"),
]
# Each question's A/A rows: the baseline measured again in the same run. Where an A/A row strays
# from its baseline by more than kNoise the cell says so next to its figure: a preempted
# baseline moves every ratio that divides by it (one slow search baseline made three
# real-search ratios read 1.25x on a Zen 4 whose other runs read about 1x).
AA_ROWS = {
    "diff_node": ["search_node/aa/walk64"],
    "diff_search": ["search/aa/padded32-xor/classic"],
    "diff_replay": ["node_replay/aa/all"],
    "diff_kept_replay": ["node_replay/aa/all"],
    "gen_bound": ["search/aa/padded32-xor/classic", "node_replay/aa/all"],
    "search_nps": ["search/aa/padded32-xor/classic"],
    "diff_perft_start6": ["perft/aa/start/6"],
    "diff_perft_matsuri4": ["perft/aa/matsuri/4"],
    "diff_do_move": ["do_move/aa/walk"],
    "perft_start6": ["perft/aa/start/6"],
    "dirty40": ["dirty_flags/aa/walk/40"],
    "sup_padded32": ["hand_superior/padded32/aa"],
    "sup_bonanza21": ["hand_superior/bonanza21/aa"],
    "eff_incr_ply": ["effects/aa/walk"],
    "eff_kept_ply": ["effects/aa/walk"],
    "eff_incr_search": ["search/aa/padded32-xor/classic"],
    "eff_kept_search": ["search/aa/padded32-xor/classic"],
}
kNoise = 0.15
# Which of these the chart shows (ratios share one axis), with their short labels.
CHART = {"diff_node": "diff/full per node (bound)", "diff_search": "diff/full real search", "diff_perft_start6": "diff/full perft start d6",
         "diff_perft_matsuri4": "diff/full perft matsuri d4", "sup_bonanza21": "bonanza21 masks/by-field"}


def run_figures(rows):
    """The table's figures from one run's rows (report.py's reading: medians over the repetitions
    whose calibrations agreed)."""
    def cyc(name):
        return rows[name].cycles if name in rows else None

    def ratio(a, b):
        if b in rows and rows[b].paired():  # timed beside the area's baseline, which is `a` here
            return 1 / rows[b].paired()
        x, y = cyc(a), cyc(b)
        return x / y if x and y else None

    f = {
        "diff_node": ratio("search_node/full/walk64", "search_node/diff/walk64"),
        "diff_search": ratio("search/full/padded32-xor/classic", "search/diff/padded32-xor/classic"),
        "diff_replay": ratio("node_replay/full/all", "node_replay/diff/all"),
        "diff_kept_replay": ratio("node_replay/full/all", "node_replay/diff_kept/all"),
        "diff_perft_start6": ratio("perft/full/start/6", "perft/diff/start/6"),
        "diff_perft_matsuri4": ratio("perft/full/matsuri/4", "perft/diff/matsuri/4"),
        "diff_do_move": ratio("do_move/diff/walk", "do_move/full/walk"),
        "sup_padded32": ratio("hand_superior/padded32/by_field", "hand_superior/padded32/borrow"),
        "sup_bonanza21": ratio("hand_superior/bonanza21/by_field", "hand_superior/bonanza21/alternating"),
        "eff_incr_ply": ratio("effects/recomputed/walk", "effects/incremental/walk"),
        "eff_kept_ply": ratio("effects/recomputed/walk", "effects/diff-kept/walk"),
        "eff_incr_search": ratio("search/full/padded32-xor/classic", "search/full+incremental/padded32-xor/classic"),
        "eff_kept_search": ratio("search/full/padded32-xor/classic", "search/diff+diff-kept/padded32-xor/classic"),
    }
    leaves = rows["perft/full/start/6"].counter("leaves/s") if "perft/full/start/6" in rows else None
    f["perft_start6"] = leaves / 1e6 if leaves else None
    # ops/s: nodes over the timed searches alone (one op a node). The row's nodes/s counter was,
    # until 2026-11-28, a rate over the benchmark's wall time, TT clears between positions included.
    nps = rows["search/full/padded32-xor/classic"].counter("ops/s") if "search/full/padded32-xor/classic" in rows else None
    f["search_nps"] = nps / 1e6 if nps else None
    search, position = cyc("search/full/padded32-xor/classic"), cyc("node_replay/full/all")
    f["gen_bound"] = search / (search - position) if search and position and search > position else None
    dirty = [r.cycles for n, r in rows.items()
             if n.startswith("dirty_flags/") and n.endswith("/walk/40") and "/naive/" not in n and "/aa/" not in n
             and r.cycles]
    f["dirty40"] = min(dirty) if dirty else None
    return f


def aa_deviation(rows, baselines, aa):
    """|A/A / baseline - 1| for one A/A row, the baseline as the harness names it (None where the
    run lacks either row)."""
    base = baseline_name(aa, baselines)
    if aa not in rows or base not in rows or not rows[aa].cycles or not rows[base].cycles:
        return None
    if rows[aa].paired():
        return abs(rows[aa].paired() - 1)
    return abs(rows[aa].cycles / rows[base].cycles - 1)


def noisy_questions(rows, baselines):
    """The questions this run's own A/A rows say it cannot answer: key -> the largest deviation."""
    out = {}
    for key, aas in AA_ROWS.items():
        devs = [d for d in (aa_deviation(rows, baselines, a) for a in aas) if d is not None]
        if devs and max(devs) > kNoise:
            out[key] = max(devs)
    return out


def family_of(machine):
    m = re.match(r"(.*?) \(family (0x[0-9a-f]+), model (0x[0-9a-f]+)\)", machine)
    if not m:
        return machine.split(";")[0]
    name, fam, model = m.groups()
    if fam == "0x6" and "Xeon" in name:  # the quoted figures' label (quoted_figures.tsv)
        return f"Intel Xeon (family {fam} model {model})"
    label = {"0x1a": "AMD Zen 5", "0x6": "Intel"}.get(fam, name)
    if fam == "0x19":  # Zen 3 and Zen 4 share the family; AMD's model ranges tell them apart
        mo = int(model, 16)
        label = "AMD Zen 4" if 0x10 <= mo <= 0x1f or 0x60 <= mo <= 0x7f or 0xa0 <= mo <= 0xaf else "AMD Zen 3"
    return f"{label} ({name}, family {fam} model {model})"


def committed_runs(results):
    runs = []
    dated = []
    for d in os.listdir(results):
        machine_txt = os.path.join(results, d, "machine.txt")
        if os.path.isfile(machine_txt):
            stamp = re.search(r"(\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC", open(machine_txt).read())
            dated.append((stamp.group(1) if stamp else d, d))
    for _, d in sorted(dated):
        path = os.path.join(results, d)
        if not exists(os.path.join(path, "bench.json")):  # bench.json or, committed, bench.json.xz
            continue
        machine = open(os.path.join(path, "machine.txt")).read().strip()
        context, rows = load_runs(os.path.join(path, "bench.json"))
        rows = with_search_aliases(rows)
        figs = run_figures(rows)
        noisy = noisy_questions(rows, parse_baselines(context))
        runs.append({"run": d, "cpu": family_of(machine), "figures": figs, "noisy": noisy,
                     "source": f"[{d}]({d}/report.md)"})
    quoted = os.path.join(results, "quoted_figures.tsv")
    if os.path.exists(quoted):
        by_run = {}
        with open(quoted) as fh:
            for row in csv.DictReader((l for l in fh if not l.startswith("#")), delimiter="\t"):
                r = by_run.setdefault(row["run"], {"run": row["run"], "cpu": row["cpu"], "figures": {},
                                                   "source": row["source"]})
                r["figures"][row["key"]] = float(row["value"])
        # Quoted figures predate every committed run of this repository's format: oldest first, so
        # that a committed run of the same CPU answering the same question supersedes them.
        runs[:0] = by_run.values()
    return runs


def fmt(v, unit):
    if v is None:
        return "not measured"
    if unit == "x":
        return f"{v:.2f}x"
    if unit == "M/s":
        return f"{v:.0f} M/s" if v >= 10 else f"{v:.2f} M/s"
    return f"{v:.1f}"


def table(runs, reasons):
    # Per CPU and question, the newest run that answers it (runs are sorted by the time in
    # machine.txt, quoted runs last): a run of one area (bench.sh --filter=...) keeps the older
    # figures of the other questions.
    newest = {}  # cpu -> key -> run
    for r in runs:
        cpu = newest.setdefault(r["cpu"], {})
        for key, v in r["figures"].items():
            if v is not None:
                cpu[key] = r
    cpus = list(newest)
    lines = ["| question | " + " | ".join(cpus) + " | why they differ |",
             "|---|" + "---:|" * len(cpus) + "---|"]
    for key, question, unit in QUESTIONS:
        cells = []
        for c in cpus:
            run = newest[c].get(key)
            cell = fmt(run["figures"][key] if run else None, unit)
            if run and key in run.get("noisy", {}):
                cell += f" (A/A off {run['noisy'][key]:.0%})"
            cells.append(cell)
        lines.append(f"| {question} | " + " | ".join(cells) + f" | {reasons.get(key, '')} |")
    lines.append("")
    sources = []
    for c in cpus:
        used = []
        for key, _, _ in QUESTIONS:
            if key in newest[c] and newest[c][key]["source"] not in used:
                used.append(newest[c][key]["source"])
        sources.append(f"{c}: " + ", ".join(used))
    lines.append("Sources: " + "; ".join(sources) + ".")
    return "\n".join(lines)


def chart(runs, out_svg):
    # Only runs with a charted figure: an all-empty column stops gnuplot.
    runs = [r for r in runs if any(r["figures"].get(k) is not None for k in CHART)]
    data = out_svg.replace(".svg", ".tsv")
    with open(data, "w") as fh:
        fh.write("question\t" + "\t".join(f'"{r["run"]}"' for r in runs) + "\n")
        for key, question, _ in QUESTIONS:
            if key not in CHART:
                continue
            vals = [r["figures"].get(key) for r in runs]
            fh.write(f'"{CHART[key]}"\t' + "\t".join("NaN" if v is None else f"{v:.4f}" for v in vals) + "\n")
    cols = len(runs)
    script = f"""
set terminal svg size 900,460 dynamic noenhanced font 'sans,11' background rgb 'white'
set output '{out_svg}'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set ylabel 'times faster (1.0 = no gain)'
set yrange [0:*]
set key outside bottom center horizontal
set grid ytics
set title 'Findings per CPU, every committed run side by side'
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2
plot for [i=2:{cols + 1}] '{data}' using i:xtic(1) title columnheader(i)
"""
    subprocess.run(["gnuplot"], input=script, text=True, check=True)


def main():
    results = sys.argv[1] if len(sys.argv) > 1 else "results"
    runs = committed_runs(results)
    readme = os.path.join(results, "README.md")
    text = open(readme).read()
    reasons = {}
    m = re.search(r"<!-- cpu-reasons\n(.*?)-->", text, re.S)
    if m:
        for line in m.group(1).strip().splitlines():
            k, _, v = line.partition(":")
            reasons[k.strip()] = v.strip()
    new = table(runs, reasons)
    text = re.sub(r"(<!-- cpu:begin -->\n).*?(<!-- cpu:end -->)", lambda mm: mm.group(1) + "\n" + new + "\n\n" + mm.group(2),
                  text, flags=re.S)
    open(readme, "w").write(text)
    chart(runs, os.path.join(results, "cpu_findings.svg"))
    print(new)


if __name__ == "__main__":
    main()
