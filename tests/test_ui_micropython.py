"""The same screens under the real MicroPython unix port, on the framebuf
surface (GS4_HMSB, what the board's ST7789 driver is), with a fixed heap:
whole matches played by scripted keys, and golden screenshots.

Regenerate the goldens: PIPS_UPDATE_GOLDEN=1 pytest tests/test_ui_micropython.py
(that run fails on purpose, having checked nothing: run again without it).
"""

import hashlib
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden")
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "sim"))

from mpy_support import needs_micropython, run_micropython  # noqa: E402
from pips_sim import simulator as sim  # noqa: E402
from pips.games.block.game import Block  # noqa: E402

pytestmark = [pytest.mark.micropython, needs_micropython]

UPDATE = bool(os.environ.get("PIPS_UPDATE_GOLDEN"))
# 64-bit unix port, tests tree (line numbers): the UI, a game or two, a 16 KB frame buffer, a
# match, the sound cues and the set-up's loading of the table's modules while it waits, the
# font's tables and the screens' catalogue (frozen into flash on a board; here compiled into RAM)
HEAP = "240K"
# The monkey wanders into every game of the menu, and a module once imported
# stays: with the bytecode in RAM (the tests tree), all eight games' code piles up.
MONKEY_HEAP = "288K"

# The key-file runner of pips_sim.simulator, in MicroPython: a frame is 33 ms
# of synthetic time, a tap holds a key 3 frames and lets go 3.
DRIVER = r"""
import gc
import sys
import ubinascii
from pips.ui.fbsurface import FbSurface
from pips.ui.app import App
from pips.ui import keys as K

SCREENS = {"match": "MatchResultScreen", "hand": "HandResultScreen",
           "table": "TableScreen", "handover": "HandOverScreen"}


DISPLAYS = {}  # one display per size, as on a board: scripts share it


def run(lines, width, height, seed):
    surface = DISPLAYS.get((width, height))
    if surface is None:
        surface = DISPLAYS[(width, height)] = FbSurface(None, width, height)
    surface.pixels_sent = 0
    app = App(surface, width, height, None, seed)
    clock = [0, 0]

    def step(raw):
        clock[0] += 33
        clock[1] += 1
        app.frame(raw, clock[0])

    def tap(bit, frames=3):
        for _ in range(frames):
            step(bit)
        for _ in range(3):
            step(0)

    def name():
        return type(app.screen).__name__

    for line in lines:
        words = line.split("#")[0].split()
        if not words:
            continue
        cmd = words[0].lower()
        if cmd == "wait":
            for _ in range(int(words[1])):
                step(0)
        elif cmd == "hold":
            tap(getattr(K, words[1].upper()), int(words[2]))
        elif cmd == "shot":  # in slices: no 32 KB string on a small heap
            view = memoryview(surface.buffer)
            for at in range(0, len(view), 512):
                print("SHOT", words[1], ubinascii.hexlify(view[at : at + 512]).decode())
        elif cmd == "until":
            start = clock[1]
            limit = int(words[2]) if len(words) > 2 else 6000
            while name() != SCREENS[words[1]] and clock[1] - start < limit:
                tap(K.A)
            if name() != SCREENS[words[1]]:
                raise RuntimeError("never reached " + words[1])
        elif cmd == "seed":
            pass
        elif cmd == "seat":  # a bot the set-up screen does not offer (see the simulator)
            app.screen.levels[int(words[1])] = words[2]
        elif cmd == "modules":  # what is loaded now (this runner's own command)
            gc.collect()
            loaded = sorted(n for n in sys.modules if n.startswith("pips."))
            print("MODULES", name(), " ".join(loaded))
        else:
            tap(getattr(K, cmd.upper()))
    gc.collect()
    print("END", name(), clock[1], surface.pixels_sent, gc.mem_free())
    return app
"""


MONKEY = r"""
from pips.rng import Rng


def monkey(frames, seed, width, height):
    rng = Rng(seed)
    keys = [K.A] * 6 + [K.RIGHT] * 4 + [K.LEFT, K.UP, K.DOWN, K.B, K.MENU]
    seen = set()
    done = 0
    surface = FbSurface(None, width, height)  # one display, as on a board
    while done < frames:
        app = None
        gc.collect()
        app = App(surface, width, height, None, seed)
        now = 0
        while app.running and done < frames:
            if rng.below(100) < 3:
                bit, hold = K.A, 25
            else:
                bit, hold = keys[rng.below(len(keys))], 1 + rng.below(3)
            for i in range(hold + 3):
                now += 33
                done += 1
                app.frame(bit if i < hold else 0, now)
            seen.add(type(app.screen).__name__)
        gc.collect()
    print("SEEN", " ".join(sorted(seen)))
"""


