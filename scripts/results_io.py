"""Reading committed results whether their raw data is plain or xz-compressed.

results/ keeps raw data (bench.json, games.jsonl, labels) compressed as <name>.xz (README's
size budget); every script reads it through open_text so that a plain file, as a fresh run
writes it, and its committed .xz read alike."""
import lzma
import os


def resolve(path):
    """The path that holds `path`'s data: itself, or `path`.xz; None when neither exists."""
    if os.path.isfile(path):
        return path
    if os.path.isfile(path + ".xz"):
        return path + ".xz"
    return None


def exists(path):
    return resolve(path) is not None


def compress(path):
    """Replaces `path` by `path`.xz (xz -9e, as scripts/*.sh compress), the form results/ commits."""
    with open(path, "rb") as src, lzma.open(path + ".xz", "wb", preset=9 | lzma.PRESET_EXTREME) as dst:
        dst.write(src.read())
    os.remove(path)


def open_text(path):
    """Opens `path` or, when only the compressed copy exists, `path`.xz, for reading text."""
    real = resolve(path)
    if real is None:
        raise FileNotFoundError(path)
    if real.endswith(".xz"):
        return lzma.open(real, "rt", encoding="utf-8")
    return open(real, encoding="utf-8")
