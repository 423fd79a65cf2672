"""The surface without a frame buffer (pips.ui.directsurface, on
boards/st7789_direct.py) under the real MicroPython unix port: the same
drawing on it and on the frame-buffer surface (pips.ui.fbsurface on
boards/st7789.py) leaves the same pixels on the panel.

A MicroPython script drives both over fake SPI buses that log every write
(the format of pips_tools.panel) and marks both logs once everything drawn
has been sent; this side decodes each log with the ST7789 model and
compares the panels at every mark. Two kinds of drawing: random rectangles,
pixels and lines of text (with and without a background, across the edges),
and the screens of a match played by the same keys on two Apps.
"""

import os

import pytest

from mpy_support import needs_micropython
from pips import games
from pips_sim import simulator as sim
from pips_tools import mpy
from pips_tools.panel import St7789Model, parse_log

pytestmark = [pytest.mark.micropython, needs_micropython]

SCRIPT = r"""
import sys
import st7789
from st7789_direct import ST7789Direct
from pips.rng import Rng
from pips.ui.palette import rgb565_table
from pips.ui.fbsurface import FbSurface
from pips.ui.directsurface import DirectSurface

path_a, path_b, width, height, mode, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], int(sys.argv[6])
every = int(sys.argv[7]) if len(sys.argv) > 7 else 50  # operations between marks
head = bytearray(4)


class Log:
    def __init__(self, path):
        self.f = open(path, "wb")

    def event(self, kind, n, data=None):
        head[0] = kind
        head[1] = (n >> 16) & 0xFF
        head[2] = (n >> 8) & 0xFF
        head[3] = n & 0xFF
        self.f.write(head)
        if data is not None:
            self.f.write(data)


class Pin:
    def __init__(self):
        self.level = 1

    def __call__(self, level=None):
        if level is None:
            return self.level
        self.level = level


class Spi:
    def __init__(self, log, dc, cs):
        self.log = log
        self.dc = dc
        self.cs = cs

    def write(self, data):
        self.log.event((self.dc.level << 1) | self.cs.level, len(data), data)


def panel(driver, path):
    log = Log(path)
    dc = Pin()
    cs = Pin()
    display = driver(Spi(log, dc, cs), dc, cs, None, lambda ms: None, width, height, 0, 0,
                     lut=rgb565_table())
    return display, log


display_a, log_a = panel(st7789.ST7789, path_a)
display_b, log_b = panel(ST7789Direct, path_b)
frame = FbSurface(display_a)
direct = DirectSurface(display_b)
marks = [0]


def settle():
    while frame.dirty:
        frame.flush()
    while direct.dirty:
        direct.flush()
    marks[0] += 1
    log_a.event(0x40, marks[0])
    log_b.event(0x40, marks[0])


# the fonts' ink reaches a column left of the advance in J, v and y (12 px),
# right of it in $, K, r, z (8 px) and some Persian letters (both)
WORDS = ("P1: your move", "lay any tile", "Pips", "0123", "vy", "Jr", "yz$", "\u0161\u010d", "W",
         "K", "\ufeca\ufb8f", "Domino Uno")


def random_drawing(rng, count):
    for n in range(count):
        kind = rng.below(10)
        x = rng.below(width + 40) - 20
        y = rng.below(height + 30) - 15
        c = rng.below(16)
        if kind == 3:  # a piece: shapes in a box of its own, marked once
            w = rng.below(60) + 8
            h = rng.below(70) + 8
            inner = [(rng.below(w), rng.below(h), rng.below(9) + 1, rng.below(9) + 1, rng.below(16))
                     for _ in range(rng.below(12))]
            label = WORDS[rng.below(len(WORDS))] if rng.below(2) else None
            for s in (frame, direct):
                s._fill(x, y, w, h, c)
                for a, b, iw, ih, ic in inner:
                    s._fill(x + a, y + b, min(iw, w - a), min(ih, h - b), ic)
                if label is not None and s.text_width(label) + 4 <= w and s.char_h + 2 <= h:
                    s._text(label, x + 2, y + 2, c ^ 5)  # within the box, as a piece draws
                s.mark(x, y, w, h)
        elif kind < 4:
            w = rng.below(width // 2) + 1
            h = rng.below(height // 3) + 1
            for s in (frame, direct):
                s.fill_rect(x, y, w, h, c)
        elif kind == 4:
            for s in (frame, direct):
                s._pixel(x, y, c)
                s.mark(x, y, 1, 1)
        elif kind == 5:
            w = rng.below(width // 2) + 3
            h = rng.below(height // 3) + 3
            for s in (frame, direct):
                s.rect(x, y, w, h, c)
        else:
            text = WORDS[rng.below(len(WORDS))]
            bg = rng.below(17) - 1 if kind < 8 else -1
            if kind == 9:  # on a rectangle of its own, as the screens draw a row
                under = rng.below(16)
                left = rng.below(3)
                for s in (frame, direct):
                    s.fill_rect(x - left, y, s.text_width(text) + 4, s.char_h, under)
            for s in (frame, direct):
                s.text(text, x, y, c, bg)
        if rng.below(20) == 0:  # a frame's flush in between, part of what waits
            frame.flush()
            direct.flush()
        if n % every == every - 1:
            settle()
    settle()


# both panels start from the same screen: a frame buffer's merged areas send
# pixels around what was drawn, which the queue does not
for s in (frame, direct):
    s.fill(0)
settle()
if mode == "random":
    random_drawing(Rng(seed), 600)
elif mode == "crash":  # the error screen main.py leaves, on each driver
    from pips.ui import crash

    class Board:
        pass

    for display in (display_a, display_b):
        board = Board()
        board.display, board.width, board.height = display, width, height
        crash.show(board, ValueError("a message long enough to be wrapped over three lines " * 2))
    settle()
else:  # one App a run (two in one process share the games' state): the other's log stays empty
    from pips.ui.app import App

    with open(mode, "rb") as f:  # the keys, a byte a frame
        keys = f.read()
    app = App(frame if sys.argv[8] == "frame" else direct, width, height, None, seed)
    now = 0
    for i, k in enumerate(keys):
        now += 33
        app.frame(k, now)
        if i % 20 == 19:
            settle()
    settle()
    print("screen", type(app.screen).__name__)
log_a.f.close()
log_b.f.close()
print("marks", marks[0])
print("native: %s" % (direct._runs_file is None))
"""