def run_scripts(scripts, heap=HEAP, size=(240, 135)):
    """Run (lines, seed) scripts one after another in one MicroPython; return
    the shots {name: frame buffer bytes} and the END lines."""
    code = DRIVER
    for lines, seed in scripts:
        code += "run(%r, %d, %d, %d)\ngc.collect()\n" % (lines, size[0], size[1], seed)
    rc, out, err = run_micropython(code, heap=heap, timeout=180)
    assert rc == 0, (out + err)[-2000:]
    shots = {}
    ends = []
    for line in out.splitlines():
        if line.startswith("SHOT "):
            _, name, data = line.split(" ", 2)
            shots[name] = shots.get(name, b"") + bytes.fromhex(data)
        elif line.startswith("END "):
            ends.append(line.split())
    return shots, ends


def test_block_match_on_micropython():
    lines = sim.setup_script(0, Block, ["human", "random"], {"target": 50}) + ["until match 30000"]
    shots, ends = run_scripts([(lines, 11)])
    (end,) = ends
    assert end[1] == "MatchResultScreen"
    assert int(end[2]) > 200  # frames: a whole match was played


def test_uno_match_on_micropython():
    from pips.games.uno.game import Uno

    lines = sim.setup_script(1, Uno, ["human", "random", "random"], {"target": 200})
    shots, ends = run_scripts([(lines + ["until match 40000"], 12)])
    assert ends[0][1] == "MatchResultScreen"


def test_modules_load_when_first_needed_and_stay():
    """The title lists the games without importing one; picking a game
    imports that game alone, and its table the drawing of its kind of piece
    and table alone; with the .mpy in RAM (this tree) the menus' modules
    (pips.ui.app.MENUS) are dropped while a table is shown and come back with
    the title; nothing else is ever unloaded: what one screen loaded is
    still there at every later one, back at the title too."""
    from pips.games.uno.game import Uno

    setup = sim.setup_script(1, Uno, ["human", "random"], {"target": 200})
    lines = (
        ["wait 2", "modules"]
        + setup[:2]
        + ["modules"]
        + setup[2:]
        + ["wait 3", "modules", "until hand 20000", "modules", "A", "wait 3", "modules"]
        + ["until match 40000", "B", "wait 3", "modules"]  # B: to the menu (A plays again)
    )
    rc, out, err = run_micropython(DRIVER + "run(%r, 240, 135, 7)\n" % lines, heap=HEAP)
    assert rc == 0, (out + err)[-2000:]
    seen = [line.split()[1:] for line in out.splitlines() if line.startswith("MODULES")]
    screens = [s[0] for s in seen]
    assert screens == [
        "TitleScreen",
        "SetupScreen",
        "TableScreen",
        "HandResultScreen",
        "TableScreen",
        "TitleScreen",
    ]
    loaded = [set(s[1:]) for s in seen]
    title, setup_, table = loaded[:3]
    games = {"pips.games.block.game", "pips.games.uno.game"}
    assert not title & games and "pips.games" in title
    assert "pips.games.uno.game" in setup_ and "pips.games.block.game" not in setup_
    assert {"pips.ui.table", "pips.ui.piece_card", "pips.ui.table_pile", "pips.match"} <= table
    assert "pips.ui.table_line" not in loaded[-1] and "pips.games.block.game" not in loaded[-1]
    # a whole match, and its rules page, never opened, never loaded; nor the
    # checks of typed input (a handheld offers valid choices only)
    assert "pips.games.uno.rules_en" not in loaded[-1] and "pips.checks" not in loaded[-1]
    menus = {"pips.ui.title", "pips.ui.table_setup", "pips.ui.menu"}
    assert menus <= title and menus <= loaded[-1]
    assert not menus & table and not menus & loaded[3] and not menus & loaded[4]
    for before, after in zip(loaded, loaded[1:]):
        assert before - menus <= after, "unloaded: %s" % sorted(before - after)


def test_a_domino_match_never_loads_what_it_does_not_show():
    """Draw (a hand with a reserve) and Block played through the screens to
    the match result: the rules page, never opened, and the checks of typed
    input are never imported."""
    from pips import games
    from pips.games.draw.game import Draw

    names = list(games.names())
    scripts = [
        sim.setup_script(names.index("draw"), Draw, ["human", "random"], {"wins": 1}),
        sim.setup_script(names.index("block"), Block, ["human", "random"], {"target": 50}),
    ]
    for setup in scripts:
        lines = setup + ["until match 40000", "modules"]
        rc, out, err = run_micropython(DRIVER + "run(%r, 240, 135, 3)\n" % lines, heap=HEAP)
        assert rc == 0, (out + err)[-2000:]
        seen = [line.split()[1:] for line in out.splitlines() if line.startswith("MODULES")]
        assert seen[-1][0] == "MatchResultScreen"
        loaded = set(seen[-1][1:])
        assert "pips.games.domino" in loaded and "pips.ui.table_line" in loaded
        assert "pips.checks" not in loaded
        assert not any(name.endswith(".rules_en") for name in loaded)


