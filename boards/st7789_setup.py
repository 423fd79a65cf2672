"""The ST7789 driver's boot-only code (see st7789.py): the panel's reset and
set-up sequence, the default grey table, the check for blit's palette argument,
and the slow plain-Python expander for a build without it.

st7789.ST7789 imports this module while it is made and drops it from
sys.modules once done: on a small heap the bytecode of code that runs once at
boot is better freed for the game (the Python expander, when it is the one in
use, keeps the module alive through the display's reference to it).

Command numbers and section references: the Sitronix ST7789V datasheet, as in
st7789.py.
"""

import framebuf
from micropython import const

_SWRESET = const(0x01)  # 9.1.2 Software Reset: wait 5 ms before the next command
_SLPOUT = const(0x11)  # 9.1.12 Sleep Out: wait 5 ms before the next command, 120 ms before SLPIN
_NORON = const(0x13)  # 9.1.14 Normal Display Mode On (partial mode off)
_INVON = const(0x21)  # 9.1.16 Display Inversion On: the IPS panel shows true colours with it
_DISPON = const(0x29)  # 9.1.19 Display On
_MADCTL = const(0x36)  # 9.1.28 Memory Data Access Control: MY MX MV ML RGB MH - -
_COLMOD = const(0x3A)  # 9.1.32 Interface Pixel Format

# COLMOD: D2..D0 = 101 is 16 bits per pixel on the MCU (SPI) interface; the
# upper nibble sets the RGB-interface format, unused over SPI (0x55 also works).
_COLMOD_RGB565 = const(0x05)

_RESET_PULSE_MS = const(10)  # RESX low >= 10 us (reset timing table), generous here
_RESET_WAIT_MS = const(120)  # reset cancel takes up to 120 ms
_SWRESET_WAIT_MS = const(150)  # 120 ms before SLPOUT after a reset, plus margin
_SLPOUT_WAIT_MS = const(120)  # the booster settles; 5 ms is the minimum to the next command
_DISPON_WAIT_MS = const(20)


def grey_lut():
    """16 grey levels as big-endian RGB565: the table used when none is given."""
    out = bytearray(32)
    for i in range(16):
        level = i * 17  # 0..255
        c = ((level & 0xF8) << 8) | ((level & 0xFC) << 3) | (level >> 3)
        out[2 * i] = c >> 8
        out[2 * i + 1] = c & 0xFF
    return out


def palette_blit_works():
    """True when this firmware's FrameBuffer.blit takes a palette argument."""
    src = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.GS4_HMSB)
    src.pixel(1, 0, 1)
    table = framebuf.FrameBuffer(bytearray(b"\x00\x00\x12\x34"), 2, 1, framebuf.RGB565)
    out = bytearray(4)
    try:
        framebuf.FrameBuffer(out, 2, 1, framebuf.RGB565).blit(src, 0, 0, -1, table)
    except TypeError:  # blit() takes at most 4 positional arguments
        return False
    return out == b"\x00\x00\x12\x34"


def init(display):
    """Reset the controller, set it up for RGB565 landscape, clear it, turn it on."""
    sleep_ms = display._sleep_ms
    rst = display._rst
    cs = display._cs
    command = display._command
    if rst is not None:
        rst(1)
        sleep_ms(1)
        rst(0)
        sleep_ms(_RESET_PULSE_MS)
        rst(1)
        sleep_ms(_RESET_WAIT_MS)
    for c, wait in ((_SWRESET, _SWRESET_WAIT_MS), (_SLPOUT, _SLPOUT_WAIT_MS)):
        cs(0)
        command(c)
        cs(1)
        sleep_ms(wait)
    for c, arg in ((_MADCTL, display.madctl), (_COLMOD, _COLMOD_RGB565)):
        cs(0)
        command(c, bytes((arg,)))  # the command, then its one byte
        cs(1)
    for c in (_INVON, _NORON):
        cs(0)
        command(c)
        cs(1)
    # The RAM holds noise after power-up: paint colour 0 before the panel shows it.
    display.fill(0)
    display.show()
    cs(0)
    command(_DISPON)
    cs(1)
    sleep_ms(_DISPON_WAIT_MS)


def expand_python(display, x, y, w, rows):
    """The fallback expander: rows of w pixels from (x, y) into the line buffer."""
    buf = display.buffer
    lut = display.lut
    out = display._line
    stride = display._stride
    o = 0
    for row in range(y, y + rows):
        base = row * stride
        for col in range(x, x + w):
            byte = buf[base + (col >> 1)]
            index = (byte & 0x0F if col & 1 else byte >> 4) << 1  # even x: high nibble
            out[o] = lut[index]
            out[o + 1] = lut[index + 1]
            o += 2
