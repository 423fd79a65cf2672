"""The handheld's screens in each language (pips.lang): golden screenshots
of the title, a table, the results and a rules page in English, Czech,
Polish and Persian at 240x135; every phrase the screens draw fits its box
at every panel size, never cut; the Language setting, kept with the
settings; Persian laid from the right; `pips sim --lang`. Each test sets
the language itself (make_app's language; LANG for the command).

Regenerate the goldens (tests/golden/lang.json and lang_*.png) after a
deliberate change: PIPS_UPDATE_GOLDEN=1 pytest tests/test_ui_lang.py (that
run fails on purpose, having checked nothing: run again without it).
"""

import hashlib
import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden")
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "sim"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from pips import lang  # noqa: E402
from pips.ui import keys as K  # noqa: E402
from pips.ui.surface import Surface  # noqa: E402
from pips_sim import simulator as sim  # noqa: E402

UPDATE = bool(os.environ.get("PIPS_UPDATE_GOLDEN"))
GOLDEN_SCRIPTS = ("menu", "block_table", "results", "rules")
# every screen a player meets, by the key files of the goldens
FIT_SCRIPTS = ("menu", "setup", "block_table", "uno_table", "handover", "pause", "results",
               "rules", "settings", "bergen_table", "matador_table", "solo_table",
               "twentyone_table", "twentyone_end")
PANELS = ((240, 135), (320, 240), (240, 240))


def keyfile(name):
    with open(os.path.join(GOLDEN, name + ".keys")) as f:
        return f.read().splitlines()


@pytest.fixture(autouse=True)
def english_after():
    yield
    lang.use("en")


def test_golden_screens_in_each_language():
    path = os.path.join(GOLDEN, "lang.json")
    golden = {}
    if os.path.exists(path):
        with open(path) as f:
            golden = json.load(f)
    got = {}
    for code in lang.CODES:
        for script in GOLDEN_SCRIPTS:
            lines = keyfile(script)
            app = sim.make_app(240, 135, sim.script_seed(lines), language=code)
            shots = []
            sim.run_script(app, lines, shots=shots)
            for name, pixels in shots:
                got["%s_%s" % (code, name)] = hashlib.sha1(pixels).hexdigest()
                if UPDATE:
                    sim.write_png(os.path.join(GOLDEN, "lang_%s_%s.png" % (code, name)), 240, 135,
                                  pixels, 1)
    if UPDATE:
        with open(path, "w") as f:
            json.dump(got, f, indent=1, sort_keys=True)
            f.write("\n")
        pytest.fail("golden images rewritten: tests/golden/lang.json and lang_*.png; look at "
                    "them, then run again without PIPS_UPDATE_GOLDEN")
    assert set(got) == set(golden), "run with PIPS_UPDATE_GOLDEN=1 after adding a screen"
    changed = [n for n in got if got[n] != golden[n]]
    assert not changed, "screens changed: %s (PIPS_UPDATE_GOLDEN=1 to accept)" % changed


def overflows(code, width, height, scripts=FIT_SCRIPTS):
    """The texts the screens cut to fit their box, or drew past the panel's
    edge, playing `scripts` in language `code` on a width x height panel."""
    cut = []
    real_fit = Surface.text_fit
    real_text = Surface.text

    def fit(self, s, w, tail=False):
        out = real_fit(self, s, w, tail)
        if out != s:
            cut.append(s)
        return out

    def text(self, s, x, y, c, bg=-1):
        if x < 0 or x + self.text_width(s) > self.width:
            cut.append(s)
        return real_text(self, s, x, y, c, bg)

    Surface.text_fit = fit
    Surface.text = text
    try:
        for script in scripts:
            lines = keyfile(script)
            app = sim.make_app(width, height, sim.script_seed(lines), language=code)
            sim.run_script(app, lines + ["wait 30", "A", "wait 30"], shots=[])
    finally:
        Surface.text_fit = real_fit
        Surface.text = real_text
    return sorted(set(cut))


@pytest.mark.parametrize("code", lang.CODES)
def test_every_phrase_fits_its_box_at_every_panel_size(code):
    for width, height in PANELS:
        assert overflows(code, width, height) == [], (code, width, height)


def test_an_overlong_phrase_is_caught(monkeypatch):
    """The check fails on a phrase too long for its box: planted in the
    settings' title and in the message band's move line."""
    lang.use("cs")
    phrases = lang._catalogue(1)
    long_title = "Nastaveni " * 8
    monkeypatch.setitem(phrases, "settings", long_title)
    monkeypatch.setitem(phrases, "move", "{0}: " + "tah " * 30 + "{1}")
    monkeypatch.setattr(lang, "_catalogue", lambda k: phrases)
    cut = overflows("cs", 240, 135, ("settings", "block_table"))
    assert long_title in cut
    assert any(t.startswith("P1: tah tah") for t in cut)


