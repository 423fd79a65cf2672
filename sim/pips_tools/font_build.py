"""The screens' bitmap fonts, made from a free font Debian packages (`make
fonts`, or `python -m pips_tools.font_build [--check]`).

Every screen draws its text with one of these fonts (pips.ui.font), never
with a built-in one: the 8x8 font of framebuf has no Czech, Polish or Persian
letter. This script scans the sources of the package for the characters a
screen can show (every string in src/pips: the catalogues, the games' words
and rules pages, their names; printable ASCII; the Persian digits and marks
the device puts in at run time), renders each with Pillow from DejaVu Sans
(fonts-dejavu-core: Latin, Czech, Polish and the Arabic presentation forms
the Persian catalogues are shaped into), one or two bits deep, and writes a
module of `bytes` tables per size:

  src/pips/ui/font8.py    8 px (a line 10 rows): panels up to 200 rows (240x135)
  src/pips/ui/font12.py   12 px (a line 15 rows): larger panels (320x240, 240x240)

A glyph is kept as the horizontal runs of its ink, row by row (what a
surface draws with one fill_rect each), so drawing a character on the device
is a few calls into C and allocates nothing:

  CODES   2 bytes a glyph (big-endian code point), sorted: a binary search finds a character
  GLYPHS  4 bytes a glyph: advance, left offset + 64, end of its runs in RUNS (2 bytes)
  RUNS    2 bytes a run: row << 11 | x << 5 | length (x from the glyph's left offset)

The font's version (the Debian package's) and Pillow's, pinned in
requirements-fonts.txt, are written in the module's header; --check fails
when a committed module is not what this script makes (or when a character
the sources use has no glyph), so the golden screenshots move only when the
fonts are made again on purpose.
"""

import ast
import glob
import os
import subprocess
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FONT_FILE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
FONT_PACKAGE = "fonts-dejavu-core"
# (module, pixel size): pips.ui.font names them for each panel
SIZES = (("font8", 8), ("font12", 12))
# characters put in at run time, not written in any source: the Persian digits
# (pips.lang.num) and comma and semicolon (pips.lang.join)
RUN_TIME = "".join(chr(0x06F0 + d) for d in range(10)) + "\u060c\u061b"


def used_characters(root=ROOT):
    """Every character a screen can draw: printable ASCII and every
    character of a string constant in src/pips (docstrings left out)."""
    chars = set(chr(c) for c in range(0x20, 0x7F))
    chars.update(RUN_TIME)
    for path in sorted(glob.glob(os.path.join(root, "src", "pips", "**", "*.py"), recursive=True)):
        if os.path.basename(path).startswith("font"):
            continue
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        docs = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body:
                first = node.body[0]
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                    docs.add(id(first.value))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                chars.update(c for c in node.value if c >= " " and c != "\x7f")
    return sorted(chars)


def package_version(name):
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", name],
                             capture_output=True, text=True, check=True)
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def render(font, ch):
    """(advance, left, rows): the glyph's advance in pixels, the column its ink
    starts at, and its ink as a list of (row, x, length) runs, row 0 the top of
    the font's ascent."""
    from PIL import Image, ImageDraw

    if unicodedata.category(ch) == "Cf":  # zero-width joiners and marks: nothing drawn
        return 0, 0, []
    ascent, descent = font.getmetrics()
    advance = int(round(font.getlength(ch)))
    pad = 8
    img = Image.new("1", (advance + 2 * pad + 8, ascent + descent + 2 * pad), 0)
    draw = ImageDraw.Draw(img)
    draw.fontmode = "1"
    draw.text((pad, pad + ascent), ch, font=font, fill=1, anchor="ls")
    box = img.getbbox()
    if box is None:
        return advance, 0, []
    left = box[0] - pad
    runs = []
    for yy in range(box[1], box[3]):
        xx = box[0]
        while xx < box[2]:
            if img.getpixel((xx, yy)):
                start = xx
                while xx < box[2] and img.getpixel((xx, yy)):
                    xx += 1
                runs.append((yy - pad, start - box[0], xx - start))
            else:
                xx += 1
    return advance, left, runs


def missing_glyph(font):
    """The rendering of a character the font surely lacks (its .notdef box)."""
    return render(font, "\ue000")


def build(name, size, chars):
    """The module's text for one size."""
    from PIL import ImageFont
    import PIL

    font = ImageFont.truetype(FONT_FILE, size, layout_engine=ImageFont.Layout.BASIC)
    notdef = missing_glyph(font)
    glyphs = []
    lacking = []
    for ch in chars:
        g = render(font, ch)
        if g == notdef and g[2]:
            lacking.append("U+%04X" % ord(ch))
        glyphs.append((ord(ch), g))
    if lacking:
        raise SystemExit("%s has no glyph for %s" % (os.path.basename(FONT_FILE), " ".join(lacking)))
    # the rows any glyph inks, from the ascent's top: a line is that tall, cropped
    top = min(r[0] for _, g in glyphs for r in g[2])
    bottom = max(r[0] for _, g in glyphs for r in g[2]) + 1
    height = bottom - top
    codes = bytearray()
    table = bytearray()
    runs = bytearray()
    for code, (advance, left, rows) in glyphs:
        for row, x, n in rows:
            assert 0 <= row - top < 32 and 0 <= x < 64 and 0 < n < 32
            v = (row - top) << 11 | x << 5 | n
            runs += bytes((v >> 8, v & 255))
        end = len(runs) // 2
        assert 0 <= advance < 256 and -64 <= left < 192 and end < 65536
        codes += bytes((code >> 8, code & 255))
        table += bytes((advance, left + 64, end >> 8, end & 255))
    ascent = font.getmetrics()[0]
    width = int(round(font.getlength("0")))
    return (
        '"""DejaVu Sans at %d px as bitmap runs (pips.ui.font): %d glyphs, a line %d rows.\n\n'
        "Made by pips_tools.font_build from %s %s (%s) with Pillow %s: do not edit.\"\"\"\n\n"
        "from pips import const\n\n"
        "HEIGHT = const(%d)  # rows of a line\n"
        "BASELINE = const(%d)  # the row the letters stand on\n"
        "WIDTH = const(%d)  # a digit's advance\n"
        "COUNT = const(%d)\n"
        "CODES = %s\n"
        "GLYPHS = %s\n"
        "RUNS = %s\n"
    ) % (size, len(glyphs), height, FONT_PACKAGE, package_version(FONT_PACKAGE),
         os.path.basename(FONT_FILE), PIL.__version__, height, ascent - top, width, len(glyphs),
         _bytes(codes), _bytes(table), _bytes(runs))


def _bytes(data):
    """A bytes literal over several lines."""
    parts = []
    for i in range(0, len(data), 32):
        parts.append('    b"%s"\n' % "".join("\\x%02x" % b for b in data[i: i + 32]))
    return "(\n%s)" % "".join(parts)


def outputs():
    chars = used_characters()
    return {os.path.join(ROOT, "src", "pips", "ui", name + ".py"): build(name, size, chars)
            for name, size in SIZES}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    check = "--check" in argv
    stale = []
    for path, text in outputs().items():
        old = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                old = f.read()
        if old == text:
            continue
        stale.append(os.path.relpath(path, ROOT))
        if not check:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    if check and stale:
        print("fonts not made from the sources (make fonts): " + ", ".join(stale))
        return 1
    for path in stale:
        print("wrote", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
