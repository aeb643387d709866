#!/usr/bin/env python3
"""FINDINGS.md, the book of answers: one section per research question, each with a stable id
(`F-diff-search`) that code comments cite, generated from the committed data so it cannot drift.

Per question and CPU family (scripts/cpu_findings.py's family_of) the newest committed run that
has the question's rows answers it, with its A/A noise floor (the baseline measured again in
the same run), its verdict, the range over every run of that family, the run and the commit
that added it. Where a run's raw bench.json is compressed (bench.json.xz) it is read through
results_io.open_text. Other figures come from committed reports and summaries: each run's
`report.md` (g++ against clang++), its study files (`tt_index_study.md`, `hash_count.md`,
`repetition_study.md`), `results/elo_curve/*/fit.tsv` (the node-odds curve) and
`results/sprt/log.md` (the SPRTs). What exists only in prose (match results, the mate report's
comparisons, design decisions) is hand-entered, each row with its source, in
`results/findings.tsv`; `results/run_commits.tsv` maps each result folder to the commit that
added it (`--commits` rewrites it from git).

    scripts/findings.py                 # rewrite FINDINGS.md at the repository root
    scripts/findings.py --out PATH      # write it elsewhere (the test compares the two)
    scripts/findings.py --check         # fail when FINDINGS.md is stale, a cited file is
                                        # missing, or a code comment cites an unknown id
    scripts/findings.py --commits       # rewrite results/run_commits.tsv from git log
"""
import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile
from collections import OrderedDict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cpu_findings import aa_deviation, family_of  # noqa: E402
from report import load_runs, parse_baselines, with_search_aliases  # noqa: E402
from results_io import exists, open_text  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
kNoise = 0.15  # as cpu_findings.py: an A/A row this far off its baseline makes its run's figures no answer
kTiny = 0.01  # a ratio within 1 % of 1 is no difference, however quiet the A/A row


# ---------------------------------------------------------------------------------------------
# Metrics: how one figure is read from one run.

class Speedup:
    """cycles(base) / cycles(contender): above 1 the contender is faster. `aa`: the A/A rows whose
    deviation from their own baseline is the noise floor of this ratio."""

    def __init__(self, label, base, contender, aa=()):
        self.label, self.base, self.contender, self.aa = label, base, contender, list(aa)

    def rows(self):
        return [self.base, self.contender]

    def figure(self, rows):
        if rows[self.contender].paired():  # timed beside its area's baseline, the base of every paired metric
            return 1 / rows[self.contender].paired()
        a, b = rows[self.base].cycles, rows[self.contender].cycles
        return a / b if a and b else None

    def fmt(self, v):
        return f"{v:.2f}x"


class Cycles:
    """One row's core cycles per call."""

    def __init__(self, label, row, aa=()):
        self.label, self.row, self.aa = label, row, list(aa)

    def rows(self):
        return [self.row]

    def figure(self, rows):
        return rows[self.row].cycles

    def fmt(self, v):
        return f"{v:.1f} cycles"


class Bound(Cycles):
    """The most any generator could speed the search up: search cycles over search cycles less the
    position's work (node_replay: makes, unmakes, every generation request, at the search's own
    node sequence)."""

    def __init__(self, label, search, position, aa=()):
        self.label, self.search, self.position, self.aa = label, search, position, list(aa)

    def rows(self):
        return [self.search, self.position]

    def figure(self, rows):
        s, p = rows[self.search].cycles, rows[self.position].cycles
        return s / (s - p) if s and p and s > p else None

    def fmt(self, v):
        return f"{v:.2f}x"


def verdict(metric, v, noise):
    if not isinstance(metric, Speedup):
        return ""
    if noise is None:
        return "no A/A row"
    if noise > kNoise:
        return f"no answer (A/A off {noise:.0%})"
    if abs(v - 1) <= max(noise, kTiny):
        return "within A/A"
    return "faster" if v > 1 else "slower"


# Other committed files, read per run folder or once.

class MdCell:
    """A cell of a Markdown table in a run's study file: the row whose first cell starts with
    `key`, the column whose header starts with `column` (or the index `column`). Deterministic
    studies (instruction counts, populations) take the newest run that has the file (per_cpu
    False); the figure is quoted as the file prints it."""

    def __init__(self, label, file, key, column, per_cpu=False):
        self.label, self.file, self.key, self.column, self.per_cpu = label, file, key, column, per_cpu

    def read(self, path):
        header = None
        for line in open(path, encoding="utf-8"):
            if not line.startswith("|"):
                header = None
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if header is None:
                header = cells
                continue
            if set("".join(cells)) <= set("-: "):
                continue
            if cells[0].startswith(self.key):
                if isinstance(self.column, int):
                    return cells[self.column]
                for h, c in zip(header, cells):
                    if h.startswith(self.column):
                        return c
        return None


class ReportRegex:
    """A figure a run's report.md states in a sentence: the groups of `pattern`, joined by `fmt`."""

    def __init__(self, label, pattern, fmt):
        self.label, self.pattern, self.fmt = label, re.compile(pattern), fmt

    def read(self, path):
        m = self.pattern.search(open(path, encoding="utf-8").read())
        return self.fmt.format(*m.groups()) if m else None


class FileCell(MdCell):
    """A cell of a Markdown table in one committed file under results/ (`path`), its CPU from the
    file's `Machine:` line."""

    def __init__(self, label, path, key, column):
        super().__init__(label, None, key, column)
        self.path = path


class Compilers:
    """The g++ against clang++ section of a run's report.md (bench.sh's alternated rounds)."""
    label = "g++ cycles / clang++ cycles, median over the section's rows"
    pattern = re.compile(r"the median ratio is ([0-9.]+).*?every round agrees on clang\+\+ for (\d+) of (\d+) rows "
                         r"and on g\+\+ for (\d+)")

    def read(self, path):
        text = open(path, encoding="utf-8").read()
        m = self.pattern.search(text)
        if not m:
            return None
        return float(m.group(1)), f"every round agrees: clang++ on {m.group(2)} of {m.group(3)} rows, g++ on {m.group(4)}"


class Match:
    """A match of a `scripts/match.sh` folder, from the summary `match_report.py` wrote
    (results/matches/<folder>/README.md): Elo of the first engine with its 95 % interval."""

    def __init__(self, label, folder, match):
        self.label, self.folder, self.match = label, folder, match


class MateReport:
    """The per-set totals of results/mate_report.md (scripts/mate_report.sh): per solver and table
    layout, problems solved, total time and nodes/s against 謎電's 1,359,825 of 2005."""


