"""The bench report's "Elo worth" section (issue 22): what a row's speed-up is worth in games.

A row times one call; the real search makes `calls` of it per node. With r = the row's ratio to
its baseline (cycles per call) and S = the search's cycles per node (the default configuration's
search/ row of the same run), the call takes share = calls * baseline / S of a node, the node's
cycles change by share * (r - 1), and the search's speed by s = 1 / (1 + share * (r - 1)). The
node-odds curve (scripts/elo_curve.sh: Elo = k * log2 K for K times the nodes per move) turns
that into Elo = k * log2 s, its interval from k's. Each row also gets the Elo of its area's A/A
noise at its share; a row within that noise reads `noise`: the run cannot tell it from 0.
"""
import glob
import math
import os

TOO_SMALL_ELO = 2.0  # below what fishtest's tens of thousands of games resolve
DEFAULT_SEARCH = "search/full/padded32-xor/classic/"  # the engine's default configuration
# Each effect source's do_move row (bench/effects_bench.cpp): its walk row less this one is the
# source's counts and evaluation.
EFFECT_MAKE = {"diff-kept": "effects/make-diff/walk", "incremental": "effects/make-incremental/walk"}


# Real play: byoyomi 1 s at the 1-1.5 M nodes/s these machines search is about a million nodes a
# move (issue 48). The curve's k grows with its base, so a speed-up is priced at the base nearest
# that among the fits whose k is known to within KNOWN_WITHIN Elo per doubling (95 %).
REAL_PLAY_NODES = 1_000_000
KNOWN_WITHIN = 25.0


def load_curve(results_dir):
    """The fit to price with, the others beside it: dict or None. Every curve folder's fits, the
    newest folder's for a base measured twice; the base nearest REAL_PLAY_NODES (by ratio) whose
    k is known to within KNOWN_WITHIN, else the largest base with a whole curve (3 points or more)."""
    fits = {}
    for d in sorted(glob.glob(os.path.join(results_dir, "elo_curve", "*")), reverse=True):
        path = os.path.join(d, "fit.tsv")
        if not os.path.exists(path):
            continue
        lines = [ln.rstrip("\n").split("\t") for ln in open(path) if ln.strip()]
        if "k" not in lines[0]:
            continue
        for ln in lines[1:]:
            f = dict(zip(lines[0], ln))
            fits.setdefault(int(f["base"]), dict(f, dir=os.path.basename(d)))
    if not fits:
        return None
    known = [f for f in fits.values() if 1.96 * float(f["se"]) <= KNOWN_WITHIN]
    if known:
        best = min(known, key=lambda f: abs(math.log(int(f["base"]) / REAL_PLAY_NODES)))
        rule = (f"the base nearest real play (about {REAL_PLAY_NODES:,} nodes a move at byoyomi 1 s) among the fits "
                f"whose k is known to within ±{KNOWN_WITHIN:g} Elo per doubling")
    else:
        full = [f for f in fits.values() if int(f["points"]) >= 3] or list(fits.values())
        best = max(full, key=lambda f: int(f["base"]))
        rule = f"its largest base with a whole curve (no fit's k is known to within ±{KNOWN_WITHIN:g})"
    others = [f for f in sorted(fits.values(), key=lambda f: int(f["base"])) if f is not best]
    return {"dir": best["dir"], "base": int(best["base"]), "k": float(best["k"]), "se": float(best["se"]),
            "points": int(best["points"]), "machine": best.get("machine", ""), "rule": rule,
            "others": [(int(f["base"]), float(f["k"]), float(f["se"]), int(f["points"])) for f in others]}


def _value(rows, name):
    return rows[name].metric()[0] if name in rows else None


