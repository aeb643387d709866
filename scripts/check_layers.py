#!/usr/bin/env python3
"""The top-level folders are layers (README "Architecture"): a file may include headers of its
own folder and of the folders listed before its own, never after, so no include cycle between
folders can form. Prints every include that breaks the order and exits 1 if there is one."""
import pathlib
import re
import sys

LAYERS = ["base", "hand", "engine", "movegen_full", "dbb", "movegen_diff", "movegen", "rules",
          "search", "mate", "usi", "match", "tools", "bench", "tests"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"/]+)/[^"]*"', re.M)


def main(root):
    root = pathlib.Path(root)
    rank = {name: i for i, name in enumerate(LAYERS)}
    missing = [name for name in LAYERS if not (root / name).is_dir()]
    # A CMake build tree is output, not a layer: package_consumer installs headers into it
    # while this check may run beside it (ctest -j).
    unknown = sorted(p.name for p in root.iterdir()
                     if p.is_dir() and p.name not in rank and not (p / "CMakeCache.txt").exists()
                     and any(p.rglob("*.h")))
    bad = [f"{name}/: listed as a layer but missing" for name in missing]
    bad += [f"{name}/: holds headers but is no layer" for name in unknown]
    edges = set()
    for folder in LAYERS:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".h", ".cpp") or "corpus" in path.parts:
                continue
            for target in INCLUDE.findall(path.read_text(errors="replace")):
                if target not in rank or target == folder:
                    continue
                edges.add((folder, target))
                if rank[target] > rank[folder]:
                    bad.append(f"{path.relative_to(root)}: includes {target}/, a layer above {folder}/")
    for line in bad:
        print(line)
    print(f"{len(LAYERS)} layers, {len(edges)} folder dependencies, {len(bad)} violations")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent))
