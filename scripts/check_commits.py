#!/usr/bin/env python3
"""Fails when a commit subject (the first line of its message) is longer than 72 characters,
naming each such commit; figures and reasons go in the body. History before the format commit
(2986fdc, the first kept to the rule) is grandfathered: it is not rewritten. Checks the commits
reachable from HEAD from BASE on (BASE included); in a shallow clone without BASE, every commit
it holds. Passes with a message where there is no git repository (a source tarball). Run by
scripts/test.sh before it builds and by ctest (commit_subjects).
Usage: check_commits.py [root [BASE]]."""
import pathlib
import shutil
import subprocess
import sys

BASE = "2986fdc8c56c485938cc29f0fb9bdf3306deecad"
LIMIT = 72


def git(root, *args):
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True)


def main(root, base):
    top = git(root, "rev-parse", "--show-toplevel") if shutil.which("git") else None
    if top is None or top.returncode != 0 or pathlib.Path(top.stdout.strip()).resolve() != pathlib.Path(root).resolve():
        print(f"check_commits: {root} is not the top of a git work tree (or git is missing): skipped")
        return 0
    if git(root, "rev-parse", "--verify", "--quiet", "HEAD").returncode != 0:
        print("check_commits: no commit yet: skipped")
        return 0
    resolved = git(root, "rev-parse", "--verify", "--quiet", f"{base}^{{commit}}")
    if resolved.returncode == 0:
        base = resolved.stdout.strip()
        if git(root, "merge-base", "--is-ancestor", base, "HEAD").returncode != 0:
            print(f"check_commits: {base[:12]} is not an ancestor of HEAD: nothing to check it from")
            return 1
        parents = git(root, "rev-list", "--parents", "-n", "1", base).stdout.split()[1:]
        revs = ["HEAD", *[f"^{p}" for p in parents]]
        what = f"since {base[:7]}"
    elif git(root, "rev-parse", "--is-shallow-repository").stdout.strip() == "true":
        revs, what = ["HEAD"], "in this shallow clone"
    else:
        print(f"check_commits: the base commit {base[:12]} is not in this repository")
        return 1
    log = git(root, "log", "--format=%H%x00%s%x00", *revs, "--")
    if log.returncode != 0:
        print(log.stderr.strip())
        return 1
    fields = log.stdout.replace("\n", "").split("\0")
    commits = list(zip(fields[0::2], fields[1::2]))
    long = [(sha, subject) for sha, subject in commits if len(subject) > LIMIT]
    for sha, subject in long:
        print(f"{sha[:12]}: subject of {len(subject)} characters (at most {LIMIT}): {subject[:80]}...")
    print(f"check_commits: {len(commits)} commits {what}, {len(long)} with a subject over {LIMIT} characters")
    return 1 if long else 0


if __name__ == "__main__":
    root = sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent
    sys.exit(main(root, sys.argv[2] if len(sys.argv) > 2 else BASE))
