#!/usr/bin/env python3
"""scripts/check_commits.py on a scratch repository: a long subject before the base commit is
grandfathered, subjects of 72 characters pass (72 kanji too: characters, not bytes), one of 73
after the base fails naming its commit, the base itself is checked, a shallow clone without the
base checks what it holds, and a folder that is no git work tree passes with a message."""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

SCRIPT = pathlib.Path(__file__).resolve().parent.parent / "scripts" / "check_commits.py"
ENV = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid", GIT_COMMITTER_NAME="t",
           GIT_COMMITTER_EMAIL="t@example.invalid", GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1")


def git(work, *args):
    return subprocess.run(["git", "-C", str(work), *args], check=True, capture_output=True, text=True, env=ENV).stdout


def commit(work, subject):
    git(work, "commit", "-q", "--allow-empty", "-m", subject, "-m", "The figures go in the body.")
    return git(work, "rev-parse", "HEAD").strip()


def run(work, *base):
    result = subprocess.run([sys.executable, str(SCRIPT), str(work), *base], capture_output=True, text=True)
    return result.returncode, result.stdout + result.stderr


def main():
    if not shutil.which("git"):
        print("check_commits_test: git is missing: skipped")
        return 0
    failures = 0

    def expect(name, result, want_code, want_text):
        nonlocal failures
        code, out = result
        ok = code == want_code and want_text in out
        shown = [line for line in out.splitlines() if want_text in line][:1] or [out.strip()]
        print(f"{'ok  ' if ok else 'FAIL'} {name}: exit {code}: {shown[0]}")
        failures += not ok

    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp) / "repo"
        work.mkdir()
        git(work, "init", "-q")
        commit(work, "An old subject from before the rule, " + "with every figure in it, " * 10)
        base = commit(work, "The base commit, the first kept to the rule")
        commit(work, "x" * 72)
        commit(work, "漢" * 72)
        expect("long subject before the base, 72 after", run(work, base), 0, "3 commits since")
        expect("the same from the commit before the base", run(work, base + "~1"), 1, "1 with a subject over 72")
        long = commit(work, "y" * 73)
        expect("a subject of 73 characters", run(work, base), 1, f"{long[:12]}: subject of 73 characters")
        shallow = pathlib.Path(tmp) / "shallow"
        git(tmp, "clone", "-q", "--depth", "2", f"file://{work}", str(shallow))
        expect("a shallow clone without the base", run(shallow, base), 1, "2 commits in this shallow clone")
        expect("a base that is no commit of it", run(work, "0" * 40), 1, "is not in this repository")
        plain = pathlib.Path(tmp) / "plain"
        plain.mkdir()
        expect("no git work tree", run(plain, base), 0, "skipped")
    print(f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