class MateStats:
    """The overflow table's statistics per solve in results/mate_report.md (謎電's usage figures):
    the share of main records extended into the overflow table and the longest same-board chain."""


class EloCurve:
    """k, Elo per doubling of nodes, per base, from results/elo_curve/*/fit.tsv."""


class Sprt:
    """Rows of results/sprt/log.md whose test name matches `pattern`."""

    def __init__(self, pattern):
        self.pattern = re.compile(pattern)


class SprtTally:
    """How the SPRTs of results/sprt/log.md ended."""


# ---------------------------------------------------------------------------------------------
# The questions. `source`: who asked (a seed post by author, topic and year, or the project).

S_MEROM = "merom686, shogi686 hands (2016)"
S_YANE = "yaneurao, YaneuraOu mini (2015)"
S_NAZO = "謎電 (2005)"
S_LS_DIFF = "LS3600, differential generation (2009)"
S_LS_HAND = "LS3600, Bonanza hand (2009)"
S_OWN = "the project"

def search_row(gen="full", hand="padded32-xor", tt="classic"):
    """A search row by its name less the limit (report.py with_search_aliases): /d6 or /n250k."""
    return f"search/{gen}/{hand}/{tt}"


FINDINGS = [
    # merom686
    ("F-key-additive", S_MEROM, "Does the additive hand key (board Zobrist plus the side to move's raw hand, no hand "
     "randoms) make do_move cheaper than XOR hand keys?",
     [Speedup("do_move + undo_move, hand64: additive over XOR", "hash_do_move/xor/hand64", "hash_do_move/additive/hand64",
              ["hash_do_move/aa/hand64"]),
      Speedup("do_move + undo_move, padded32: additive over XOR", "hash_do_move/xor/padded32",
              "hash_do_move/additive/padded32", ["hash_do_move/aa/padded32"]),
      MdCell("instructions per do_move, hand64: additive - XOR (callgrind)", "hash_count.md", "hand64-additive", 2),
      MdCell("instructions per do_move, padded32: additive - XOR (callgrind)", "hash_count.md", "padded32-additive", 2),
      Match("games at 100 ms a move, additive against XOR (padded32)", "2026-11-25-amd-epyc-f1a", "key")]),
    ("F-key-tt-spread", S_MEROM, "Open question (a): does adding the hand spread badly over the TT index bits?",
     [MdCell("same-board pairs sharing a slot, 2^20 slots: XOR key, low bits", "tt_index_study.md", "xor key, low bits",
             "2^20"),
      MdCell("... additive key, low bits (hand64)", "tt_index_study.md", "additive key, low bits", "2^20"),
      MdCell("... additive key on padded32, low bits", "tt_index_study.md", "additive key on padded32, low bits", "2^20")]),
    ("F-key-tt-index", S_MEROM, "Open question (b): would a PEXT fold or another index fix the spread at acceptable "
     "cost?",
     [MdCell("same-board pairs sharing a slot, 2^20 slots: additive key, multiplicative index", "tt_index_study.md",
             "additive key, multiplicative", "2^20"),
      MdCell("... additive key, PEXT-folded hand", "tt_index_study.md", "additive key, PEXT-folded hand", "2^20"),
      Cycles("index throughput: low bits", "tt_index/low_bits/throughput", ["tt_index/aa/throughput"]),
      Cycles("index throughput: multiplicative", "tt_index/multiplicative/throughput", ["tt_index/aa/throughput"]),
      Cycles("index throughput: PEXT fold", "tt_index/pext_fold/throughput", ["tt_index/aa/throughput"]),
      Cycles("index latency: low bits", "tt_index/low_bits/latency", ["tt_index/aa/latency"]),
      Cycles("index latency: multiplicative", "tt_index/multiplicative/latency", ["tt_index/aa/latency"]),
      Cycles("index latency: PEXT fold", "tt_index/pext_fold/latency", ["tt_index/aa/latency"])]),
    ("F-superiority-two-field", S_MEROM, "Open question (c): `b & (b-1)` misses the two-field case; would popcount do?",
     [MdCell("superior/inferior answers missed, key difference plus d & (d - 1) == 0", "repetition_study.md",
             "... plus d & (d - 1) == 0", 3),
      MdCell("... plus popcount(d) <= 2", "repetition_study.md", "... plus popcount(d) <= 2", 3),
      Speedup("repetition check at horizon 20: popcount <= 2 over single bit", "repetition/key_diff_single_bit/h20",
              "repetition/key_diff_popcount2/h20", ["repetition/aa/h20"])]),
    ("F-repetition-key-diff", S_MEROM, "Is repetition and superiority by key difference (one subtraction and a mask) "
     "faster than board-key equality then a hand comparison?",
     [Speedup(f"horizon {h}: key difference over board key", f"repetition/board_key/h{h}", f"repetition/key_diff/h{h}",
              [f"repetition/aa/h{h}"]) for h in (4, 8, 20)]
     + [MdCell("cyclic-walk checks answered differently from exact, key difference", "repetition_study.md",
               "key difference, mask", 2)]),
    ("F-superiority-mask", S_MEROM, "The byte-per-kind hand's superiority by one subtraction and mask "
     "(`0x0303030303030300`) against a per-field comparison",
     [Speedup("hand64: byte lanes over per field", "hand_superior/hand64/by_field", "hand_superior/hand64/byte_lanes",
              ["hand_superior/hand64/aa"])]),
    # yaneurao
    ("F-move16", S_YANE, "The 16-bit move (`to` in the low bits, drop and promotion flags) and move + 16-bit score in "
     "32 bits for sorting", []),
    # 謎電
    ("F-tt-two-bounds", S_NAZO, "Lower and upper bound as two 16-bit fields instead of one value and a bound type: "
     "faster, stronger?",
     [Speedup("real search, padded32-xor: two-bounds over classic", search_row(), search_row(tt="two-bounds"),
              [search_row("aa")]),
      Speedup("TT probe, xor key: two-bounds over classic", "tt/probe/classic-xor", "tt/probe/two-bounds-xor",
              ["tt/probe/aa"]),
      Speedup("TT store, xor key: two-bounds over classic", "tt/store/classic-xor", "tt/store/two-bounds-xor",
              ["tt/store/aa"]),
      Match("games at 100 ms a move, two-bounds against classic", "2026-11-25-amd-epyc-f1a", "tt")]),
    ("F-mate-overflow", S_NAZO, "The mate table with the board as key and the hand in the data: does a main table "
     "with an overflow table for same-board records pay against one table?",
     [Speedup("AND-OR, published set: single table over main + overflow", "mate/and-or/main-overflow/tsume",
              "mate/and-or/single/tsume", ["mate/aa/main-overflow/tsume"]),
      Speedup("df-pn, published set: single table over main + overflow", "mate/df-pn/main-overflow/tsume",
              "mate/df-pn/single/tsume", ["mate/aa/main-overflow/tsume"]),
      MateStats()]),
    ("F-mate-solvers", S_NAZO, "The depth-iterative AND-OR mate solver against df-pn and the unbounded df-pn; "
     "against gpsusi; against 謎電's 1.36 M nodes/s of 2005",
     [Cycles("AND-OR (main + overflow), cycles per node, published set", "mate/and-or/main-overflow/tsume",
             ["mate/aa/main-overflow/tsume"]),
      Cycles("df-pn (main + overflow), cycles per node", "mate/df-pn/main-overflow/tsume", ["mate/aa/main-overflow/tsume"]),
      Cycles("unbounded df-pn (pn-dn table), cycles per node", "mate/unbounded-df-pn/pn-dn/tsume"),
      MateReport()]),
    # LS3600, differential generation
    ("F-diff-node", S_LS_DIFF, "Does differential generation beat full generation per node (do_move + generation "
     "+ undo_move over every child of fixed roots: a favourable bound)?",
     [Speedup("differential over full, `search_node` walk64", "search_node/full/walk64", "search_node/diff/walk64",
              ["search_node/aa/walk64"])]),
    ("F-diff-perft", S_LS_DIFF, "Differential over full generation in perft (bulk-counted last ply)",
     [Speedup("start d6", "perft/full/start/6", "perft/diff/start/6", ["perft/aa/start/6"]),
      Speedup("matsuri d4", "perft/full/matsuri/4", "perft/diff/matsuri/4", ["perft/aa/matsuri/4"])]),
    ("F-diff-do-move", S_LS_DIFF, "What the differential position's bookkeeping costs a do_move",
     [Speedup("full do_move over differential do_move", "do_move/diff/walk", "do_move/full/walk", ["do_move/aa/walk"])]),
    ("F-dirty-kernels", S_LS_DIFF, "The dirty-flag kernels: LS3600's `mov/and/neg/sbb/lea` loop (\"2.5 cycles a "
     "piece\"), the 4-instruction `adc` form, xbyak JIT, AVX2 and AVX-512, for the whole 40-piece mask",
     [Cycles(f"`{k}`, walk, 40 pieces", f"dirty_flags/{k}/walk/40", ["dirty_flags/aa/walk/40"])
      for k in ("cpp", "sbb_lea_asm", "adc_asm", "jit_sbb_lea", "jit_adc", "avx2", "avx512", "jit_vptestmq")]),
    ("F-dbb-window", S_LS_DIFF, "Which DBB word holds a (from, to) pair: an 81x81 byte table against arithmetic",
     [Speedup("table over compare", "dbb/compare/walk", "dbb/table/walk", ["dbb/aa/walk"]),
      Speedup("table over class bits", "dbb/class_bits/walk", "dbb/table/walk", ["dbb/aa/walk"])]),
    # LS3600, Bonanza hand
    ("F-bonanza-bit-trick", S_LS_HAND, "Is Bonanza's superiority bit trick faster than a per-field test (\"probably "
     "slightly\")?",
     [Speedup("bonanza21 alternating masks over per field", "hand_superior/bonanza21/by_field",
              "hand_superior/bonanza21/alternating", ["hand_superior/bonanza21/aa"]),
      Speedup("padded24 shift and subtract over per field", "hand_superior/padded24/by_field",
              "hand_superior/padded24/shift_subtract", ["hand_superior/padded24/aa"]),
      Speedup("bonanza21 through PDEP over per field", "hand_superior/bonanza21/by_field", "hand_superior/bonanza21/pdep",
              ["hand_superior/bonanza21/aa"])]),
    ("F-bonanza-aggressive", S_LS_HAND, "Bonanza's aggressive superiority sums fields in place: how often does that "
     "differ from summing counts?",
     [MdCell("boundary pairs accepted by the faithful (in-place) sum, rejected by counts", "repetition_study.md",
             "boundary: counts", "faithful yes, corrected no"),
      MdCell("of all boundary pairs", "repetition_study.md", "boundary: counts", "pairs")]),
    # The project's own questions
    ("F-search-precision", S_OWN, "Can the bench tell a change in the real search's speed of a few per cent, the "
     "size of a few Elo (its A/A within 1 %)?",
     [Speedup("real search, the default configuration over a second engine of itself (A/A; paired rounds from "
              "2026-11-29, separate medians before)", search_row(), search_row("aa"), [search_row("aa")])]),
    ("F-diff-search", S_OWN, "Does differential generation pay in the real search (the engine's own trees)?",
     [Speedup("real search, padded32-xor, classic TT: differential over full", search_row(), search_row("diff"),
              [search_row("aa")]),
      Speedup("the search's own node sequence, `node_replay/*/all`", "node_replay/full/all", "node_replay/diff/all",
              ["node_replay/aa/all"]),
      Speedup("captures and quiets from kept attack sets, `node_replay/diff_kept/all`", "node_replay/full/all",
              "node_replay/diff_kept/all", ["node_replay/aa/all"]),
      Speedup("captures per node: kept attack sets (after sync) over the full generator", "node_replay/full/captures",
              "node_replay/diff_kept/captures", ["node_replay/aa/captures"]),
      Speedup("evasions per node: kept attack sets over the full generator", "node_replay/full/evasions",
              "node_replay/diff_kept_evasions/evasions", ["node_replay/aa/evasions"]),
      Speedup("quiets per node: kept attack sets over the full generator", "node_replay/full/quiets",
              "node_replay/diff_kept/quiets", ["node_replay/aa/quiets"]),
      Match("games at 100 ms a move, full against differential", "2026-11-25-amd-epyc-f1a", "full-diff")]),
    ("F-gen-bound", S_OWN, "The most any generator could speed this search up (the position's work at zero cost)",
     [Bound("full search cycles over the same less `node_replay/full/all`", search_row(), "node_replay/full/all",
            [search_row("aa"), "node_replay/aa/all"])]),
    ("F-slider-attacks", S_OWN, "Slider attack methods: the library's (PEXT, file table) against ray walk, bit scan, "
     "magic and Qugiy's (2021) subtraction on the byte-reversed bitboard",
     [Speedup(f"{p}: library over ray walk", f"attacks/ray_walk/{p}", f"attacks/library/{p}", [f"attacks/aa/{p}"])
      for p in ("lance", "bishop", "rook")]
     + [Speedup("bishop: library (PEXT) over magic", "attacks/magic/bishop", "attacks/library/bishop",
                ["attacks/aa/bishop"]),
        Speedup("lance: library (table) over bit scan", "attacks/bit_scan/lance", "attacks/library/lance",
                ["attacks/aa/lance"]),
        Speedup("rook: library over bit-scanned file", "attacks/bit_scan/rook", "attacks/library/rook",
                ["attacks/aa/rook"])]
     + [Speedup(f"{p}: Qugiy over library", f"attacks/library/{p}", f"attacks/qugiy/{p}", [f"attacks/aa/{p}"])
        for p in ("lance", "bishop", "rook")]
     + [Speedup(f"{p} (latency, chained calls): Qugiy over library", f"attacks/library/{p}_chain",
                f"attacks/qugiy/{p}_chain", [f"attacks/aa/{p}_chain"]) for p in ("lance", "bishop", "rook")]
     + [Speedup(f"{p}: Qugiy with AVX-512 over Qugiy", f"attacks/qugiy/{p}", f"attacks/qugiy512/{p}",
                [f"attacks/aa/{p}"]) for p in ("bishop", "rook")]),
    ("F-perft-anchor", S_OWN, "How fast is the full generator against YaneuraOu built for the same CPU (perft, "
     "each program's own timer, the last ply bulk-counted by both)?",
     [MdCell(f"{p}: sashite's time over YaneuraOu's, median of the interleaved rounds' ratios (min-max)",
             "external_perft.md", p.split()[0], "sashite/YaneuraOu", per_cpu=True)
      for p in ("start d6", "matsuri d4")]
     + [Speedup(f"perft {c}: last ply counted, not written (perft_leaf_count), over written; not like for like",
                f"perft/full/{c}", f"perft/full-leafcount/{c}", [f"perft/aa/{c}"]) for c in ("start/6", "matsuri/4")]),
    ("F-mate-in-one", S_OWN, "Mate in one decided from attack sets, without a make or a move list (the idea of "
     "YaneuraOu's mate1ply), against making each contact check and generating the evasions",
     [Speedup(f"{c}: bitboard over make, per call", f"mate_in_one/make/{c}", f"mate_in_one/bitboard/{c}",
              [f"mate_in_one/aa/{c}"]) for c in ("mate", "nomate", "walk")]),
    ("F-hand-layouts", S_OWN, "Does the hand layout change perft or search speed?",
     [Speedup(f"perft start d5: {h}-xor over padded32-xor", "perft/padded32-xor/start/5", f"perft/{h}-xor/start/5",
              ["perft/aa/start/5"]) for h in ("bonanza21", "padded24", "hand64")]
     + [Speedup(f"real search: {h}-xor over padded32-xor", search_row(), search_row(hand=f"{h}-xor"),
                [search_row("aa")]) for h in ("bonanza21", "padded24", "hand64")]),
    ("F-superiority", S_OWN, "The fastest superiority test per layout against its per-field test",
     [Speedup("padded32 borrow mask over per field", "hand_superior/padded32/by_field", "hand_superior/padded32/borrow",
              ["hand_superior/padded32/aa"]),
      Speedup("padded32 xbyak loop over per field", "hand_superior/padded32/by_field", "hand_superior/padded32/jit",
              ["hand_superior/padded32/aa"]),
      Speedup("hand64 xbyak loop over per field", "hand_superior/hand64/by_field", "hand_superior/hand64/jit",
              ["hand_superior/hand64/aa"])]),
    ("F-key-scheme", S_OWN, "Additive against XOR keys where it counts: perft and the real search",
     [Speedup("perft start d5, hand64: additive over XOR", "perft/hand64-xor/start/5", "perft/hand64-additive/start/5",
              ["perft/aa/start/5"]),
      Speedup("real search, hand64: additive over XOR", search_row(hand="hand64-xor"), search_row(hand="hand64-additive"),
              [search_row("aa", "hand64-xor")]),
      Speedup("real search, padded32: additive over XOR", search_row(), search_row(hand="padded32-additive"),
              [search_row("aa")])]),
    ("F-effect-sources", S_OWN, "Where the evaluation's effect counts come from: recomputed, kept by the differential "
     "position, or updated incrementally in do_move",
     [Speedup("per ply (make + evaluation): incremental over recomputed", "effects/recomputed/walk",
              "effects/incremental/walk", ["effects/aa/walk"]),
      Speedup("per ply: kept attack sets over recomputed", "effects/recomputed/walk", "effects/diff-kept/walk",
              ["effects/aa/walk"]),
      Cycles("the counts from the bitboards with the make (`effects/counts/walk`; AVX-512 byte counter where the "
             "build has it, bit planes on the Zen 3)", "effects/counts/walk", ["effects/aa/walk"]),
      Speedup("incremental position's make + unmake: copy undo over replay undo", "effects_make/replay/walk",
              "effects_make/copy/walk", ["effects_make/aa/walk"]),
      Speedup("real search: incremental over recomputed", search_row(), search_row("full+incremental"),
              [search_row("aa")]),
      Speedup("real search: kept attack sets over recomputed", search_row(), search_row("diff+diff-kept"),
              [search_row("aa")])]),
    ("F-compilers", S_OWN, "g++ against clang++ on the same sources (YaneuraOu's authors report clang 15-20 % faster)",
     [Compilers()]),
    ("F-elo-curve", S_OWN, "What is a speed-up worth in Elo? The node-odds curve Elo = k log2(K)", [EloCurve()]),
    ("F-elo-speedup", S_OWN, "Does a measured speed-up turn into the Elo the curve predicts?",
     [Match("time odds 2 (200 against 100 ms a move)", "2026-11-25-amd-epyc-f1a", "odds-x2"),
      Match("time odds 1.02 (the full/differential nodes/s ratio of the games)", "2026-11-25-amd-epyc-f1a",
            "odds-nps-ratio"),
      Sprt(r"^direct-test-|^speed-")]),
    ("F-search-features", S_OWN, "Which search techniques pay here (each switched on or off in one build, an SPRT "
     "at byoyomi 40)", [Sprt(r"^(search-modern|feature-|root-mate-probe|search-mate-safety)"), SprtTally()]),
    ("F-search-constants", S_OWN, "Do SPSA-tuned search margins and scales beat the hand-set ones?",
     [Sprt(r"^spsa-search-constants")]),
    ("F-eval-terms", S_OWN, "Which evaluation terms pay (effects by distance to the kings, threats, king danger, "
     "castle, piece ranks, king guards)?", [Sprt(r"^(effect-eval|eval-(?!gpsusi))")]),
    ("F-eval-fits", S_OWN, "Do weights fitted to games or scores (Texel, SPSA, gpsusi's scores, learned and fitted "
     "piece tables) beat the hand-set ones?", [Sprt(r"^(texel-|spsa-weights|spsa-material|eval-gpsusi|piece-|fitted-)")]),
    ("F-move-picker", S_OWN, "Picking the best remaining move one at a time against sorting the list",
     [Sprt(r"^speed-pick")]),
    ("F-unit-inlining", S_OWN, "Does moving code into or out of a compilation unit change the machine code of what "
     "stays?", []),
    ("F-calibration", S_OWN, "How far apart are the add-chain calibrations before and after a timed loop, and where "
     "does the harness reject a repetition (kCalibrationGap)?",
     [ReportRegex("abs(after / before - 1) per repetition: median, 95th percentile, maximum; rejected beyond 5 %",
                  r"\|after / before - 1\| has median ([0-9.]+ %), 95th percentile ([0-9.]+ %), maximum ([0-9.]+ %) "
                  r"over (\d+) repetitions\. (\d+) repetition", "{0}, {1}, {2}; {4} of {3} rejected")]),
    ("F-mate-mobility", S_OWN, "Should a new df-pn node's initial numbers count its own checks and evasions, and "
     "with what unit?",
     [FileCell("煙詰 nodes, unbounded df-pn, before the mobility step", "2026-11-26-unbounded-df-pn-steps.md",
               "per-cluster meta line", "煙詰 nodes"),
      FileCell("... with mobility, unit 3", "2026-11-26-unbounded-df-pn-steps.md", "mobility in the initial numbers",
               "煙詰 nodes")]
     + [FileCell(f"煙詰 nodes, units (dn, pn) = {u}", "2026-11-26-unbounded-df-pn-steps.md", k, "煙詰 nodes")
        for u, k in (("1, 1", "1, 1"), ("2, 2", "2, 2"), ("3, 3", "**3, 3**"), ("4, 4", "4, 4"), ("6, 6", "6, 6"))]),
    ("F-mate-double-count", S_OWN, "Does source-node double-count elimination (Kishimoto 2010, KomoringHeights' "
     "form) make the unbounded df-pn's proofs take fewer nodes?",
     [FileCell(f"{problem} nodes, first proof, one thread, {variant}", "2026-12-02-mate-double-count.md", key, column)
      for problem, column in (("煙詰", "煙詰 nodes"), ("tsume_generated.txt", "tsume_generated.txt nodes"),
                              ("tsume_hard.txt", "tsume_hard.txt nodes"))
      for variant, key in (("off", "off"), ("on", "**on**"), ("with the side-branch test", "side-branch test 9"))]
     + [FileCell(f"ミクロコスモス nodes, first proof, one thread, {variant}", "2026-12-02-mate-double-count.md",
                 "ミクロコスモス", column) for variant, column in (("off", "off nodes"), ("on", "on nodes"))]),
    ("F-mate-tca", S_OWN, "Does the threshold-controlling algorithm (Kishimoto 2010, KomoringHeights' form) make the "
     "unbounded df-pn's proofs take fewer nodes?",
     [FileCell(f"{problem} nodes, first proof, one thread, {variant}", "2026-12-03-mate-tca.md", key, column)
      for problem, column in (("煙詰", "煙詰 nodes"), ("tsume_generated.txt", "tsume_generated.txt nodes"),
                              ("tsume_hard.txt", "tsume_hard.txt nodes"))
      for variant, key in (("off", "off"), ("on", "**on**"))]
     + [FileCell(f"{problem} nodes, first proof, one thread, {variant}", "2026-12-03-mate-tca.md", problem,
                 f"{variant} nodes")
        for problem in ("ミクロコスモス", "Astral Traveler") for variant in ("off", "on")]),
    ("F-mate-table-collection", S_OWN, "Does a sampled garbage collection by effort (KomoringHeights' idea) keep more "
     "of what the unbounded df-pn needs than replacing the least-worked entry of an 8-entry cluster?",
     [FileCell(f"{problem} {question}, {key.split(', ')[-1]}, {layout}", "2026-11-30-mate-table-collection.md", key,
               f"{problem} {column}")
      for problem, question, key in (("煙詰", "first proof", "1 MB"), ("寿", "first proof", "4 MB"),
                                     ("煙詰", "shortest in 20 s", "shortest, 16 MB"))
      for layout, column in (("cluster replacement", "pn-dn"), ("with the collection", "pn-dn-gc"))]),
]
IDS = [f[0] for f in FINDINGS]


