#!/usr/bin/env python3
"""scripts/findings.py: FINDINGS.md is what the generator writes from the committed results, every
file it cites exists, and every finding id a C++ comment cites exists; the check fails when a cited
file is missing, when FINDINGS.md is stale and when a comment cites an unknown id."""
import contextlib
import io
import os
import sys
import tempfile

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "findings.py")
sys.path.insert(0, os.path.dirname(SCRIPT))
import findings  # noqa: E402

RESULTS = os.path.join(findings.ROOT, "results")
TARGET = os.path.join(findings.ROOT, "FINDINGS.md")


def quiet_check(*args, **kwargs):
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        rc = findings.check(*args, **kwargs)
    return rc, err.getvalue()


def main():
    # The committed FINDINGS.md is current and its citations resolve.
    rc, err = quiet_check(RESULTS, TARGET)
    assert rc == 0, err

    text, cited = findings.generate(RESULTS)
    for fid in findings.IDS:
        assert f"\n## {fid}\n" in text, fid
    # Evidence is reports and summaries, never raw data another helper may compress.
    for path in cited:
        assert not path.endswith((".json", ".jsonl", ".csa", ".xz")), path

    # A cited file missing: the check names it.
    victim = os.path.join(findings.ROOT, sorted(set(cited))[0])
    rc, err = quiet_check(RESULTS, TARGET, exists_fn=lambda p: os.path.normpath(p) != os.path.normpath(victim)
                          and os.path.exists(p))
    assert rc == 1 and "cited file missing" in err and os.path.relpath(victim, findings.ROOT) in err, err

    # A report the generator reads is gone (a results/ tree without it): the check names it.
    with tempfile.TemporaryDirectory() as tmp:
        gone = "2026-11-26-unbounded-df-pn-steps.md"
        for e in os.listdir(RESULTS):
            if e != gone:
                os.symlink(os.path.join(RESULTS, e), os.path.join(tmp, e))
        rc, err = quiet_check(tmp, TARGET)
        assert rc == 1 and f"cited file missing: {os.path.relpath(tmp, findings.ROOT)}/{gone}" in err, err

    with tempfile.TemporaryDirectory() as tmp:
        # A stale FINDINGS.md: one figure edited by hand.
        stale = os.path.join(tmp, "FINDINGS.md")
        open(stale, "w", encoding="utf-8").write(text.replace("| Yes", "| No", 1))
        rc, err = quiet_check(RESULTS, stale)
        assert rc == 1 and "not what scripts/findings.py generates" in err, err

        # A comment citing an id FINDINGS.md does not have.
        os.makedirs(os.path.join(tmp, "src"))
        open(os.path.join(tmp, "src", "a.h"), "w").write("// why (FINDINGS.md F-diff-search, F-no-such-finding)\n")
        assert findings.cited_in_code(tmp) == {"F-diff-search": ["src/a.h:1"], "F-no-such-finding": ["src/a.h:1"]}
        rc, err = quiet_check(RESULTS, TARGET, code_root=tmp)
        assert rc == 1 and "F-no-such-finding" in err and "F-diff-search," not in err, err
    print("findings: ok")


if __name__ == "__main__":
    main()
