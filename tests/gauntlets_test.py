#!/usr/bin/env python3
"""scripts/gauntlets.py: every match of sashite against another engine listed from sashite's
side (also when it played second), self-play left out, and runs pooled only where the engine's
bench tree, opponent, time control and sashite's options are all the same; runs without an
engine.txt listed but not pooled; a clear error for a missing folder."""
import json
import os
import subprocess
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "gauntlets.py")
sys.path.insert(0, os.path.dirname(SCRIPT))
import gauntlets as g  # noqa: E402


def write_match(root, run, stamp, match, first, second, wdl, options=(), tc="byoyomi=1000", engine=None):
    folder = os.path.join(root, run)
    os.makedirs(os.path.join(folder, match), exist_ok=True)
    open(os.path.join(folder, "machine.txt"), "w").write(
        f"AMD EPYC (family 0x19, model 0x11), 2 logical CPUs, virtualised; Linux x; {stamp} UTC\n")
    if engine:
        open(os.path.join(folder, "engine.txt"), "w").write(
            f"commit: {engine[0]}\nbench: {engine[1]} nodes (the default search's bench tree)\n")
    w, d, l = wdl
    summary = {"first": first, "second": second, "wins": w, "draws": d, "losses": l, "pairs": (w + d + l) // 2,
               "elo": 0, "elo_low": 0, "elo_high": 0, "nelo": 0, "score": 0, "first_nps": 1.5e6, "second_nps": 3e5}
    json.dump(summary, open(os.path.join(folder, match, "summary.json"), "w"))
    open(os.path.join(folder, match, "summary.txt"), "w").write(
        f"Time control: {first} {tc}, {second} {tc}\nWall time: 10 s\nEndings: resignation {w + d + l}\n")
    sashite_words = " ".join(["option.USI_Hash=64", "option.MoveOverhead=20", *options])
    engines = {first: f"--engine name={first} cmd=/bin/x " + (sashite_words if first == "sashite" else "option.Thread=1"),
               second: f"--engine name={second} cmd=/bin/y " + (sashite_words if second == "sashite" else "option.Thread=1")}
    open(os.path.join(folder, match, "command.txt"), "w").write(
        f"build/bin/match run --pairs 8 {engines[first]} {engines[second]} --tc {tc} --margin-ms 2000\n")


def main():
    with tempfile.TemporaryDirectory() as root:
        write_match(root, "r1", "2026-01-01 10:00", "gpsusi", "sashite", "gpsusi", (10, 0, 22), engine=("aaa", 49506))
        write_match(root, "r2", "2026-01-02 10:00", "gpsusi", "sashite", "gpsusi", (13, 1, 18), engine=("bbb", 49506))
        # sashite second: its wins are the summary's losses.
        write_match(root, "r3", "2026-01-03 10:00", "gpsusi", "gpsusi", "sashite", (20, 0, 12), engine=("ccc", 49506))
        write_match(root, "r4", "2026-01-04 10:00", "gpsusi", "sashite", "gpsusi", (16, 0, 16),
                    options=("option.EvalWeights=a=1",), engine=("ddd", 49506))
        write_match(root, "r5", "2026-01-05 10:00", "gpsusi", "sashite", "gpsusi", (5, 0, 27))  # no engine.txt
        write_match(root, "r6", "2026-01-06 10:00", "gpsusi", "sashite", "gpsusi", (1, 0, 31), engine=("eee", 45809))
        write_match(root, "r6", "2026-01-06 10:00", "selfplay", "sashite", "sashite", (20, 0, 20), engine=("eee", 45809))

        rows = g.matches(root)
        runs = [r["run"] for r in rows]
        assert runs == ["r1", "r2", "r3", "r4", "r5", "r6"], f"runs in time order, no self-play: {runs}"
        r3 = next(r for r in rows if r["run"] == "r3")
        assert (r3["w"], r3["l"], r3["nps"]) == (12, 20, 3e5), f"sashite's side when it played second: {r3}"
        r4 = next(r for r in rows if r["run"] == "r4")
        assert r4["options"] == "EvalWeights=a=1", f"match.sh's own options left out: {r4['options']!r}"
        assert rows[0]["tc"] == "byoyomi=1000", f"one control shown once: {rows[0]['tc']!r}"

        pooled = g.pooled(rows)[2:]
        assert len(pooled) == 3, f"three pools (49,506 plain; 49,506 with options; 45,809): {pooled}"
        plain = next((p for p in pooled if "49,506 (aaa, bbb, ccc)" in p and "| - |" in p), "")
        assert "| 3 |" in plain and "35 / 1 / 60" in plain, f"same tree and options pooled: {plain}"
        s, lo, hi = g.score_interval(35, 1, 60)
        assert f"{100 * s:.1f} %" in plain and abs(s - 35.5 / 96) < 1e-12 and lo < s < hi, f"pooled score {s}"
        assert any("EvalWeights=a=1" in p and "16 / 0 / 16" in p for p in pooled), "options keep their own pool"
        assert not any("5 / 0 / 27" in p for p in pooled), "a run without engine.txt is not pooled"
        assert abs(g.elo(0.5)) < 1e-9 and g.elo(0.0) is None and abs(g.elo(0.75) - 190.85) < 0.01, "Elo from score"

        out = subprocess.run([sys.executable, SCRIPT, root, "--write", os.path.join(root, "g.md")],
                             capture_output=True, text=True, timeout=60)
        text = open(os.path.join(root, "g.md")).read() if out.returncode == 0 else ""
        assert "not recorded" in text and "tree 49,506 (aaa)" in text, f"the file lists every run: {out.stderr}"

    out = subprocess.run([sys.executable, SCRIPT, "/nonexistent/matches"], capture_output=True, text=True, timeout=60)
    assert out.returncode != 0 and "no such folder" in out.stderr, f"missing folder: {out.returncode} {out.stderr}"



if __name__ == "__main__":
    main()
    print("gauntlets_test: ok")
