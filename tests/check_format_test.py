#!/usr/bin/env python3
"""scripts/check_format.sh on a scratch repository with the root .clang-format and some of the
tree's files: passes while they are formatted (and with badly formatted files under results/ and
tests/fuzz/corpus/, which it leaves as written), fails naming the file once one tracked header
or unit is not, and the same without git (a plain copy). Usage: check_format_test.py [root]."""
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
SCRIPT = pathlib.Path(__file__).resolve().parent.parent / "scripts" / "check_format.sh"
FILES = ["base/types.h", "engine/position.h", "engine/sfen.cpp", "mate/leaf.h", "match/game.cpp"]
BAD = "int  badly_formatted( int x ){return x ;}\n"


def run(work):
    result = subprocess.run(["bash", str(SCRIPT), str(work)], capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def git(work, *args):
    subprocess.run(["git", "-C", str(work), *args], check=True, capture_output=True)


def make(work, use_git):
    for name in [".clang-format"] + FILES:
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, work / name)
    for name in ["results/2026-01-01-cpu/old.cpp", "tests/fuzz/corpus/moves/seed.h"]:
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_text(BAD)
    if use_git:
        git(work, "init", "-q")
        git(work, "add", ".")


def main():
    failures = 0

    def expect(name, code, out, want_code, want_text):
        nonlocal failures
        ok = code == want_code and want_text in out
        shown = [line.strip() for line in out.splitlines() if want_text in line][:1] or [""]
        print(f"{'ok  ' if ok else 'FAIL'} {name}: exit {code}: {shown[0]}")
        if not ok:
            print(out)
            failures += 1

    with tempfile.TemporaryDirectory() as tmp:
        for use_git in (True, False) if shutil.which("git") else (False,):
            kind = "git" if use_git else "plain copy"
            work = pathlib.Path(tmp) / kind.replace(" ", "_")
            work.mkdir()
            make(work, use_git)
            code, out = run(work)
            expect(f"{kind}, formatted (bad files only in results/ and the corpus)", code, out, 0,
                   f"{len(FILES)} files formatted")
            with open(work / "mate" / "leaf.h", "a") as f:
                f.write(BAD)
            (work / "engine" / "new_unit.cpp").write_text(BAD)
            if use_git:
                git(work, "add", ".")
            code, out = run(work)
            expect(f"{kind}, a header and a unit badly formatted", code, out, 1, "engine/new_unit.cpp")
            expect(f"{kind}, the header named", code, out, 1, "mate/leaf.h")
            if "results/" in out or "corpus" in out:
                print(f"FAIL {kind}: names a file under results/ or the corpus")
                failures += 1
    print(f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