# ---------------------------------------------------------------------------------------------
# Reading the committed data.

def read_tsv(path):
    with open(path, encoding="utf-8") as fh:
        return list(csv.DictReader((l for l in fh if not l.startswith("#")), delimiter="\t"))


def short_cpu(machine):
    return family_of(machine).replace(" (AMD EPYC, ", " (")


def committed_runs(results):
    """Every run folder with a machine.txt and bench data, oldest first (machine.txt's time)."""
    dated = []
    for d in os.listdir(results):
        mt = os.path.join(results, d, "machine.txt")
        if os.path.isfile(mt) and exists(os.path.join(results, d, "bench.json")):
            machine = open(mt, encoding="utf-8").read().strip()
            stamp = re.search(r"(\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC", machine)
            dated.append((stamp.group(1) if stamp else d, d, machine))
    runs = []
    for _, d, machine in sorted(dated):
        context, rows = load_runs(os.path.join(results, d, "bench.json"))
        rows = with_search_aliases(rows)
        runs.append({"run": d, "cpu": short_cpu(machine), "rows": rows, "baselines": parse_baselines(context)})
    return runs


def cpu_order(runs):
    """CPU families in the order of their first committed run."""
    out = []
    for r in runs:
        if r["cpu"] not in out:
            out.append(r["cpu"])
    return out


