#!/usr/bin/env python3
"""The top-level folders are layers, in the order of layers.txt (README "Architecture"). Checks:
  - every layer is a folder, and every other folder with headers is a layer;
  - includes: a file includes headers of its own folder and of the layers before it, never after;
    never a folder its line rules out (not=); a folder restricted to some files (<a>-only=) only
    from them;
  - library: the folder exports sashite::<folder> (sashite_export in its CMakeLists.txt), and
    cmake/package.cmake installs the headers of exactly the library folders;
  - note=<header>: the header's opening comment says "Folder <folder>/ (layer <n>" with n its line;
  - the README's table lists the layers in this order with these numbers, its "may include"
    column allows exactly what layers.txt allows, and a row names each file of an <a>-only rule;
  - the top CMakeLists.txt reads layers.txt (it adds the folders in that order).
Prints every violation and exits 1 if there is one. Usage: check_layers.py [root]."""
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"/]+)/[^"]*"', re.M)


def read_layers(root, bad):
    """layers.txt -> [(folder, words)], words = {"library": bool, "note": str|None,
    "not": set, "only": {folder: set(files)}}."""
    layers = []
    for number, line in enumerate((root / "layers.txt").read_text().splitlines(), 1):
        line = line.split("#", 1)[0].split()
        if not line:
            continue
        words = {"library": False, "note": None, "not": set(), "only": {}}
        for word in line[1:]:
            key, _, value = word.partition("=")
            if word == "library":
                words["library"] = True
            elif key == "note" and value:
                words["note"] = value
            elif key == "not" and value:
                words["not"] = set(value.split(","))
            elif key.endswith("-only") and value:
                words["only"][key[:-len("-only")]] = set(value.split(","))
            else:
                bad.append(f"layers.txt:{number}: unknown word {word!r}")
        layers.append((line[0], words))
    names = [name for name, _ in layers]
    for name in {n for n in names if names.count(n) > 1}:
        bad.append(f"layers.txt: {name} listed twice")
    for name, words in layers:
        for other in words["not"] | set(words["only"]):
            if other not in names or names.index(other) >= names.index(name):
                bad.append(f"layers.txt: {name}'s rule names {other}, no layer before it")
    return layers


def allowed(names, index, words):
    """The folders layer `index` may include (besides its own)."""
    return set(names[:index]) - words["not"]


def readme_allowed(cell, names, index, bad):
    """The README's "may include" cell as a set of folders: "nothing of the project", "below",
    "everything", "a, b", "a to b", each optionally followed by "(not a, b)"."""
    match = re.fullmatch(r"(.*?)\s*(?:\(not ([^)]*)\))?", cell.strip())
    main, excluded = match.group(1).strip(), match.group(2)
    if main == "nothing of the project":
        result = set()
    elif main in ("below", "everything"):
        result = set(names[:index])
    elif " to " in main:
        first, last = (part.strip() for part in main.split(" to ", 1))
        if first not in names or last not in names:
            bad.append(f"README.md: layer {index}'s \"may include\" names no layer: {cell.strip()!r}")
            return None
        result = set(names[names.index(first):names.index(last) + 1])
    else:
        result = {part.strip() for part in main.split(",")}
    if excluded:
        result -= {part.strip() for part in excluded.split(",")}
    unknown = sorted(name for name in result if name not in names)
    if unknown:
        bad.append(f"README.md: layer {index}'s \"may include\" names no layer: {', '.join(unknown)}")
        return None
    return result


def check_readme(root, layers, bad):
    names = [name for name, _ in layers]
    text = (root / "README.md").read_text()
    section = re.search(r"^## Architecture\n(.*?)(?=^## )", text, re.M | re.S)
    if not section:
        bad.append("README.md: no \"## Architecture\" section")
        return
    rows = [line for line in section.group(1).splitlines() if re.match(r"\|\s*\d+\s*\|", line)]
    listed = []
    for row in rows:
        cells = row.split("|")
        number, folder, may = cells[1].strip(), cells[2].strip().strip("`").rstrip("/"), cells[-2]
        listed.append(folder)
        if folder not in names:
            bad.append(f"README.md: the table's layer {number}, {folder}/, is not in layers.txt")
            continue
        index = names.index(folder)
        words = layers[index][1]
        if number != str(index):
            bad.append(f"README.md: the table numbers {folder}/ {number}, layers.txt {index}")
        readme = readme_allowed(may, names, index, bad)
        expected = allowed(names, index, words)
        if readme is not None and readme != expected:
            bad.append(f"README.md: {folder}/ may include {', '.join(sorted(readme)) or 'nothing'} by the table, "
                       f"{', '.join(sorted(expected)) or 'nothing'} by layers.txt")
        for target, files in words["only"].items():
            for name in sorted(files):
                if name not in row:
                    bad.append(f"README.md: the row of {folder}/ does not name {name} ({target}-only)")
    if listed != names:
        bad.append(f"README.md: the table lists {' '.join(listed)}; layers.txt {' '.join(names)}")