def section(rows, verdicts, results_dir):
    """Markdown lines. verdicts: name -> (ratio, allowed deviation, beyond A/A?) (report.py noise_test)."""
    curve = load_curve(results_dir)
    search = [n for n in rows if n.startswith(DEFAULT_SEARCH)] or [n for n in rows if n.startswith("search/full/")]
    if curve is None or not search or not _value(rows, search[0]):
        return []
    S = _value(rows, search[0])
    k, se = curve["k"], curve["se"]
    k_lo, k_hi = k - 1.96 * se, k + 1.96 * se
    replay_all, replay_moves = _value(rows, "node_replay/full/all"), _value(rows, "node_replay/full/moves")
    evals = rows["node_replay/full/all"].counter("evals/node") if "node_replay/full/all" in rows else None

    # (group, row, where the share comes from: None = the row's own baseline, a row name = that
    # row's cycles, "effects" = the source's counts and evaluation; calls per node, how, in words)
    plan = []
    for n in rows:
        area = n.split("/", 1)[0]
        if n not in verdicts:
            continue
        if area == "search":
            plan.append(("the real search, whole node", n, None, 1.0, "the row is a whole node"))
        elif area == "node_replay":
            plan.append(("the generator in the real search's nodes", n, None, 1.0, "per node of the recorded search"))
        elif area == "search_node" and replay_all:
            plan.append(("the generator per node (synthetic)", n, "node_replay/full/all", 1.0,
                         "applied to the real node's makes and generation (node_replay/full/all)"))
        elif area == "node_phase" and n.endswith("/do_undo") and replay_moves:
            plan.append(("the generator per node (synthetic)", n, "node_replay/full/moves", 1.0,
                         "applied to the real node's makes (node_replay/full/moves)"))
        elif area in ("do_move", "undo_move", "hash_do_move"):
            plan.append(("make and unmake", n, None, 1.0, "one per node"))
        elif area == "effects_make":
            plan.append(("make and unmake", n, None, 1.0, "one per node (the incremental source's position)"))
        elif area == "effects" and evals and n.split("/")[1] in EFFECT_MAKE:
            plan.append(("the evaluation's effect sources", n, "effects", evals,
                         f"{evals:.2f} evaluations per node (node_replay's trace); each row less its source's "
                         "do_move (effects/make-*), which the make rows above count"))
    if not plan:
        return []
    groups = ["the real search, whole node", "the generator in the real search's nodes", "the generator per node (synthetic)",
              "make and unmake", "the evaluation's effect sources"]
    plan.sort(key=lambda p: groups.index(p[0]))  # stable: registration order within a group

    out = ["## Elo worth\n",
           f"What each speed difference is worth in games, by the node-odds curve `results/elo_curve/{curve['dir']}` "
           f"at {curve['rule']}, {curve['base']} nodes per move: k = {k:+.1f} [{k_lo:+.1f}, {k_hi:+.1f}] "
           f"Elo per doubling of the nodes ({curve['points']} points; {curve['machine']})"
           + "".join(f"; at {b} nodes k = {kk:+.1f} [{kk - 1.96 * ss:+.1f}, {kk + 1.96 * ss:+.1f}] ({n} point{'s' * (n > 1)})"
                     for b, kk, ss, n in curve["others"]) + ". *share* = the baseline call's "
           f"cycles times its calls per node over the search's {S:,.0f} cycles per node (`{search[0]}`, this run); "
           "*node speed* = 1 / (1 + share (ratio - 1)), above 1 faster; *Elo* = k log2(node speed), the interval "
           "from k's. *A/A floor*: the Elo of the area's A/A deviation plus the rows' spread at that share, what "
           "this run cannot tell from 0. *Reading*: `noise` (not beyond A/A), `too small` (beyond A/A but under "
           f"{TOO_SMALL_ELO:g} Elo even at k's upper bound: below what fishtest resolves), or the sign. The curve "
           "comes from another run, maybe another CPU, and maybe a base far below real play (results/README.md).\n",
           "| area | row | ratio | share | node speed | Elo [95 %] | A/A floor | reading | share from |",
           "|---|---|---:|---:|---:|---|---:|---|---|"]
    small, worth, node_delta = [], [], {}  # node_delta: cycles a row adds to a node
    for group, n, share_of, calls, how in plan:
        r, allowed, beyond = verdicts[n]
        if share_of == "effects":  # the counts and the evaluation: the walk row less its do_move
            rec, own = "effects/recomputed/walk", f"effects/{n.split('/')[1]}/walk"
            parts = [_value(rows, x) for x in (rec, "effects/make-full/walk", own, EFFECT_MAKE[n.split("/")[1]])]
            if None in parts or parts[0] <= parts[1]:
                continue
            base_cycles, r = parts[0] - parts[1], (parts[2] - parts[3]) / (parts[0] - parts[1])
            allowed *= parts[0] / base_cycles  # the walk row's noise, on the smaller part
        elif n.startswith("search/"):  # a whole node of its own configuration
            base_cycles = S / calls
        elif share_of is None:  # the row's own baseline: its cycles are the row's over the ratio
            v = _value(rows, n)
            base_cycles = v / r if v and r else None
        else:
            base_cycles = _value(rows, share_of)
        if not base_cycles:
            continue
        share = calls * base_cycles / S
        node_delta[n] = share * (r - 1.0) * S
        speed = 1.0 / (1.0 + share * (r - 1.0))
        if speed <= 0:
            continue
        x = math.log2(speed)
        elo, lo, hi = k * x, min(k_lo * x, k_hi * x), max(k_lo * x, k_hi * x)
        floor = k_hi * math.log2(1.0 + share * allowed)
        if not beyond:
            reading = "noise"
        elif max(abs(lo), abs(hi)) < TOO_SMALL_ELO:
            reading = "too small"
            small.append(n)
        else:
            reading = "faster" if elo > 0 else "slower"
            worth.append((n, elo))
        out.append(f"| {group} | `{n}` | {r:.3f} | {100 * share:.1f} % | {speed:.3f} | {elo:+.1f} [{lo:+.1f}, {hi:+.1f}] | "
                   f"±{floor:.1f} | {reading} | {how} |")
    out.append("")
    if worth:
        out.append("Beyond this run's noise and worth at least " f"{TOO_SMALL_ELO:g} Elo: "
                   + ", ".join(f"`{n}` {e:+.1f}" for n, e in sorted(worth, key=lambda t: -abs(t[1]))) + ".")
    out.append(f"Beyond the noise but too small to matter (under {TOO_SMALL_ELO:g} Elo): "
               + (", ".join(f"`{n}`" for n in small) if small else "none") + ". Every other row is within this run's "
               "noise: its A/A floor is the most it could be worth by this run.\n")
    # A source in all: its counts and evaluation plus its position's makes and unmakes.
    for source, make in (("incremental", "effects_make/copy/walk"), ("diff-kept", "node_replay/diff/moves")):
        ev = f"effects/{source}/walk"
        if ev in node_delta and make in node_delta:
            d = node_delta[ev] + node_delta[make]
            x = math.log2(S / (S + d))
            out.append(f"The `{source}` source in all (`{ev}` plus its position's makes and unmakes, `{make}`): "
                       f"{d:+.0f} cycles per node, {k * x:+.1f} [{min(k_lo * x, k_hi * x):+.1f}, {max(k_lo * x, k_hi * x):+.1f}] "
                       "Elo against recomputed.\n")
    synthetic, real = "search_node/diff/walk64", "node_replay/diff/all"
    if synthetic in verdicts and real in verdicts:
        out.append(f"The differential generator: the synthetic node (`{synthetic}`, every child of warmed roots) says "
                   f"{verdicts[synthetic][0]:.3f} of full's cycles, the real search's node sequence (`{real}`) "
                   f"{verdicts[real][0]:.3f}: the Elo a generator is worth is the replay's, not the synthetic node's.\n")
    if evals is None:
        out.append("The effect sources' rows need node_replay's evals/node counter (bench since 2026-11-26): "
                   "this run has none, so they are left out.\n")
    return out
