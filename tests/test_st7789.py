"""The ST7789 driver (boards/st7789.py) under the real MicroPython unix port.

A MicroPython script drives the driver over a fake SPI bus that logs every
write with the DC and CS levels (and every reset-pin change and sleep), and
dumps the 4-bit frame buffer at checkpoints. This side decodes the log as an
ST7789 would: commands and their arguments, CASET/RASET windows, RAMWR pixels
into a model of the controller's RAM; then compares the visible window pixel
for pixel with the frame buffer through the palette (computed here, in
CPython, independently of the driver).
"""

import os

import pytest

from mpy_support import ROOT, needs_micropython
from pips.ui.palette import rgb565_table
from pips_tools import mpy
from pips_tools.panel import COL0, ROW0, St7789Model, parse_log

pytestmark = [pytest.mark.micropython, needs_micropython]

W, H = 240, 135

SCRIPT = r"""
import sys
import gc
import st7789
from pips.ui.palette import rgb565_table
from pips.rng import Rng

log_path, dump_path, expander = sys.argv[1], sys.argv[2], sys.argv[3]
log = open(log_path, "wb")
dump = open(dump_path, "wb")
head = bytearray(4)


def event(kind, n, data=None):
    head[0] = kind
    head[1] = (n >> 16) & 0xFF
    head[2] = (n >> 8) & 0xFF
    head[3] = n & 0xFF
    log.write(head)
    if data is not None:
        log.write(data)


class Pin:
    def __init__(self, kind):
        self.kind = kind
        self.level = 1

    def __call__(self, level=None):
        if level is None:
            return self.level
        self.level = level
        if self.kind:
            event(self.kind, level)


dc = Pin(0)
cs = Pin(0)
rst = Pin(0x20)


class Spi:
    def write(self, data):
        event((dc.level << 1) | cs.level, len(data), data)


def sleep_ms(ms):
    event(0x80, ms)


def mark(n):
    event(0x40, n)


def panel_snapshot():
    dump.write(display.buffer)


print("machine imported:", "machine" in sys.modules)
print("driver file:", st7789.__file__)
display = st7789.ST7789(Spi(), dc, cs, rst, sleep_ms, lut=rgb565_table(), expander=expander)
print("expander:", display.expander)
print("init bytes:", display.bytes_sent)
mark(1)
panel_snapshot()

# Every colour, text, lines and random pixels.
for c in range(16):
    display.fill_rect(c * 15, 0, 15, 40, c)
    display.fill_rect(3 + c * 14, 45 + (c & 3) * 9, 11, 7, 15 - c)
display.text("Pips 0123456789 UNO!", 1, 90, 8)
display.text("ST7789 4-bit LUT", 7, 101, 4)
display.line(0, 134, 239, 112, 9)
rng = Rng(7)
for i in range(400):
    display.pixel(rng.below(240), rng.below(135), rng.below(16))
before = display.bytes_sent
full = display.show()
print("full frame bytes:", full, display.bytes_sent - before)
mark(2)
panel_snapshot()

# A change inside one odd-sized window, sent alone.
display.fill_rect(37, 50, 61, 23, 6)
display.text("moved", 39, 57, 13)
display.pixel(97, 72, 3)
display.pixel(37, 50, 11)
part = display.show(37, 50, 61, 23)
print("window bytes:", part)
mark(3)
panel_snapshot()

# A window hanging over the bottom-right corner is clipped to the screen.
display.fill_rect(231, 131, 9, 4, 9)
clipped = display.show(231, 131, 50, 50)
print("clipped bytes:", clipped)
mark(4)
panel_snapshot()

# Nothing to send: no bytes.
print("empty bytes:", display.show(300, 10, 5, 5) + display.show(10, 10, 0, 3))
log.close()
dump.close()
"""


