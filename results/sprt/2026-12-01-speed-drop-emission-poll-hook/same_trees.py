# Do two sashite binaries search the same trees on an SPRT's game positions? A random position
# of each of N random games, `go nodes 150000` with 16 MB, both binaries: the best move, the last
# iteration's node count and the number of iterations compared.
#   python3 same_trees.py games.jsonl.xz NEW BASE N
import json, lzma, os, sys, random
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../scripts'))
from usi_process import UsiProcess
games = [json.loads(l) for l in lzma.open(sys.argv[1], 'rt')]
random.seed(1)
picks = []
for g in random.sample(games, int(sys.argv[4])):
    moves = g['moves'] if isinstance(g['moves'], list) else g['moves'].split()
    k = random.randrange(0, max(1, len(moves) - 1))
    picks.append(f"position sfen {g['opening']} moves {' '.join(moves[:k])}" if k else f"position sfen {g['opening']}")
engines = [UsiProcess(b) for b in (sys.argv[2], sys.argv[3])]
for e in engines: e.handshake({"USI_Hash": 16})
diff = 0
for pos in picks:
    outs = []
    for e in engines:
        e.send("usinewgame", pos)
        lines = e.go("go nodes 150000")
        info = [l for l in lines if l.startswith("info depth")]
        last = info[-1].split() if info else []
        nodes = last[last.index("nodes") + 1] if "nodes" in last else "?"
        outs.append((lines[-1].split()[1], nodes, len(info)))
    if outs[0] != outs[1]:
        diff += 1
        print("DIFF", pos[:80], outs)
print(len(picks), "positions,", diff, "differ")
for e in engines: e.quit()