def has(run, metric):
    return all(n in run["rows"] and run["rows"][n].cycles for n in metric.rows())


def noise_of(run, metric):
    devs = [d for d in (aa_deviation(run["rows"], run["baselines"], a) for a in metric.aa) if d is not None]
    return max(devs) if devs else None


# ---------------------------------------------------------------------------------------------
# Writing.

class Doc:
    def __init__(self, results, commits):
        self.results, self.commits, self.cited = results, commits, []

    def link(self, rel, text=None):
        """A link to a file under results/ (or the repository root with a leading '/'), recorded
        as cited."""
        path = rel[1:] if rel.startswith("/") else os.path.join("results", rel)
        self.cited.append(path)
        return f"[{text or rel.lstrip('/')}]({path})"

    def commit(self, key):
        return f"`{self.commits[key]}`" if key in self.commits else "not recorded"


def bench_table(doc, runs, cpus, metrics):
    lines = ["| measure | CPU | figure | A/A noise | verdict | runs of this CPU (range) | run (commit) |",
             "|---|---|---:|---:|---|---|---|"]
    for m in metrics:
        for cpu in cpus:
            mine = [r for r in runs if r["cpu"] == cpu and has(r, m)]
            if not mine:
                continue
            newest = mine[-1]
            v = m.figure(newest["rows"])
            noise = noise_of(newest, m)
            vals = [m.figure(r["rows"]) for r in mine]
            rng = f"{len(mine)} ({m.fmt(min(vals))} - {m.fmt(max(vals))})" if len(mine) > 1 else "1"
            lines.append(f"| {m.label} | {cpu} | {m.fmt(v)} | {'-' if noise is None else f'{noise:.1%}'} | "
                         f"{verdict(m, v, noise)} | {rng} | {doc.link(newest['run'] + '/report.md', newest['run'])} "
                         f"({doc.commit(newest['run'])}) |")
    return lines if len(lines) > 2 else []


