#!/usr/bin/env python3
"""`go mate` of two USI programs side by side on a tsume file (tests/data/tsume.txt format:
"SFEN | expected | source"): per problem the answer's length (or nomate / timeout) and the wall
time from `go mate` to the `checkmate` line, for sashite and gpsusi (Debian gpsshogi, df-pn).
Each program is started once; the times include the pipe round trip (~0.1 ms). gpsusi prints
one mating line, not always the shortest attack or the longest defence. Prints Markdown.

Usage: mate_anchor.py <sashite binary> <tsume file> [ms per problem]"""
import shutil
import subprocess
import sys
import time


def start(argv):
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True, bufsize=1)
    for line in ["usi", "isready"]:
        p.stdin.write(line + "\n")
    p.stdin.flush()
    for line in p.stdout:
        if line.strip() == "readyok":
            break
    return p


def go_mate(p, sfen, ms):
    p.stdin.write(f"position sfen {sfen}\n")
    t0 = time.monotonic()
    p.stdin.write(f"go mate {ms}\n")
    p.stdin.flush()
    for line in p.stdout:
        if line.startswith("checkmate"):
            wall = time.monotonic() - t0
            words = line.split()[1:]
            answer = words[0] if words and words[0] in ("nomate", "timeout") else f"mate {len(words)}"
            return answer, wall
    return "no answer", time.monotonic() - t0


def main():
    binary, path = sys.argv[1], sys.argv[2]
    ms = int(sys.argv[3]) if len(sys.argv) > 3 else 60000
    sfens = [l.split(" |")[0].strip() for l in open(path) if l.strip() and not l.startswith("#")]
    programs = [("sashite", [binary])]
    gps = shutil.which("gpsusi") or ("/usr/games/gpsusi" if shutil.which("/usr/games/gpsusi") else None)
    if gps:
        programs.append(("gpsusi", [gps]))
    procs = {name: start(argv) for name, argv in programs}
    print("| # | " + " | ".join(f"{n} answer | {n} ms" for n, _ in programs) + " |")
    print("|---|" + "---|---:|" * len(programs))
    total = {n: 0.0 for n, _ in programs}
    for i, sfen in enumerate(sfens, 1):
        cells = []
        for name, _ in programs:  # interleaved: one problem, every program
            answer, wall = go_mate(procs[name], sfen, ms)
            total[name] += wall
            cells += [answer, f"{wall * 1000:.1f}"]
        print(f"| {i} | " + " | ".join(cells) + " |")
    print("| total | " + " | ".join(f" | {total[n] * 1000:.1f}" for n, _ in programs) + " |")
    for p in procs.values():
        p.stdin.write("quit\n")
        p.stdin.close()
        p.wait()


if __name__ == "__main__":
    main()