def test_the_language_setting_changes_every_word_and_is_kept(tmp_path):
    folder = str(tmp_path)
    app = sim.make_app(data=folder)
    d = sim.Driver(app)
    for _ in range(8):
        d.tap(K.RIGHT)
    d.tap(K.A)
    assert type(app.screen).__name__ == "SettingsScreen"
    items = app.screen.items()
    row = items.index("Language: English")
    for _ in range(row):
        d.tap(K.RIGHT)
    d.tap(K.A)  # Czech
    d.wait(2)
    assert app.language == "cs" and app.screen.title == "Nastavení"
    assert "Jazyk: \u010ce\u0161tina" in app.screen.items()
    d.tap(K.A)  # Polish
    d.tap(K.A)  # Persian
    d.wait(2)
    assert app.language == "fa" and lang.rtl()
    # right to left: the title's text ends 4 pixels in from the right edge
    s = app.surface
    title = app.screen.title
    from pips.ui import palette as P

    inked = [x for x in range(s.width) for y in range(2, 2 + s.char_h)
             if s.get_pixel(x, y) == P.HIGHLIGHT]
    assert title == lang.text("settings") and inked
    assert max(inked) >= s.width - 6 and min(inked) > s.width // 2
    d.tap(K.A, 25)  # a long A: back to the title, the settings kept
    assert type(app.screen).__name__ == "TitleScreen"
    again = sim.make_app(data=folder)
    assert again.language == "fa" and lang.code() == "fa"
    assert again.screen.items()[-1] == lang.text("title.quit")


def test_settings_kept_before_the_language_read_as_english(tmp_path):
    """A settings record written without a language byte (older) still reads."""
    from pips.save import Store

    app = sim.make_app(data=str(tmp_path), language="pl")
    from pips.settings import write_settings

    write_settings(app)
    store = Store(str(tmp_path))
    data = []
    store.read("settings", lambda d: data.append(bytes(d)))
    assert data[0][-1] == lang.CODES.index("pl")
    store.write("settings", (data[0][:-1],))  # the record as before the language
    again = sim.make_app(data=str(tmp_path), language="cs")
    assert again.language == "cs"  # the language it was given stays
    store.write("settings", (data[0][:-1] + bytes([9]),))  # no such language: refused
    third = sim.make_app(data=str(tmp_path))
    assert third.language == "en"


def test_persian_menus_and_message_band_are_laid_from_the_right():
    lines = keyfile("block_table")
    app = sim.make_app(240, 135, sim.script_seed(lines), language="fa")
    sim.run_script(app, lines, shots=[])
    assert type(app.screen).__name__ == "TableScreen"
    s = app.surface
    layout = app.screen.layout
    band = range(layout.msg_y, layout.button_y)
    from pips.ui import palette as P

    inked = [x for y in band for x in range(s.width) if s.get_pixel(x, y) in (P.TEXT, P.HINT)]
    assert inked and max(inked) >= s.width - 4 and min(inked) > 20


def test_persian_counts_use_persian_digits_and_seats_western():
    lang.use("fa")
    cell = lang.text("cell.1", "P2", lang.num(7), lang.num(120))
    assert "P2" in cell and "\u06f7" in cell and "\u06f1\u06f2\u06f0" in cell
    assert "7" not in cell and "120" not in cell


def test_pips_sim_headless_in_persian_draws_right_to_left(tmp_path, monkeypatch):
    import pygame  # only to read the PNG back (the window's own library)

    keys = tmp_path / "title.keys"
    keys.write_text("wait 2\n")
    out = tmp_path / "fa.png"
    monkeypatch.setenv("LANG", "C")
    assert sim.main(["--headless", "--lang", "fa", "--keys", str(keys), "--shot", str(out),
                     "--scale", "1"]) == 0
    assert lang.code() == "fa"
    img = pygame.image.load(str(out))
    assert img.get_size() == (240, 135)
    # the title bar's text sits at the right
    bar = [x for x in range(240) for y in range(2, 12) if img.get_at((x, y)) != img.get_at((0, 0))]
    assert bar and min(bar) > 120
    out2 = tmp_path / "cs.png"
    monkeypatch.setenv("LANG", "cs_CZ.UTF-8")  # without --lang: LANG's
    assert sim.main(["--headless", "--keys", str(keys), "--shot", str(out2)]) == 0
    assert lang.code() == "cs"
    with pytest.raises(SystemExit) as refused:
        sim.main(["--headless", "--lang", "de", "--keys", str(keys)])
    assert refused.value.code == 2