def test_small_screen_on_micropython():
    """160x128 (PyBadge-sized) plays a whole 4-seat Block match."""
    lines = sim.setup_script(0, Block, ["human", "random", "random", "random"], {"target": 50})
    shots, ends = run_scripts([(lines + ["until match 40000"], 4)], size=(160, 128))
    assert ends[0][1] == "MatchResultScreen"


def fb_indexes(buf, width, height):
    """GS4_HMSB bytes to one palette index a pixel (even x in the high nibble)."""
    out = bytearray(width * height)
    for i in range(width * height):
        b = buf[i >> 1]
        out[i] = b >> 4 if i % 2 == 0 else b & 15
    return bytes(out)


def test_golden_screens_framebuf():
    from test_ui import GOLDEN_SCRIPTS, keyfile, load_golden, save_golden

    scripts = []
    for name in GOLDEN_SCRIPTS:
        lines = keyfile(name)
        scripts.append((lines, sim.script_seed(lines)))
    shots, ends = run_scripts(scripts)
    got = {name: hashlib.sha1(data).hexdigest() for name, data in shots.items()}
    if UPDATE:
        for name, data in shots.items():
            path = os.path.join(GOLDEN, "fb_%s.png" % name)
            sim.write_png(path, 240, 135, fb_indexes(data, 240, 135), 1)
        save_golden("fb.json", got)
        # a run that rewrites the goldens checks nothing: it must never pass
        pytest.fail("golden images rewritten: tests/golden/fb.json and %d fb_*.png (%s); "
                    "look at them, then run again without PIPS_UPDATE_GOLDEN" % (len(got), GOLDEN))
    golden = load_golden("fb.json")
    assert set(got) == set(golden), "run with PIPS_UPDATE_GOLDEN=1 after adding a screen"
    changed = [n for n in got if got[n] != golden[n]]
    assert not changed, "screens changed: %s (PIPS_UPDATE_GOLDEN=1 to accept)" % changed


def test_framebuf_and_displayio_draw_the_same_pieces():
    """Both surfaces draw the same screen: away from the text (the fonts
    differ), the hand-over-free block table matches pixel for pixel in the
    line and hand bands."""
    from test_ui import keyfile

    lines = keyfile("block_table")
    shots, _ = run_scripts([(lines, sim.script_seed(lines))])
    fb = fb_indexes(shots["block_table"], 240, 135)
    app = sim.make_app(240, 135, sim.script_seed(lines))
    dio_shots = []
    sim.run_script(app, lines, shots=dio_shots)
    dio = dict(dio_shots)["block_table"]
    # the hand band: the bottom rows (same height on both: a tile plus margins)
    t = app.screen
    for y in range(t.layout.hand_y, 135):
        assert fb[y * 240 : (y + 1) * 240] == dio[y * 240 : (y + 1) * 240], "row %d" % y


def test_random_keys_on_micropython():
    """The monkey of test_ui on MicroPython's framebuf, with the fixed heap."""
    code = DRIVER + MONKEY + "monkey(6000, 5, 240, 135)\ngc.collect()\nmonkey(3000, 6, 160, 128)\n"
    rc, out, err = run_micropython(code, heap=MONKEY_HEAP, timeout=180)
    assert rc == 0, (out + err)[-2000:]
    seen = [line.split()[1:] for line in out.splitlines() if line.startswith("SEEN")]
    assert len(seen) == 2
    assert {"TitleScreen", "SetupScreen", "TableScreen"} <= set(seen[0])


def test_drawing_text_allocates_nothing():
    """The font's drawing loop (Surface._text: a glyph found by a binary
    search, a fill a run of ink) allocates nothing once a line's characters
    are known, on MicroPython: Latin, Czech, Polish, Persian and digits."""
    code = (
        "import gc\n"
        "from pips.ui.fbsurface import FbSurface\n"
        "s = FbSurface(None, 240, 135)\n"
        "line = %r\n"
        "s._text(line, 0, 0, 1)\n"
        "w = s.text_width(line)\n"
        "def measure():\n"  # in a function: new globals would grow the module's dict
        "    gc.collect()\n"
        "    gc.disable()\n"
        "    before = gc.mem_free()\n"
        "    i = 0\n"
        "    while i < 40:\n"  # not a for over a range: its iterator is an object
        "        s._text(line, i, 20, 3)\n"
        "        i += 1\n"
        "    return before - gc.mem_free()\n"
        "print('ALLOC', measure(), w)\n"
    ) % "P1: p\u0159ijmout \u0142\u00f3d\u017a \ufbfd\ufeb3\ufead\ufe8e\ufed3 \u06f1\u06f2 6-3"
    rc, out, err = run_micropython(code, heap="64K")
    assert rc == 0, (out + err)[-2000:]
    words = out.split()
    at = words.index("ALLOC")
    assert words[at + 1] == "0" and int(words[at + 2]) > 100, out


