"""The Persian catalogues made from their sources (`make lang`, or
`python -m pips_tools.lang_build [--check]`).

Persian is written right to left in joined letters. Neither the device nor
a plain terminal shapes or reorders text, so this is done here, at build
time, desktop-side: each phrase of a `fa.txt` source (logical order, as
read; `key = phrase` a line, `#` a comment) is shaped into Arabic
presentation forms (arabic-reshaper) and laid out in visual order, left to
right as drawn (python-bidi, the paragraph right to left), and written as
the Python catalogue beside it:

  src/pips/lang/fa.txt                -> src/pips/lang/fa.py (PHRASES)
  sim/pips_sim/words/fa.txt           -> sim/pips_sim/words/fa.py (PHRASES)
  src/pips/games/<g>/words_fa.txt     -> words_fa.py (WORDS; its `title` goes
                                         to the game's card, TITLES)
  src/pips/games/<g>/rules_fa.txt     -> rules_fa.py (PAGE, a paragraph a line)

A field `{0}` stands for a piece put in at run time (a seat's name, a count
in Persian digits): it is laid out as a word of its own written right to
left, so the finished text reads right to left whatever the piece. Spaces at
a phrase's start and end stay where they are (an indented help line, a
prompt's last space). Tile notation and seat names keep their direction.

--check writes nothing and fails when a catalogue is not what its source
makes (tests/test_lang.py runs it where the packages are installed).
"""

import ast
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_FIELD = re.compile(r"\{([0-9])\}")
_TOKEN = 0x05D0  # a field stands in as a Hebrew letter: a strong right-to-left character


def shape(text):
    """`text` (logical order) shaped and in visual order, its fields kept."""
    import arabic_reshaper
    from bidi import get_display

    body = text.strip(" ")
    if not body:
        return text
    lead = text[: len(text) - len(text.lstrip(" "))]
    trail = text[len(text.rstrip(" ")):]
    marked = arabic_reshaper.reshape(_FIELD.sub(lambda m: chr(_TOKEN + int(m.group(1))), body))
    shaped = get_display(mirrored(marked), base_dir="R")
    out = "".join("{%d}" % (ord(c) - _TOKEN) if _TOKEN <= ord(c) < _TOKEN + 10 else c for c in shaped)
    return lead + out + trail


_MIRROR = {"(": ")", ")": "(", "[": "]", "]": "[", "<": ">", ">": "<", "\u00ab": "\u00bb", "\u00bb": "\u00ab"}


def mirrored(text):
    """`text` with each bracket that lies right to left replaced by its
    mirror image, as a renderer would draw it (python-bidi reorders, and
    leaves the glyphs as they are): the brackets at an odd embedding level,
    read from the layout's levels (given a level per UTF-8 byte)."""
    from bidi import get_display

    info = get_display(text, base_dir="R", debug=True)
    block = info[info.index("levels:"): info.index("]", info.index("levels:"))]
    levels = [int(n) for n in re.findall(r"Level\(\s*([0-9]+),", block)]
    out = []
    at = 0
    for c in text:
        out.append(_MIRROR.get(c, c) if levels[at] % 2 else c)
        at += len(c.encode("utf-8"))
    return "".join(out)


def read_pairs(path):
    """The `key = phrase` lines of a source, in order."""
    pairs = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            if " = " not in line:
                raise ValueError("%s:%d: not `key = phrase`" % (path, number))
            key, phrase = line.split(" = ", 1)
            pairs.append((key.strip(), phrase))
    return pairs


def read_paragraphs(path):
    with open(path, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def _literal(text):
    return '"%s"' % text.replace("\\", "\\\\").replace('"', '\\"')


def catalogue(path, name, doc, pairs):
    body = "".join("    %s: %s,\n" % (_literal(k), _literal(v)) for k, v in pairs)
    return '"""%s\n\nMade by pips_tools.lang_build from %s: do not edit."""\n\n%s = {\n%s}\n' % (
        doc, os.path.basename(path), name, body)


def outputs():
    """{output path: its text} for every Persian source."""
    out = {}
    for src, doc in (
        ("src/pips/lang/fa.txt", "The shared phrases in Persian, shaped, in visual order (pips.lang)."),
        ("sim/pips_sim/words/fa.txt", "The terminal game's phrases in Persian, shaped, in visual order."),
    ):
        path = os.path.join(ROOT, src)
        pairs = [(k, shape(v)) for k, v in read_pairs(path)]
        out[path[:-4] + ".py"] = catalogue(path, "PHRASES", doc, pairs)
    for path in sorted(glob.glob(os.path.join(ROOT, "src/pips/games/*/words_fa.txt"))):
        package = os.path.basename(os.path.dirname(path))
        pairs = read_pairs(path)
        title = [shape(v) for k, v in pairs if k == "title"]
        words = [("rules", "pips.games.%s.rules_fa" % package)]
        words += [(k, shape(v)) for k, v in pairs if k != "title"]
        out[path[:-4] + ".py"] = catalogue(
            path, "WORDS", "The game's own phrases in Persian, shaped, in visual order (pips.lang).", words)
        if title:
            card = os.path.join(os.path.dirname(path), "__init__.py")
            out[card] = with_title(card, title[0])
    for path in sorted(glob.glob(os.path.join(ROOT, "src/pips/games/*/rules_fa.txt"))):
        page = "".join("    %s,\n" % _literal(shape(p)) for p in read_paragraphs(path))
        out[path[:-4] + ".py"] = (
            '"""The rules page in Persian, shaped, in visual order, a paragraph a line.\n\n'
            'Made by pips_tools.lang_build from %s: do not edit."""\n\nPAGE = (\n%s)\n'
            % (os.path.basename(path), page))
    return out


def with_title(card, title):
    """The card's text with the Persian name last in its TITLES."""
    with open(card, encoding="utf-8") as f:
        text = f.read()
    match = re.search(r"^TITLES = (\(.*\))$", text, re.M)
    titles = list(ast.literal_eval(match.group(1)))
    titles[3] = title
    line = "TITLES = (%s)" % ", ".join(_literal(t) for t in titles)
    return text[: match.start()] + line + text[match.end():]


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    check = "--check" in argv
    stale = []
    for path, text in outputs().items():
        try:
            with open(path, encoding="utf-8") as f:
                old = f.read()
        except FileNotFoundError:
            old = None
        if old == text:
            continue
        stale.append(os.path.relpath(path, ROOT))
        if not check:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    if check and stale:
        print("not made from their sources (make lang): " + ", ".join(stale))
        return 1
    for path in stale:
        print("wrote", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
