"""The tables the .mpy build keeps in data files (pips.datafile): which, and
how each is written.

A module that DATA_TABLES names is compiled for the .mpy tree from its
source with the table's assignment replaced by the data file's name (a str,
"pips/ui/font8.dat"), and the table itself is written to that file beside
the module. Frozen firmware and the desktop import the source as it is.

  "bytes"    the bytes table as it is (a font's RUNS: pips.ui.font.open_runs)
  "phrases"  a catalogue dict (PHRASES, a game's WORDS) in the format that
             pips.lang.Phrases reads
"""

import ast
import fnmatch
import os

# (the module's path in the tree, the table's name, its format): one table
DATA_TABLES = (
    ("pips/ui/font8.py", "RUNS", "bytes"),
    ("pips/ui/font12.py", "RUNS", "bytes"),
    ("pips/lang/??.py", "PHRASES", "phrases"),
    ("pips/games/*/words_??.py", "WORDS", "phrases"),
)
SUFFIX = ".dat"


def table_of(rel):
    """(name, format) of the table `rel` (a source's path in the tree) keeps
    in a data file, or None."""
    rel = rel.replace(os.sep, "/")
    for pattern, name, kind in DATA_TABLES:
        if fnmatch.fnmatchcase(rel, pattern) and rel.count("/") == pattern.count("/"):
            return name, kind
    return None


def data_name(rel):
    """The data file's path in the tree for the module at `rel`."""
    return rel.replace(os.sep, "/")[:-3] + SUFFIX


def split(source, rel):
    """(the module's source with its table replaced by the data file's name,
    the data file's bytes) for the module at `rel` (a DATA_TABLES module).
    The lines keep their numbers (the table's lines left blank)."""
    name, kind = table_of(rel)
    tree = ast.parse(source, rel)
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == name):
            break
    else:
        raise ValueError("%s has no table %s" % (rel, name))
    value = ast.literal_eval(node.value)
    data = value if kind == "bytes" else phrases_file(value)
    if kind == "bytes" and not isinstance(data, bytes):
        raise ValueError("%s: %s is not bytes" % (rel, name))
    lines = source.splitlines(True)
    first, last = node.lineno - 1, node.end_lineno
    stub = "%s = %r  # in a data file (pips.datafile)\n" % (name, data_name(rel))
    lines[first:last] = [stub] + ["\n"] * (last - first - 1)
    return "".join(lines), data


def phrases_file(phrases):
    """A catalogue dict as pips.lang.Phrases reads it."""
    from pips.lang import key_hash

    records = bytearray()
    entries = []
    keys = sorted(phrases, key=lambda k: (key_hash(k), k))
    head = 2 + 4 * len(keys)
    for key in keys:
        phrase = phrases[key]
        entries.append((key_hash(key), head + len(records)))
        encoded = key.encode()
        assert len(encoded) < 256, key
        records += bytes((len(encoded),)) + encoded
        forms = (phrase,) if isinstance(phrase, str) else tuple(phrase)
        assert 0 < len(forms) < 256 and all(isinstance(f, str) for f in forms), key
        records.append(0 if isinstance(phrase, str) else len(forms))
        for form in forms:
            b = form.encode()
            records += len(b).to_bytes(2, "big") + b
    out = bytearray(len(keys).to_bytes(2, "big"))
    for h, place in entries:
        assert place < 65536, "a catalogue over 64 KB"
        out += h.to_bytes(2, "big") + place.to_bytes(2, "big")
    return bytes(out + records)