def md_table(doc, runs, cpus, metrics):
    lines = ["| measure | CPU | figure | source (commit) |", "|---|---|---:|---|"]
    for m in metrics:
        groups = [[r for r in runs if r["cpu"] == c] for c in cpus] if m.per_cpu else [runs]
        for group in groups:
            have = [r for r in group if os.path.isfile(os.path.join(doc.results, r["run"], m.file))]
            if not have:
                continue
            r = have[-1]
            v = m.read(os.path.join(doc.results, r["run"], m.file))
            if v is None:
                continue
            cpu = r["cpu"] if m.per_cpu else f"any (deterministic; {r['cpu']})"
            lines.append(f"| {m.label} | {cpu} | {v} | {doc.link(r['run'] + '/' + m.file)} ({doc.commit(r['run'])}) |")
    return lines if len(lines) > 2 else []


def regex_table(doc, runs, cpus, metrics):
    lines = ["| measure | CPU | figure | runs of this CPU | run (commit) |", "|---|---|---|---:|---|"]
    for m in metrics:
        for cpu in cpus:
            got = [(r, v) for r in runs if r["cpu"] == cpu
                   for v in [m.read(os.path.join(doc.results, r["run"], "report.md"))] if v]
            if got:
                r, v = got[-1]
                lines.append(f"| {m.label} | {cpu} | {v} | {len(got)} | "
                             f"{doc.link(r['run'] + '/report.md', r['run'])} ({doc.commit(r['run'])}) |")
    return lines