def check_cmake(root, layers, bad):
    top = (root / "CMakeLists.txt").read_text()
    if not re.search(r"file\s*\(\s*STRINGS\s+\S*layers\.txt", top):
        bad.append("CMakeLists.txt: does not read layers.txt (file(STRINGS ...))")
    library = sorted(name for name, words in layers if words["library"])
    for name, words in layers:
        if not (root / name).is_dir():
            continue
        cmake = root / name / "CMakeLists.txt"
        text = cmake.read_text() if cmake.exists() else ""
        exported = re.search(rf"sashite_export\s*\(\s*\S+\s+{name}\s*\)", text) is not None
        if exported != words["library"]:
            bad.append(f"{name}/CMakeLists.txt: {'exports' if exported else 'does not export'} "
                       f"sashite::{name}, layers.txt says {'library' if words['library'] else 'no library'}")
    package = (root / "cmake" / "package.cmake").read_text()
    match = re.search(r"install\s*\(\s*DIRECTORY\s+(.*?)\s+DESTINATION", package, re.S)
    installed = sorted(match.group(1).split()) if match else []
    if installed != library:
        bad.append(f"cmake/package.cmake: installs the headers of {' '.join(installed)}; "
                   f"the libraries are {' '.join(library)}")


def check_notes(root, layers, bad):
    for index, (name, words) in enumerate(layers):
        if not words["note"] or not (root / name).is_dir():
            continue
        header = root / name / words["note"]
        if not header.exists():
            bad.append(f"{name}/{words['note']}: the folder's note header is missing")
            continue
        opening = []
        for line in header.read_text(errors="replace").splitlines():
            if not line.startswith("//"):
                break
            opening.append(line[2:].strip())
        if f"Folder {name}/ (layer {index}" not in " ".join(opening):
            bad.append(f"{name}/{words['note']}: its opening comment does not say \"Folder {name}/ (layer {index}\"")


def main(root):
    root = pathlib.Path(root)
    bad = []
    layers = read_layers(root, bad)
    names = [name for name, _ in layers]
    rank = {name: i for i, name in enumerate(names)}
    missing = [name for name in names if not (root / name).is_dir()]
    # A CMake build tree is output, not a layer: package_consumer installs headers into it
    # while this check may run beside it (ctest -j).
    unknown = sorted(p.name for p in root.iterdir()
                     if p.is_dir() and p.name not in rank and not (p / "CMakeCache.txt").exists()
                     and any(p.rglob("*.h")))
    bad += [f"{name}/: listed as a layer but missing" for name in missing]
    bad += [f"{name}/: holds headers but is no layer" for name in unknown]
    edges = set()
    for folder, words in layers:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".h", ".cpp") or "corpus" in path.parts:
                continue
            for target in INCLUDE.findall(path.read_text(errors="replace")):
                if target not in rank or target == folder:
                    continue
                edges.add((folder, target))
                where = path.relative_to(root)
                if rank[target] > rank[folder]:
                    bad.append(f"{where}: includes {target}/, a layer above {folder}/")
                elif target in words["not"]:
                    bad.append(f"{where}: includes {target}/, which {folder}/ never includes (layers.txt)")
                elif target in words["only"] and path.relative_to(root / folder).as_posix() not in words["only"][target]:
                    bad.append(f"{where}: includes {target}/, which only {', '.join(sorted(words['only'][target]))} "
                               f"of {folder}/ include (layers.txt)")
    check_cmake(root, layers, bad)
    check_notes(root, layers, bad)
    check_readme(root, layers, bad)
    for line in bad:
        print(line)
    print(f"{len(names)} layers, {len(edges)} folder dependencies, {len(bad)} violations")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent))
