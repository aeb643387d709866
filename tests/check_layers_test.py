#!/usr/bin/env python3
"""scripts/check_layers.py passes on a copy of the tree and fails on each kind of violation
planted in a fresh copy: an include of a higher layer, each not= and -only= rule of layers.txt,
a folder with headers that is no layer, a layer listed but missing, a layer order changed in
layers.txt alone, a note header with the wrong layer, a library not exported or not installed,
the README's table out of step with layers.txt, and a CMakeLists.txt that stops reading it.
Usage: check_layers_test.py [root]."""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
SCRIPT = pathlib.Path(__file__).resolve().parent.parent / "scripts" / "check_layers.py"
LAYERS = [line.split()[0] for line in (ROOT / "layers.txt").read_text().splitlines()
          if line.strip() and not line.startswith("#")]


def copy_tree(work):
    """The layers, layers.txt, the README and the CMake files the check reads, without build trees."""
    for name in LAYERS:
        shutil.copytree(ROOT / name, work / name, ignore=shutil.ignore_patterns("corpus", "data"))
    shutil.copytree(ROOT / "cmake", work / "cmake")
    for name in ("layers.txt", "README.md", "CMakeLists.txt"):
        shutil.copy(ROOT / name, work / name)


def run(work):
    result = subprocess.run([sys.executable, str(SCRIPT), str(work)], capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def add_include(path, header):
    """Puts the include after the file's first include (or at its top)."""
    text = path.read_text()
    first = re.search(r"^#include .*$", text, re.M)
    at = first.end() + 1 if first else 0
    path.write_text(text[:at] + f'#include "{header}"\n' + text[at:])


def replace(path, old, new):
    text = path.read_text()
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1))


def plant_missing(work):
    shutil.rmtree(work / "rules")


def plant_unknown(work):
    (work / "newlayer").mkdir()
    (work / "newlayer" / "thing.h").write_text("#pragma once\n")


def plant_listed_only(work):
    replace(work / "layers.txt", "\ntools\n", "\ntools\nextra\n")


def plant_order(work):
    # search before rules in layers.txt alone: search/ then includes a layer above it.
    lines = (work / "layers.txt").read_text().splitlines(keepends=True)
    r = next(i for i, line in enumerate(lines) if line.startswith("rules "))
    s = next(i for i, line in enumerate(lines) if line.startswith("search "))
    lines[r], lines[s] = lines[s], lines[r]
    (work / "layers.txt").write_text("".join(lines))


def plant_readme_rows(work):
    text = (work / "README.md").read_text()
    lines = text.splitlines(keepends=True)
    r = next(i for i, line in enumerate(lines) if line.startswith("| 7 | `rules/`"))
    s = next(i for i, line in enumerate(lines) if line.startswith("| 8 | `search/`"))
    lines[r], lines[s] = lines[s], lines[r]
    (work / "README.md").write_text("".join(lines))


PLANTS = [
    # (name, plant, what the check must print)
    ("include of a higher layer", lambda w: add_include(w / "engine" / "position.h", "search/value.h"),
     "engine/position.h: includes search/, a layer above engine/"),
    ("mate/ includes search/", lambda w: add_include(w / "mate" / "leaf.h", "search/value.h"),
     "mate/leaf.h: includes search/, which mate/ never includes"),
    ("mate/ includes rules/", lambda w: add_include(w / "mate" / "solver.h", "rules/repetition.h"),
     "mate/solver.h: includes rules/, which mate/ never includes"),
    ("match/ includes usi/", lambda w: add_include(w / "match" / "game.h", "usi/options.h"),
     "match/game.h: includes usi/, which match/ never includes"),
    ("match/ includes mate/", lambda w: add_include(w / "match" / "runner.cpp", "mate/solver.h"),
     "match/runner.cpp: includes mate/, which match/ never includes"),
    ("dbb/ includes a generator", lambda w: add_include(w / "dbb" / "dbb.h", "movegen_full/movegen.h"),
     "dbb/dbb.h: includes movegen_full/, which dbb/ never includes"),
    ("match/ searches outside openings.cpp", lambda w: add_include(w / "match" / "game.cpp", "search/engine.h"),
     "match/game.cpp: includes search/, which only openings.cpp of match/ include"),
    ("a folder with headers that is no layer", plant_unknown, "newlayer/: holds headers but is no layer"),
    ("a layer listed but missing", plant_missing, "rules/: listed as a layer but missing"),
    ("a layer in layers.txt alone", plant_listed_only, "extra/: listed as a layer but missing"),
    ("an unknown word in layers.txt", lambda w: replace(w / "layers.txt", "\ntools\n", "\ntools  libary\n"),
     "unknown word 'libary'"),
    ("a not= rule naming no layer before it",
     lambda w: replace(w / "layers.txt", "not=mate,usi", "not=mate,usi,bench"), "match's rule names bench"),
    ("the order changed in layers.txt only", plant_order, "includes rules/, a layer above search/"),
    ("a note header with the wrong layer", lambda w: replace(w / "mate" / "solver.h", "(layer 9)", "(layer 8)"),
     'mate/solver.h: its opening comment does not say "Folder mate/ (layer 9"'),
    ("a library not exported", lambda w: replace(w / "rules" / "CMakeLists.txt", "sashite_export(sashite_rules rules)", ""),
     "rules/CMakeLists.txt: does not export sashite::rules"),
    ("a library's headers not installed",
     lambda w: replace(w / "cmake" / "package.cmake", " rules search", " search"), "cmake/package.cmake: installs"),
    ("the README's rows out of order", plant_readme_rows, "README.md: the table lists"),
    ("the README numbering a layer wrong", lambda w: replace(w / "README.md", "| 9 | `mate/`", "| 8 | `mate/`"),
     "README.md: the table numbers mate/ 8, layers.txt 9"),
    ("the README's may-include column looser than layers.txt",
     lambda w: replace(w / "README.md", "| base to movegen_full |", "| below (not search) |"),
     "README.md: mate/ may include"),
    ("the README's row not naming an -only file",
     lambda w: replace(w / "README.md", "(`openings.cpp`, its own library)", "(its own library)"),
     "README.md: the row of match/ does not name openings.cpp"),
    ("CMakeLists.txt not reading layers.txt",
     lambda w: replace(w / "CMakeLists.txt", "file(STRINGS ${PROJECT_SOURCE_DIR}/layers.txt", "file(STRINGS ${PROJECT_SOURCE_DIR}/other.txt"),
     "CMakeLists.txt: does not read layers.txt"),
]


def main():
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        clean = pathlib.Path(tmp) / "clean"
        copy_tree(clean)
        code, out = run(clean)
        print(f"clean tree: exit {code}: {out.strip().splitlines()[-1]}")
        if code != 0:
            print(out)
            failures += 1
        for number, (name, plant, expected) in enumerate(PLANTS):
            work = pathlib.Path(tmp) / f"plant{number}"
            shutil.copytree(clean, work)
            plant(work)
            code, out = run(work)
            found = [line for line in out.splitlines() if expected in line]
            ok = code == 1 and found
            print(f"{'ok  ' if ok else 'FAIL'} {name}: exit {code}: {found[0] if found else out.strip()}")
            failures += not ok
            shutil.rmtree(work)
    print(f"{len(PLANTS)} planted violations, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