def file_table(doc, metrics):
    lines = ["| measure | CPU | figure | source (commit) |", "|---|---|---:|---|"]
    for m in metrics:
        path = os.path.join(doc.results, m.path)
        machine = re.search(r"Machine: (.*)", open(path, encoding="utf-8").read())
        v = m.read(path)
        if v is not None:
            lines.append(f"| {m.label} | {short_cpu(machine.group(1)) if machine else 'not named'} | {v} | "
                         f"{doc.link(m.path)} ({doc.commit(m.path)}) |")
    return lines


def compilers_table(doc, runs, cpus):
    lines = ["| CPU | g++ / clang++ cycles (median over rows) | rounds | runs of this CPU (range) | run (commit) |",
             "|---|---:|---|---|---|"]
    for cpu in cpus:
        got = []
        for r in runs:
            if r["cpu"] == cpu:
                v = Compilers().read(os.path.join(doc.results, r["run"], "report.md"))
                if v:
                    got.append((r, v))
        if not got:
            continue
        r, (ratio, rounds) = got[-1]
        vals = [v[0] for _, v in got]
        rng = f"{len(got)} ({min(vals):.3f} - {max(vals):.3f})" if len(got) > 1 else "1"
        lines.append(f"| {cpu} | {ratio:.3f} | {rounds} | {rng} | "
                     f"{doc.link(r['run'] + '/report.md', r['run'])} ({doc.commit(r['run'])}) |")
    return lines


def md_rows(path, first_header):
    """(context, row dict) for every row of the Markdown tables of `path` whose header starts with
    `first_header`; context is the newest `## ` heading or line that opens with a backquoted path."""
    out, header, heading, sub = [], None, "", ""
    for line in open(path, encoding="utf-8"):
        if line.startswith("## "):
            heading, sub = line.strip("# \n"), ""
        elif line.startswith("`tests/"):
            sub = line.strip().rstrip(":")
        context = heading if not sub else sub if heading.startswith("`tests/") else f"{heading}: {sub}"
        if not line.startswith("|"):
            header = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif header[0] == first_header and not set("".join(cells)) <= set("-: "):
            out.append((context, dict(zip(header, cells))))
    return out


def match_table(doc, metrics):
    lines = ["| match | CPU | games | W / D / L | Elo [95 %] | nodes/s first / second | summary (commit) |",
             "|---|---|---:|---|---|---|---|"]
    for m in metrics:
        folder = os.path.join(doc.results, "matches", m.folder)
        machine = open(os.path.join(folder, "machine.txt"), encoding="utf-8").read() if os.path.isfile(
            os.path.join(folder, "machine.txt")) else ""
        for _, r in md_rows(os.path.join(folder, "README.md"), "match"):
            if r["match"] == f"`{m.match}`":
                lines.append(f"| {m.label} (`{m.match}`) | {short_cpu(machine)} | {r['games']} | {r['W / D / L']} | "
                             f"{r['Elo [95 %]']} | {r['nodes/s first / second']} | "
                             f"{doc.link('matches/' + m.folder + '/README.md', m.folder)} "
                             f"({doc.commit('matches/' + m.folder)}) |")
    return lines


def mate_table(doc):
    path = os.path.join(doc.results, "mate_report.md")
    machine = re.search(r"Machine: (.*)", open(path, encoding="utf-8").read())
    lines = [f"Totals per problem set from {doc.link('mate_report.md')} ({doc.commit('mate_report.md')}; "
             f"{short_cpu(machine.group(1)) if machine else 'CPU not named'}):", "",
             "| set | solver | table | solved | total ms | nodes/s | x 謎電 |", "|---|---|---|---:|---:|---:|---:|"]
    for context, r in md_rows(path, "solver"):
        lines.append(f"| {context} | {r['solver']} | {r['table']} | {r['solved']} | {r['total ms']} | "
                     f"{r['nodes/s']} | {r.get('x 謎電 (1,359,825 nodes/s)', '')} |")
    return lines


