# Interleaved fixed-node searches of two sashite binaries (1.5 M nodes, the start position and the
# bench middle game, the order alternating): wall time per search, median ratio new/base.
#   python3 node_rate.py NEW BASE ROUNDS
import os, sys, time, statistics as st
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../scripts'))
from usi_process import UsiProcess
bins = sys.argv[1:3]
positions = ["position startpos",
             "position sfen ln1g3nl/1r3kg2/p2pppsp1/2ps2p1p/1p7/2P1P1P2/PPSP1PS1P/1KG4R1/LN1G3NL b Bb 29"]
engines = [UsiProcess(b) for b in bins]
for e in engines: e.handshake({"USI_Hash": 16})
ratios = []; nodes = {}
for r in range(int(sys.argv[3])):
    order = [0, 1] if r % 2 == 0 else [1, 0]
    for pos in positions:
        t = {}
        for i in order:
            e = engines[i]
            e.send("usinewgame", pos, "isready"); e.read_until("readyok")
            t0 = time.perf_counter(); lines = e.go("go nodes 1500000"); t[i] = time.perf_counter() - t0
            last = [l for l in lines if " nodes " in l][-1].split()
            nodes.setdefault((pos, i), last[last.index("nodes") + 1])
        ratios.append(t[0] / t[1])
print("same nodes:", all(nodes[(p, 0)] == nodes[(p, 1)] for p in positions))
print("new/base time per search: median %.4f, min %.4f, max %.4f over %d pairs" % (st.median(ratios), min(ratios), max(ratios), len(ratios)))
for e in engines: e.quit()