def test_the_mpy_form_compiles_no_glyph_drawer_and_reads_the_runs_from_their_files():
    """The .mpy form keeps the fonts' runs in data files, which the native
    glyph drawer cannot read: it is not compiled there (34 ms of a Pico's
    start), its width helper is, and the surface draws with the fills."""
    code = (
        "from pips.ui.fbsurface import FbSurface\n"
        "from pips.ui import glyph_viper\n"
        "a = FbSurface(None, 8, 8)\n"
        "print('FORM', glyph_viper.glyphs is None, glyph_viper.advance is not None,"
        " a._runs_file is not None, '_text' in a.__dict__)\n"
    )
    rc, out, err = run_micropython(code, heap="160K")
    assert rc == 0, (out + err)[-2000:]
    assert "FORM True True True False" in out, out


def test_the_native_glyph_drawer_sets_the_pixels_the_fills_do():
    """On MicroPython the framebuf surface draws a glyph's runs with the
    native drawer (pips.ui.glyph_viper) straight into the frame buffer:
    every glyph of both fonts, in every colour, near each edge (clipped),
    gives the bytes that Surface._text's fill a run gives, a line of
    printable ASCII (drawn in one call) and one with other letters (a call a
    glyph) too, and text_width (ASCII measured natively) its sum. From the
    sources, where the fonts' runs are tables in RAM (as frozen): the .mpy
    form keeps them in data files and compiles no drawer."""
    code = (
        "from pips.ui.fbsurface import FbSurface\n"
        "from pips.ui.surface import Surface\n"
        "from pips.ui import font8, font12, glyph_viper\n"
        "print('NATIVE', glyph_viper.glyphs is not None)\n"
        "print('USED', '_text' in FbSurface(None, 8, 8).__dict__)\n"
        "for font in (font8, font12):\n"
        "    a = FbSurface(None, 60, 20)\n"
        "    b = FbSurface(None, 60, 20)\n"
        "    a.use_font(font)\n"
        "    b.use_font(font)\n"
        "    bad = 0\n"
        "    for n in range(font.COUNT):\n"
        "        ch = chr((font.CODES[2 * n] << 8) | font.CODES[2 * n + 1])\n"
        "        for x, y in ((3, 2), (-2, -3), (55, 12), (0, 0), (57, 15), (-8, 17)):\n"
        "            a.buffer[:] = bytes(len(a.buffer))\n"
        "            b.buffer[:] = bytes(len(b.buffer))\n"
        "            a._text(ch + 'g', x, y, 1 + n % 15)\n"
        "            Surface._text(b, ch + 'g', x, y, 1 + n % 15)\n"
        "            bad += a.buffer != b.buffer\n"
        "    print('BAD', font.COUNT, bad)\n"
        "a = FbSurface(None, 240, 135)\n"
        "b = FbSurface(None, 240, 135)\n"
        "bad = 0\n"
        "for text in ('P1: played 6-3, P2 drew', 'p\\u0159ijmout \\u0142\\u00f3d 6-3', '\\ufbfd\\ufeb3 12'):\n"
        "    for x, y in ((3, 2), (-20, -3), (200, 128)):\n"
        "        a.buffer[:] = bytes(len(a.buffer))\n"
        "        b.buffer[:] = bytes(len(b.buffer))\n"
        "        a._text(text, x, y, 7)\n"
        "        Surface._text(b, text, x, y, 7)\n"
        "        bad += a.buffer != b.buffer\n"
        "    w = 0\n"
        "    for ch in text:\n"
        "        k = ord(ch) - 32\n"
        "        w += a.font.GLYPHS[4 * (k if 0 <= k <= 94 else a._glyph(k + 32))]\n"
        "    bad += a.text_width(text) != w\n"
        "print('LINES', bad)\n"
    )
    rc, out, err = run_micropython(code, heap="1M", from_mpy=False)
    assert rc == 0, (out + err)[-2000:]
    assert "NATIVE True" in out and "USED True" in out, out
    bad = [line.split()[1:] for line in out.splitlines() if line.startswith("BAD")]
    assert len(bad) == 2 and all(int(count) > 200 and n == "0" for count, n in bad), out
    assert "LINES 0" in out, out