def mate_stats_table(doc):
    path = os.path.join(doc.results, "mate_report.md")
    lines = [f"Table statistics of the solves {doc.link('mate_report.md')} traces (謎電 reported 77 per mille "
             "extended and a longest chain of 8 on his 15-ply problem):", "",
             "| solve | solver | table | extension rate | longest same-board chain |", "|---|---|---|---:|---:|"]
    heading, solver = "", None
    for line in open(path, encoding="utf-8"):
        if line.startswith("## "):
            heading = line.strip("# \n")
        m = re.match(r"(\S+) \| (\S+), per iteration", line)
        if m:
            solver = m.groups()
        m = re.match(r"table: .*extension rate (\d+) permille.*longest same-board chain (\d+)", line)
        if m and solver and solver[1] == "main-overflow":
            lines.append(f"| {heading} | {solver[0]} | {solver[1]} | {m.group(1)} per mille | {m.group(2)} |")
    return lines


def elo_table(doc):
    lines = ["| curve | CPU | base nodes per move | points | k, Elo per doubling [95 %] | chi-square | fit (commit) |",
             "|---|---|---:|---:|---|---:|---|"]
    base = os.path.join(doc.results, "elo_curve")
    for d in sorted(os.listdir(base)):
        fit = os.path.join(base, d, "fit.tsv")
        if not os.path.isfile(fit):
            continue
        for row in read_tsv(fit):
            k, se = float(row["k"]), float(row["se"])
            cpu = short_cpu(row["machine"] + ", ")
            lines.append(f"| {doc.link('elo_curve/' + d + '/README.md', d)} | {cpu} | {int(row['base']):,} | "
                         f"{row['points']} | {k:+.0f} [{k - 1.96 * se:+.0f}, {k + 1.96 * se:+.0f}] | {row['chi2']} | "
                         f"{doc.link('elo_curve/' + d + '/fit.tsv', 'fit.tsv')} "
                         f"({doc.commit('elo_curve/' + d)}) |")
    return lines


def sprt_rows(doc):
    path = os.path.join(doc.results, "sprt", "log.md")
    header, out = None, []
    for line in open(path, encoding="utf-8"):
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif not set("".join(cells)) <= set("-: "):
            out.append(dict(zip(header, cells)))
    return out


def sprt_speed(doc, r):
    """The nodes/s ratio of the two engines in the test's games (its summary.txt), or '-'."""
    path = os.path.join(doc.results, "sprt", f"{r['date']}-{r['test']}", "summary.txt")
    if not os.path.isfile(path):
        return "-"
    m = re.search(r"Speed in the games .*ratio ([0-9.]+)", open(path, encoding="utf-8").read())
    return f"{m.group(1)} ({doc.link(os.path.relpath(path, doc.results), 'summary')})" if m else "-"


def sprt_table(doc, metric):
    lines = ["| test | games | Elo [95 %] | verdict | nodes/s ratio in the games | CPU |", "|---|---:|---|---|---|---|"]
    for r in sprt_rows(doc):
        if metric.pattern.search(r["test"]):
            lines.append(f"| `{r['test']}` | {r['games']} | {r['Elo [95 %]']} | {r['verdict']} | {sprt_speed(doc, r)} | "
                         f"{r['CPU']} |")
    lines.append("")
    lines.append(f"Each test's change, speed ratio and prediction: {doc.link('sprt/log.md')}.")
    return lines


def sprt_tally(doc):
    rows = sprt_rows(doc)
    tally = OrderedDict((("H1 (passed)", 0), ("H0 (failed)", 0), ("no verdict", 0)))
    passed = []
    for r in rows:
        v = r["verdict"]
        key = "H1 (passed)" if v.startswith("H1") else "H0 (failed)" if v.startswith("H0") else "no verdict"
        tally[key] += 1
        if key.startswith("H1"):
            passed.append(f"`{r['test']}` {r['Elo [95 %]']}")
    return [f"{len(rows)} SPRTs in {doc.link('sprt/log.md')}: " + ", ".join(f"{n} {k}" for k, n in tally.items()) + ".",
            "", "Passed: " + "; ".join(passed) + "."]


def hand_table(doc, rows):
    lines = ["| measure | CPU | figure | noise | run (commit) | evidence |", "|---|---|---|---|---|---|"]
    for r in rows:
        ev = ", ".join(doc.link(e.strip()) for e in r["evidence"].split(",") if e.strip())
        commit = f" (`{r['commit']}`)" if r["commit"] and r["commit"] != "-" else ""
        lines.append(f"| {r['measure']} | {r['cpu']} | {r['figure']} | {r['noise']} | {r['run']}{commit} | {ev} |")
    return lines


