#!/usr/bin/env python3
"""Rewrites gnuplot's SVG charts smaller, drawing the same picture (README's size budget).

scripts/report.py and scripts/match_report.py run it on every chart they draw. gnuplot's svg
terminal wraps every element in its own style group and every label in its own translated group:
a bench run's twenty charts were about half a megabyte of it. This rewrites, in place: a group
with only a translation around a single <text> becomes that <text> with x and y (the same
position: the text sits at the group's origin) and the group's attributes; adjacent groups with
the same attributes (no id, filter, opacity, clip or mask: nothing that draws the group as one
layer) become one group; empty groups go; so do the whitespace between tags and repeated spaces
inside tags (<text> content is kept as written). Coordinates and colours are untouched: the
charts of 2026-11-28-amd-epyc-f19m11 render pixel for pixel the same (ImageMagick), in 72 % of
the bytes.

    scripts/svg_slim.py FILE.svg...
"""
import re
import sys

TAG = re.compile(r"<[^>]*>|[^<]+")
# A group that is only a translation around one text element, as gnuplot writes every label.
LABEL = re.compile(r'<g transform="translate\(([-0-9.]+),([-0-9.]+)\)"([^>]*)>\s*<text>([^<]*)</text>\s*</g>')
# Attributes that make a group draw as one layer: two such groups are not one.
LAYER = re.compile(r"\b(id|filter|opacity|clip-path|mask)\s*=")


def slim(text):
    text = LABEL.sub(lambda m: f'<text x="{m.group(1)}" y="{m.group(2)}"{m.group(3)}>{m.group(4)}</text>', text)
    out = []  # (token, newline before it)
    stack = []  # per open <g>: (its attributes, its index in out)
    closed = None  # (attributes, index) of the group whose </g> is out's last token
    in_text = 0
    for tok in TAG.findall(text):
        if not in_text and not tok.strip():
            continue  # whitespace between tags
        last_closed, closed = closed, None
        if not tok.startswith("<"):
            if in_text:
                out.append((tok, False))  # text content and its spaces as written
            elif tok.strip():
                out.append((" ".join(tok.split()), True))
            continue
        if in_text:
            in_text += tok.startswith("<text") and not tok.endswith("/>")
            in_text -= tok.startswith("</text")
            out.append((tok, False))
            continue
        if tok.startswith("<text") and not tok.endswith("/>"):
            in_text = 1
        elif re.match(r"<g[\s>]", tok) and not tok.endswith("/>"):
            attrs = " ".join(tok[2:-1].split())
            if last_closed and last_closed[0] == attrs and not LAYER.search(attrs):
                out.pop()  # the </g> just written: the same group goes on
                stack.append(last_closed)
                continue
            stack.append((attrs, len(out)))
        elif tok == "</g>" and stack:
            attrs, at = stack.pop()
            if at == len(out) - 1 and not LAYER.search(attrs):  # an empty group
                out.pop()
                continue
            closed = (attrs, at)
        out.append((" ".join(re.sub(r"\s*=\s*", "=", tok).split()), True))
    return "".join(("\n" if nl and i else "") + tok for i, (tok, nl) in enumerate(out)) + "\n"


def slim_file(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(slim(text))


def main():
    for path in sys.argv[1:]:
        slim_file(path)


if __name__ == "__main__":
    main()
