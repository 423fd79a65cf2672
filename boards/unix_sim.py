"""A board for the MicroPython unix port: the real ST7789 driver over a fake SPI bus.

The same tiny interface as every board file (pico_lcd_114.py):

    display          the ST7789 driver (a 4-bit framebuf.FrameBuffer), or for a
                     board without a frame buffer (board_table's `frame`) st7789_direct's
    width, height    240, 135, or the panel of the board PIPS_SIM_BOARD names
    keys             that board's key scheme (pips.ui.keys)
    read_keys()      bit mask of the logical keys pressed (pips.ui.keys)
    ticks_ms(), ticks_diff(a, b), sleep_ms(ms)
    backlight(percent)
    data             PIPS_DATA_DIR from the environment (None: nothing is kept)

Nothing is wired: the bus counts what the driver writes (and can record it,
`bus.record = []`), keys come from a script fed with `feed()`, and `sleep_ms`
only moves the clock on, so a session that would take minutes on a Pico runs
as fast as the host can compute it. `ticks_ms()` is the host's real clock plus
every millisecond "slept", so time still passes while the code computes; or,
with PIPS_SIM_READ_MS set, a clock of the board's own that every reading moves
on, so that a session runs alike on every host (the scripted sessions of
pips_tools.firmware_session, whose heap is measured, run so).
"""

from time import ticks_diff, ticks_ms as _host_ticks_ms  # noqa: F401 (ticks_diff: the board's)

try:
    from os import getenv
except ImportError:  # a port without it (the emulated Cortex-M0) keeps nothing

    def getenv(name):
        return None

import st7789
from board_table import DEFAULT, entry
from pips.ui.palette import rgb565_table

# PIPS_SIM_BOARD: the board this stands in for (boards/board_table.py): its
# panel's size and its key scheme; the reference board without it.
name = getenv("PIPS_SIM_BOARD") or DEFAULT
_row = entry(name)
width = _row[1]
height = _row[2]
keys = _row[3]
frame = _row[5]
_row = None

data = getenv("PIPS_DATA_DIR")


class Pin:
    """An output pin that remembers its level: pin(v) sets it, pin() reads it."""

    def __init__(self, level=1):
        self.level = level

    def __call__(self, level=None):
        if level is None:
            return self.level
        self.level = level

    value = __call__


class Bus:
    """A write-only SPI bus: counts bytes and writes; with `record` a list, appends
    (dc, cs, bytes) for every write, the bytes copied."""

    def __init__(self, dc, cs):
        self.dc = dc
        self.cs = cs
        self.bytes = 0
        self.writes = 0
        self.record = None

    def write(self, data):
        self.bytes += len(data)
        self.writes += 1
        if self.record is not None:
            self.record.append((self.dc.level, self.cs.level, bytes(data)))


_slept = [0]
brightness = [100]


def backlight(percent):
    brightness[0] = percent


# PIPS_SIM_READ_MS: the board's own clock, the same on every host: each
# reading moves it on by that many milliseconds (a smart bot reads it once a
# rollout, and a rollout takes about 3 ms on a Pico), besides every
# millisecond slept. Without it, the host's clock: a session then thinks and
# draws in slices that follow the host's speed, and its heap with them.
_read_ms = int(getenv("PIPS_SIM_READ_MS") or 0)


def ticks_ms():
    if _read_ms:
        _slept[0] += _read_ms
        return _slept[0]
    return _host_ticks_ms() + _slept[0]


def sleep_ms(ms):
    if ms > 0:
        _slept[0] += ms


dc = Pin(1)
cs = Pin(1)
rst = Pin(1)
bus = Bus(dc, cs)
if frame:
    display = st7789.ST7789(bus, dc, cs, rst, sleep_ms, width, height, lut=rgb565_table())
else:  # that board's panel without a frame buffer (st7789_direct.py)
    from st7789_direct import ST7789Direct

    display = ST7789Direct(bus, dc, cs, rst, sleep_ms, width, height, lut=rgb565_table())

# -- keys ---------------------------------------------------------------------
_script = bytearray()  # key masks still to come, one per read_keys() call (a byte each)
_next = [0]
_after = [None]  # called with the read count once the script has run out


def feed(masks):
    """Queue key masks, one per later read_keys() call (0: nothing pressed)."""
    for m in masks:
        _script.append(m)


def press(mask, hold=1, gap=2):
    """Queue one key press: `mask` for `hold` reads, then nothing for `gap` reads."""
    feed([mask] * hold + [0] * gap)


def then(keys_for_read):
    """After the script: read_keys() returns keys_for_read(n), n counting reads
    from 0 (a long session needs no long list)."""
    _after[0] = keys_for_read


def read_keys():
    i = _next[0]
    _next[0] = i + 1
    if i < len(_script):
        return _script[i]
    if _after[0] is not None:
        return _after[0](i)
    return 0