def generate(results):
    commits = {r["path"]: r["commit"] for r in read_tsv(os.path.join(results, "run_commits.tsv"))}
    hand = read_tsv(os.path.join(results, "findings.tsv"))
    unknown = sorted({r["id"] for r in hand} - set(IDS))
    if unknown:
        raise SystemExit(f"findings.tsv: unknown ids {unknown}")
    answers = {r["id"]: r["figure"] for r in hand if r["kind"] == "answer"}
    missing = [i for i in IDS if i not in answers]
    if missing:
        raise SystemExit(f"findings.tsv: no answer row for {missing}")
    runs = committed_runs(results)
    cpus = cpu_order(runs)
    doc = Doc(results, commits)

    body = []
    for fid, source, question, metrics in FINDINGS:
        body += ["", f"## {fid}", "", f"**Question** ({source}): {question}", "", f"**Answer:** {answers[fid]}", ""]
        bench = [m for m in metrics if isinstance(m, (Speedup, Cycles))]  # Bound is a Cycles
        mds = [m for m in metrics if isinstance(m, MdCell) and not isinstance(m, FileCell)]
        table = bench_table(doc, runs, cpus, bench)
        if table:
            body += table + [""]
        table = md_table(doc, runs, cpus, mds)
        if table:
            body += table + [""]
        for kind, render in ((FileCell, lambda ms: file_table(doc, ms)),
                             (ReportRegex, lambda ms: regex_table(doc, runs, cpus, ms))):
            ms = [m for m in metrics if isinstance(m, kind)]
            if ms:
                body += render(ms) + [""]
        matches = [m for m in metrics if isinstance(m, Match)]
        if matches:
            body += match_table(doc, matches) + [""]
        for m in metrics:
            if isinstance(m, MateStats):
                body += mate_stats_table(doc) + [""]
            elif isinstance(m, MateReport):
                body += mate_table(doc) + [""]
            elif isinstance(m, Compilers):
                body += compilers_table(doc, runs, cpus) + [""]
            elif isinstance(m, EloCurve):
                body += elo_table(doc) + [""]
            elif isinstance(m, Sprt):
                body += sprt_table(doc, m) + [""]
            elif isinstance(m, SprtTally):
                body += sprt_tally(doc) + [""]
        rows = [r for r in hand if r["id"] == fid and r["kind"] == "figure"]
        if rows:
            body += ["Hand-entered from prose (`results/findings.tsv`):", ""] + hand_table(doc, rows) + [""]

    head = [
        "# Findings",
        "",
        "<!-- Generated by scripts/findings.py from the committed results; do not edit by hand:",
        "     edit results/findings.tsv (hand-entered answers and figures) or the script. -->",
        "",
        "The answers to the questions of the five seed posts and of the project itself, one section per",
        "question with a stable id that code comments cite (`// (FINDINGS.md F-diff-search)`).",
        "Generated by `scripts/findings.py` from the committed results (`ctest -R findings` fails when this",
        "file is not what it generates, or when a file it cites is missing); the method, the history and",
        "every run are in [results/README.md](results/README.md).",
        "",
        "How to read a table: per CPU family, the newest committed run that measured the question. *figure*:",
        "a ratio of core cycles (`base / contender`: above 1 the contender is faster) or cycles per call;",
        "*A/A noise*: how far that run's A/A row (the baseline measured again, interleaved) strayed from the",
        "baseline, the noise floor of the ratio; *verdict*: `faster` or `slower` only beyond it, `within A/A`",
        "(or within 1 %) otherwise, `no answer` when the A/A row itself strayed beyond 15 %; *runs of this CPU*: how many",
        "committed runs of that family measured it and the range of their figures (different code over the",
        "days: the newest run is the answer); *commit*: the commit that added the run's results. Rows",
        "\"hand-entered\" come from prose in the reports, with their source, through `results/findings.tsv`.",
        "",
        "| id | asked by | question | answer |",
        "|---|---|---|---|",
    ]
    for fid, source, question, _ in FINDINGS:
        head.append(f"| [{fid}](#{fid.lower()}) | {source} | {question} | {answers[fid]} |")
    return "\n".join(head + body).rstrip() + "\n", doc.cited


def cited_in_code(root=ROOT):
    """Finding ids cited by C++ comments (`FINDINGS.md F-...`)."""
    out = {}
    for base, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(("build", ".")) and d != "results"]
        for f in files:
            if f.endswith((".h", ".cpp")):
                p = os.path.join(base, f)
                for n, line in enumerate(open(p, encoding="utf-8", errors="replace"), 1):
                    for m in re.finditer(r"FINDINGS\.md((?:,? F-[a-z0-9-]+)+)", line):
                        for fid in re.findall(r"F-[a-z0-9-]+", m.group(1)):
                            out.setdefault(fid, []).append(f"{os.path.relpath(p, root)}:{n}")
    return out


def check(results, target, exists_fn=os.path.exists, code_root=ROOT):
    """0 when `target` is what generate() writes, every file it cites exists and every finding id a
    C++ comment under `code_root` cites exists; else 1, each problem printed."""
    errors = []
    try:
        text, cited = generate(results)
    except FileNotFoundError as e:  # a report or summary the generator reads is gone
        print(f"findings: cited file missing: {os.path.relpath(e.filename, ROOT)}", file=sys.stderr)
        return 1
    for path in sorted(set(cited)):
        if not exists_fn(os.path.join(ROOT, path)):
            errors.append(f"cited file missing: {path}")
    for r in read_tsv(os.path.join(results, "findings.tsv")):
        for e in r["evidence"].split(","):
            e = e.strip()
            if e and not exists_fn(os.path.join(ROOT, e[1:] if e.startswith("/") else os.path.join("results", e))):
                errors.append(f"findings.tsv cites a missing file: {e}")
    with tempfile.TemporaryDirectory() as tmp:
        fresh = os.path.join(tmp, "FINDINGS.md")
        open(fresh, "w", encoding="utf-8").write(text)
        current = open(target, encoding="utf-8").read() if os.path.isfile(target) else ""
        if current != text:
            diff = subprocess.run(["diff", "-u", target, fresh], capture_output=True, text=True).stdout
            errors.append("FINDINGS.md is not what scripts/findings.py generates (run it):\n" + diff[:4000])
    for fid, where in sorted(cited_in_code(code_root).items()):
        if fid not in IDS:
            errors.append(f"{', '.join(where)}: cites {fid}, which FINDINGS.md does not have")
    for e in errors:
        print("findings:", e, file=sys.stderr)
    return 1 if errors else 0


def write_commits(results):
    rows = []
    paths = [d for d in sorted(os.listdir(results)) if os.path.isfile(os.path.join(results, d, "machine.txt"))]
    paths += ["elo_curve/" + d for d in sorted(os.listdir(os.path.join(results, "elo_curve")))]
    paths += ["matches/" + d for d in sorted(os.listdir(os.path.join(results, "matches")))
              if os.path.isdir(os.path.join(results, "matches", d))]
    paths += [f for f in sorted(os.listdir(results)) if f.endswith((".md", ".txt")) and f != "README.md"]
    for p in paths:
        # A folder: the commit that added it; a report rewritten in place: its newest commit.
        how = ["-1"] if os.path.isfile(os.path.join(results, p)) else ["--diff-filter=A"]
        log = subprocess.run(["git", "log", *how, "--format=%h", "--", os.path.join(results, p)],
                             capture_output=True, text=True, cwd=ROOT).stdout.split()
        if log:
            rows.append((p, log[-1]))
    with open(os.path.join(results, "run_commits.tsv"), "w", encoding="utf-8") as fh:
        fh.write("# The commit that added each result folder, or last wrote a report (scripts/findings.py --commits).\n")
        fh.write("path\tcommit\n")
        for p, c in rows:
            fh.write(f"{p}\t{c}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--results", default=os.path.join(ROOT, "results"))
    ap.add_argument("--out", default=os.path.join(ROOT, "FINDINGS.md"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--commits", action="store_true")
    a = ap.parse_args()
    if a.commits:
        write_commits(a.results)
        return 0
    if a.check:
        return check(a.results, a.out)
    text, _ = generate(a.results)
    open(a.out, "w", encoding="utf-8").write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