MODULES = ("st7789.py", "st7789_direct.py", "st7789_viper.py", "st7789_slow.py")


def panels(path, window):
    """The panel's visible window at each mark of the log."""
    model = St7789Model()
    model.keep_log = False
    out = []
    for e in parse_log(open(path, "rb").read()):
        if e[0] == "spi":
            model.feed(e[1], e[2], e[3])
        elif e[0] == "mark":
            model.finish()
            out.append(model.screen(window)[0])
    return out


def run(tmp_path, width, height, mode, seed, every=50, form="mpy"):
    """form "mpy": the device build (the fonts' runs read from their data
    files); "source": the .py files (the runs in RAM, drawn by the native
    drawer, as in the frozen form)."""
    if form == "mpy":
        path = [str(tmp_path / "tree")]
        mpy.build(path[0])
    else:
        path = mpy.source_path()
    a, b = tmp_path / "frame.log", tmp_path / "direct.log"
    out = ""
    for which in (("both",) if mode in ("random", "crash") else ("frame", "direct")):
        logs = (a, b) if which != "direct" else (tmp_path / "unused.log", b)
        rc, more, err = mpy.run_micropython(
            SCRIPT, "1M", path, 600,
            (str(logs[0]), str(logs[1]), width, height, mode, seed, every, which), inline=True)
        assert rc == 0, (err + more)[-3000:]
        out += more
    window = (0, 0, width, height)
    frames, directs = panels(a, window), panels(b, window)
    assert len(frames) == len(directs) > 0
    for n, (x, y) in enumerate(zip(frames, directs), 1):
        if x != y:
            at = next(i for i in range(0, len(x), 2) if x[i:i + 2] != y[i:i + 2]) // 2
            pytest.fail("mark %d: the panels differ first at (%d, %d)" % (n, at % width, at // width))
    return out


@pytest.mark.parametrize("size", [(320, 240), (240, 240)])
@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("form", ["mpy", "source"])
def test_random_drawing_leaves_the_same_pixels(tmp_path, size, seed, form):
    out = run(tmp_path, size[0], size[1], "random", seed, form=form)
    assert "native: %s" % (form == "source") in out


def frame_keys(game):
    """A key mask a frame: the set-up of the game's table (P1 and smart bots),
    then A pressed every third frame."""
    cls = games.get(game)
    lines = sim.setup_script(list(games.names()).index(game), cls,
                             ["human"] + ["smart"] * (min(cls.max_players, 4) - 1))
    out = bytearray([0] * 10)
    for line in lines:
        words = line.split()
        if words[0] == "seat":
            raise ValueError(line)
        out += bytes([sim.key_bit(words[0])] * 3 + [0] * 3)
    while len(out) < 1800:
        out += bytes([sim.key_bit("A"), 0, 0])
    return bytes(out)


@pytest.mark.parametrize("game", ["block", "uno", "bergen", "solo"])
def test_the_screens_leave_the_same_pixels(tmp_path, game):
    keys = tmp_path / "keys"
    keys.write_bytes(frame_keys(game))
    out = run(tmp_path, 320, 240, str(keys), 3)
    assert out.count("screen TableScreen") + out.count("screen HandResultScreen") == 2, out


def test_the_error_screen_is_the_same_without_a_frame_buffer(tmp_path):
    run(tmp_path, 320, 240, "crash", 1, form="source")