def nibble(buf, x, y):
    byte = buf[y * (W // 2) + x // 2]
    return byte >> 4 if x % 2 == 0 else byte & 0x0F  # GS4_HMSB: even x in the high nibble


def mismatches(model, buf, table):
    bad = []
    for y in range(H):
        for x in range(W):
            c = nibble(buf, x, y)
            want = (table[2 * c] << 8) | table[2 * c + 1]
            if model.visible(x, y) != want:
                bad.append((x, y, c, hex(model.visible(x, y)), hex(want)))
    return bad


# Only what the driver test imports, compiled to .mpy as the board gets it: the
# driver's test does not wait for every other module of the tree to compile.
MODULES = (
    ("boards/st7789.py", "st7789.py"),
    ("boards/st7789_viper.py", "st7789_viper.py"),
    ("boards/st7789_slow.py", "st7789_slow.py"),
    ("src/pips/__init__.py", "pips/__init__.py"),
    ("src/pips/rng.py", "pips/rng.py"),
    ("src/pips/ui/__init__.py", "pips/ui/__init__.py"),
    ("src/pips/ui/palette.py", "pips/ui/palette.py"),
)


def run_script(tmp_path, expander):
    tree = tmp_path / "mpy"
    mpy.build(str(tree), [(os.path.join(ROOT, src), rel) for src, rel in MODULES])
    log_path = tmp_path / ("log-" + expander)
    dump_path = tmp_path / ("dump-" + expander)
    script = tmp_path / "drive_st7789.py"
    script.write_text(SCRIPT)
    rc, out, err = mpy.run_micropython(
        str(script), "64K", [str(tree)], 120, (str(log_path), str(dump_path), expander)
    )
    assert rc == 0, err + out
    return out, log_path.read_bytes(), dump_path.read_bytes()


def split_at_marks(events):
    phases = [[]]
    for e in events:
        if e[0] == "mark":
            phases.append([])
        else:
            phases[-1].append(e)
    return phases


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("st7789")
    return {e: run_script(tmp, e) for e in ("viper", "blit", "python")}


def test_driver_does_not_import_machine(runs):
    out = runs["blit"][0]
    assert "machine imported: False" in out
    assert "st7789.mpy" in out  # the compiled driver, as on the board
    assert "expander: blit" in out  # the unix port has blit's palette argument, as the Pico does


def test_init_sequence_in_order_with_its_delays(runs):
    out, log, dump = runs["blit"]
    events = parse_log(log)
    init = split_at_marks(events)[0]
    model = St7789Model()
    steps = []  # commands with args, reset levels and sleeps, in order
    for e in init:
        if e[0] == "spi":
            model.feed(e[1], e[2], e[3])
        else:
            model.finish()
            steps.append(e)
        if e[0] == "spi" and e[1] == 0 and e[3][0] != 0x2C:
            steps.append(("cmd", e[3][0]))
    model.finish()
    # a hardware reset, so no SWRESET (0x01): it would only do the reset again;
    # no RAM written and the display left off (DISPON comes with the first
    # screen sent whole: test_the_display_goes_on_once_every_row_is_sent)
    assert [c for c, _ in model.log] == [0x11, 0x36, 0x3A, 0x21, 0x13]
    args = dict(model.log)
    assert args[0x36] == bytes([0x70])  # MX | MV | ML: landscape, as Waveshare's demo
    assert args[0x3A] == bytes([0x05])  # 16 bits per pixel
    # hardware reset pulse, then a wait after each of reset and SLPOUT
    kinds = [s[0] if s[0] != "cmd" else "cmd%02x" % s[1] for s in steps]
    assert kinds[:6] == ["rst", "sleep", "rst", "sleep", "rst", "sleep"]
    assert [s[1] for s in steps[:6:2]] == [1, 0, 1]
    assert steps[5][1] >= 120  # reset cancel: up to 120 ms, and 120 ms before SLPOUT
    assert kinds[6] == "cmd11"
    at = kinds.index("cmd11")
    assert kinds[at + 1] == "sleep" and steps[at + 1][1] >= 5  # 5 ms before the next command
    assert not any(model.written)
    assert "init bytes: 7" in out  # 5 one-byte commands and 2 arguments, no SWRESET


@pytest.mark.parametrize("expander", ["viper", "blit", "python"])
def test_ram_matches_the_frame_buffer_after_each_show(runs, expander):
    out, log, dump = runs[expander]
    table = rgb565_table()
    phases = split_at_marks(parse_log(log))
    size = W * H // 2
    snaps = [dump[i * size : (i + 1) * size] for i in range(len(dump) // size)]
    assert len(phases) == 5 and len(snaps) == 4
    model = St7789Model()
    windows_per_phase = []
    for k, phase in enumerate(phases[:4]):
        first = len(model.windows)
        for e in phase:
            if e[0] == "spi":
                model.feed(e[1], e[2], e[3])
        model.finish()
        windows_per_phase.append(model.windows[first:])
        if k:  # (init writes no RAM)
            assert mismatches(model, snaps[k], table) == [], "phase %d" % k
    # the drawing really used all 16 colours and changed between checkpoints
    assert len({nibble(snaps[1], x, y) for y in range(H) for x in range(W)}) == 16
    assert snaps[2] != snaps[1] and snaps[3] != snaps[2]
    # full frame, the one changed window, then the clipped corner
    full = (COL0, COL0 + W - 1, ROW0, ROW0 + H - 1)
    assert windows_per_phase[1] == [full]
    assert windows_per_phase[2] == [(COL0 + 37, COL0 + 97, ROW0 + 50, ROW0 + 72)]
    assert windows_per_phase[3] == [(COL0 + 231, COL0 + 239, ROW0 + 131, ROW0 + 134)]
    # nothing ever lands outside the panel's window of the RAM
    for y in range(240):
        for x in range(320):
            if model.written[y * 320 + x]:
                assert COL0 <= x < COL0 + W and ROW0 <= y < ROW0 + H, (x, y)
    # nothing at all for an empty window
    assert len(phases[4]) == 0 and "empty bytes: 0" in out
    # the byte counts the driver reports are the bytes on the wire (the first
    # full frame's with DISPON after it)
    assert "full frame bytes: %d %d" % (W * H * 2 + 12, W * H * 2 + 12) in out
    assert "window bytes: %d" % (61 * 23 * 2 + 11) in out
    assert "clipped bytes: %d" % (9 * 4 * 2 + 11) in out
    wire = sum(len(e[3]) for e in parse_log(log) if e[0] == "spi")
    assert wire == 7 + (W * H * 2 + 12) + (61 * 23 * 2 + 11) + (9 * 4 * 2 + 11)


PIECES = r"""
# The display off after init, on once every row has been sent from the top:
# windows of full rows (as a surface's flush sends a whole screen), a narrow
# one and a gap before them; then nothing more.
display = st7789.ST7789(Spi(), dc, cs, rst, sleep_ms, lut=rgb565_table(), expander=expander)
for x, y, w, h in ((0, 0, 240, 50), (10, 50, 100, 85), (0, 60, 240, 75), (0, 50, 240, 10),
                   (0, 0, 240, 135), (0, 100, 240, 35)):
    mark(y + 1)
    display.show(x, y, w, h)
log.close()
dump.close()
"""


def test_the_display_goes_on_once_every_row_is_sent(tmp_path):
    """DISPON (0x29) follows the pixels of the window that completes the rows
    sent whole from the top since init (the noise in the RAM never shows),
    once; a window not the panel's width, or below a row not yet sent, does
    not count."""
    script = SCRIPT.split('print("machine imported:"')[0] + PIECES
    tree = tmp_path / "mpy"
    mpy.build(str(tree), [(os.path.join(ROOT, src), rel) for src, rel in MODULES])
    (tmp_path / "pieces.py").write_text(script)
    rc, out, err = mpy.run_micropython(
        str(tmp_path / "pieces.py"), "64K", [str(tree)], 120,
        (str(tmp_path / "log"), str(tmp_path / "dump"), "viper"))
    assert rc == 0, err + out
    phases = split_at_marks(parse_log((tmp_path / "log").read_bytes()))
    ons = []
    model = St7789Model()
    for phase in phases:
        first = len(model.log)
        for e in phase:
            if e[0] == "spi":
                model.feed(e[1], e[2], e[3])
        model.finish()
        commands = [c for c, _ in model.log[first:]]
        ons.append(commands.count(0x29))
        if 0x29 in commands:
            assert commands[-1] == 0x29 and commands[-2] == 0x2C  # after the window's pixels
    # init, then the six windows: rows 60.. went out below a gap, so not with the
    # window that fills the gap but with the whole screen after it
    assert ons == [0, 0, 0, 0, 0, 1, 0]


DEFERRED = r"""
# With the board's clock the set-up after the reset waits for ready(): the
# board goes on starting during the reset's wait, and only what is left of it
# is slept.
now = [1000]


def ticks_ms():
    return now[0]


display = st7789.ST7789(Spi(), dc, cs, rst, sleep_ms, lut=rgb565_table(), expander=expander,
                        ticks_ms=ticks_ms)
mark(1)
now[0] += 100  # 100 ms of the hardware reset's 120 pass
display.ready()
mark(2)
display.ready()  # done already: nothing
display.show()
mark(3)
display = st7789.ST7789(Spi(), dc, cs, None, sleep_ms, lut=rgb565_table(), expander=expander,
                        ticks_ms=ticks_ms)
mark(4)
now[0] += 200  # SWRESET's 150 ms long past; the first show() does the set-up
display.show()
log.close()
dump.close()
"""


def test_with_the_boards_clock_the_set_up_waits_for_ready(tmp_path):
    """With ticks_ms, init() sends the reset only (a pulse on the reset line,
    or SWRESET without one) and sleeps none of its wait; ready(), or else the
    first show(), sleeps what is left of it, then Sleep Out, its 5 ms and
    more, and the settings; once."""
    script = SCRIPT.split('print("machine imported:"')[0] + DEFERRED
    tree = tmp_path / "mpy"
    mpy.build(str(tree), [(os.path.join(ROOT, src), rel) for src, rel in MODULES])
    (tmp_path / "deferred.py").write_text(script)
    rc, out, err = mpy.run_micropython(
        str(tmp_path / "deferred.py"), "64K", [str(tree)], 120,
        (str(tmp_path / "log"), str(tmp_path / "dump"), "viper"))
    assert rc == 0, err + out
    phases = split_at_marks(parse_log((tmp_path / "log").read_bytes()))
    model = St7789Model()
    seen = []  # per phase: (commands, sleeps, reset-line levels)
    for phase in phases:
        first = len(model.log)
        for e in phase:
            if e[0] == "spi":
                model.feed(e[1], e[2], e[3])
        model.finish()
        seen.append(([c for c, _ in model.log[first:]], [e[1] for e in phase if e[0] == "sleep"],
                     [e[1] for e in phase if e[0] == "rst"]))
    assert seen[0] == ([], [1, 10], [1, 0, 1])  # the pulse, none of the 120 ms after it
    assert seen[1] == ([0x11, 0x36, 0x3A, 0x21, 0x13], [20, 10], [])  # the 20 ms left, SLPOUT's
    assert seen[2] == ([0x2A, 0x2B, 0x2C, 0x29], [], [])  # a screen, and the display on
    assert seen[3] == ([0x01], [], [])  # SWRESET alone
    assert seen[4] == ([0x11, 0x36, 0x3A, 0x21, 0x13, 0x2A, 0x2B, 0x2C, 0x29], [10], [])


def test_every_expander_sends_the_same_bytes(runs):
    viper, blit, python = runs["viper"], runs["blit"], runs["python"]
    assert "expander: viper" in viper[0]  # the unix port has a native emitter, as the Pico has
    assert blit[2] == python[2] == viper[2]  # same drawing
    assert blit[1] == python[1] == viper[1]  # byte for byte the same stream
