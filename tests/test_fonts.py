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
