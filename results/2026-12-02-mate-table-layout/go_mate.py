#!/usr/bin/env python3
"""One `go mate` through USI, timed from outside:
python3 go_mate.py BINARY MATEHASH [SET LINE [THREADS]] (MateThreads, default 1).

Sets MateHash and MatePostSearch none, waits for readyok (the table is allocated and prefaulted
there), sleeps a second, then times `go mate 60000` to the `checkmate` line. Prints isready's
time, that wall time, and the solver's own time and nodes from its last `info time` line."""
import subprocess, sys, time

binary, mb = sys.argv[1], sys.argv[2]
path = sys.argv[3] if len(sys.argv) > 3 else "tests/data/tsume_long.txt"
line = int(sys.argv[4]) if len(sys.argv) > 4 else 9  # 煙詰
threads = int(sys.argv[5]) if len(sys.argv) > 5 else 1
sfen = open(path, encoding="utf-8").read().splitlines()[line - 1].split("|")[0].strip()
p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def send(s):
    p.stdin.write(s + "\n")
    p.stdin.flush()


def wait(prefix):
    while not (l := p.stdout.readline()).startswith(prefix):
        pass
    return l


send("usi"), wait("usiok")
send(f"setoption name MateHash value {mb}"), send("setoption name MatePostSearch value none")
send(f"setoption name MateThreads value {threads}")
t = time.time()
send("isready"), wait("readyok")
ready = time.time() - t
time.sleep(1)
send("position sfen " + sfen)
t = time.time()
send("go mate 60000")
last = None
while not (l := p.stdout.readline()).startswith("checkmate"):
    if l.startswith("info time"):
        last = l.split()
wall = time.time() - t
send("quit")
p.wait()
print(f"{binary} {mb} isready_ms {ready * 1000:.0f} wall_ms {wall * 1000:.0f} solver_ms {last[2]} nodes {last[4]}")
