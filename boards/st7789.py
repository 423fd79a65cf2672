"""ST7789 / ST7789V driver: a 4-bit frame buffer sent through a 16-colour lookup table.

The design follows Peter Hinch's nano-gui drivers: the driver *is* a
`framebuf.FrameBuffer` (so text, rectangles and blits draw straight into it), the
buffer holds 4 bits per pixel (GS4_HMSB: 240x135 -> 16,200 bytes instead of the
64,800 a full RGB565 buffer would take), and the colours are expanded to RGB565
only on the way out, a few lines at a time, into a small line buffer.

    display = ST7789(spi, dc, cs, rst, time.sleep_ms, lut=palette.rgb565_table())
    display.fill_rect(0, 0, 20, 10, 3)   # colour 3 of the lookup table
    display.show(0, 0, 20, 10)           # send only that window

The expansion is a small viper function (st7789_viper: a byte of the frame
buffer, two pixels, becomes two RGB565 pixels through the 16-entry table),
compiled by the board itself when the driver starts, for its own CPU: the
driver's .mpy stays portable bytecode (mpy-cross needs no -march). A port
without a native emitter (or CPython with a framebuf stand-in) gets one of
st7789_slow's instead, imported only then: `FrameBuffer.blit` through the
table as a palette (twice the time), or a plain-Python loop. `expander` says
which one runs ("viper", "blit" or "python"); the first two are checked on a
few pixels before they are used.

The driver imports nothing board-specific: it takes the SPI bus, the DC/CS/RST
pins (anything callable as `pin(0)` / `pin(1)`; rst may be None) and a
`sleep_ms` function, so tests drive it with fakes. `bytes_sent` counts every
byte written to the bus (commands, arguments and pixels), modulo 2**30.

Command numbers and section references are from the Sitronix ST7789V datasheet
(v1.x), chapter 9.1 "System Function Command Table 1"; the page numbers differ
between datasheet revisions, so they are not given (confirm against your copy).
"""

import framebuf
from micropython import const

_SWRESET = const(0x01)  # 9.1.2 Software Reset: wait 5 ms before the next command
_SLPOUT = const(0x11)  # 9.1.12 Sleep Out: wait 5 ms before the next command, 120 ms before SLPIN
_NORON = const(0x13)  # 9.1.14 Normal Display Mode On (partial mode off)
_INVON = const(0x21)  # 9.1.16 Display Inversion On: the IPS panel shows true colours with it
_DISPON = const(0x29)  # 9.1.19 Display On
_CASET = const(0x2A)  # 9.1.20 Column Address Set: XS high, XS low, XE high, XE low
_RASET = const(0x2B)  # 9.1.21 Row Address Set: YS high, YS low, YE high, YE low
_RAMWR = const(0x2C)  # 9.1.22 Memory Write: pixels fill the window row by row
_MADCTL = const(0x36)  # 9.1.28 Memory Data Access Control: MY MX MV ML RGB MH - -
_COLMOD = const(0x3A)  # 9.1.32 Interface Pixel Format

# COLMOD: D2..D0 = 101 is 16 bits per pixel on the MCU (SPI) interface; the
# upper nibble sets the RGB-interface format, unused over SPI (0x55 also works).
_COLMOD_RGB565 = const(0x05)

_RESET_PULSE_MS = const(10)  # RESX low >= 10 us (reset timing table), generous here
_RESET_WAIT_MS = const(120)  # reset cancel takes up to 120 ms
_SWRESET_WAIT_MS = const(150)  # 120 ms before SLPOUT after a reset, plus margin
# 5 ms is the minimum to the next command (the supplies and clocks settle);
# 120 ms only before a Sleep In. The panel stays dark until DISPON, after the
# first screen is sent whole (show()), so the booster has that time too.
# (120 ms here put the Pack 2.0's title 1.01 s after power-on from
# pips-fs.uf2 on the emulated Pico.)
_SLPOUT_WAIT_MS = const(10)

# MADCTL bits (9.1.28). A board file for another orientation passes its own
# `madctl` value.
_MADCTL_MY = const(0x80)  # row address order: bottom to top
_MADCTL_MX = const(0x40)  # column address order: right to left
_MADCTL_MV = const(0x20)  # row/column exchange: landscape on a portrait panel
_MADCTL_ML = const(0x10)  # vertical refresh order
_MADCTL_BGR = const(0x08)  # BGR colour filter order

# Landscape for the Waveshare Pico-LCD-1.14 (the value its own demo sends): MV
# swaps rows and columns, so CASET addresses run along the 320-long side of the
# 240x320 RAM and RASET along the 240-long side; MX mirrors the column order so
# that the picture is not mirrored on this module. In that address space the
# 135-row panel sits at RAM rows 53..187 (not 52..186: with MX set the 52-row
# margin of the portrait layout lands on the other side, 240 - 52 - 135 = 53)
# and the 240 columns at 40..279.
_MADCTL_LANDSCAPE = const(0x70)  # MX | MV | ML

_COUNT_MASK = const(0x3FFFFFFF)

# The native expander (st7789_viper: compiled there for this CPU, None where
# no native emitter compiles it). A module of its own, so that its source text
# is not kept in RAM with this one's constants once it is compiled.
from st7789_viper import expand as _expand

class ST7789(framebuf.FrameBuffer):
    """A width x height 4-bit frame buffer on an ST7789 panel.

    lut: 32 bytes, colour i as big-endian RGB565 at lut[2i:2i+2] (a bytearray is
    kept, not copied: changing it in place changes the colours of the next show()).
    col_offset/row_offset: where the visible panel starts in the controller's
    RAM in the MADCTL orientation chosen. lines: the line buffer holds this
    many full-width RGB565 lines (a narrow window packs more rows per write).
    Two (960 bytes at 240 wide) are enough: the screens mostly send windows a
    card or a line of text wide, which pack many rows per write anyway; a
    full frame takes 68 writes, the same bytes.
    expander: "viper" (the default where it compiles), "blit" (C, the
    default where viper does not compile) or "python"; None picks the first
    that works here.
    rows: the frame buffer's rows, the screen's height by default (a strip,
    st7789_direct.py).
    ticks_ms: the board's clock; with it the controller's set-up after its
    reset waits for ready() (or the first show()), and the board's start
    goes on during the reset's wait (init()).
    """

    def __init__(
        self,
        spi,
        dc,
        cs,
        rst,
        sleep_ms,
        width=240,
        height=135,
        col_offset=40,
        row_offset=53,
        madctl=_MADCTL_LANDSCAPE,
        lut=None,
        lines=2,
        expander=None,
        init=True,
        ticks_ms=None,
        rows=None,
    ):
        self.width = width
        self.height = height
        self._stride = (width + 1) >> 1  # bytes per 4-bit row
        if rows is None:
            rows = height
        self.buffer = bytearray(self._stride * rows)
        super().__init__(self.buffer, width, rows, framebuf.GS4_HMSB)
        self._spi = spi
        self._dc = dc
        self._cs = cs
        self._rst = rst
        self._sleep_ms = sleep_ms
        self.col_offset = col_offset
        self.row_offset = row_offset
        self.madctl = madctl
        if lut is None:  # 16 grey levels
            lut = bytearray(32)
            for i in range(16):
                c = i * 17  # 0..255
                c = ((c & 0xF8) << 8) | ((c & 0xFC) << 3) | (c >> 3)
                lut[2 * i] = c >> 8
                lut[2 * i + 1] = c & 0xFF
        elif not isinstance(lut, bytearray):
            lut = bytearray(lut)  # the palette frame buffer needs a writable buffer
        self.lut = lut
        self._line = bytearray(2 * width * lines)
        self._line_mv = memoryview(self._line)
        self._one = bytearray(1)
        self._four = bytearray(4)
        expand = None
        if expander is None or expander == "viper":
            expand = _expand
            if expand is not None:
                # trusted once it expands pixels 1..5 of a row 0..5 right (colour i: 2i, 2i+1)
                out = bytearray(10)
                expand(b"\x01\x23\x45", 0, 3, out, bytes(range(32)), 1, 5, 1)
                if out != bytes(range(2, 12)):
                    expand = None
            if expand is not None:
                expander = "viper"
            elif expander is not None:
                raise ValueError("no native emitter here for the viper expander")
        self._expand = expand
        self._slow = None  # without viper: st7789_slow's sender, send(driver, x, y, w, h, rows)
        if expand is None:
            from st7789_slow import sender

            expander, self._slow = sender(self, expander)
        self.expander = expander
        self.bytes_sent = 0
        self.windows_sent = 0
        # the rows sent whole, from the top, while the display is off after
        # init() (-1: on): show() turns it on once they are all sent
        self._dark = -1
        # with the board's ticks_ms, init() leaves the set-up after the reset to
        # ready(): when the reset was sent (-1: nothing left), and its wait
        self._ticks_ms = ticks_ms
        self._reset_at = -1
        self._reset_wait = 0
        cs(1)
        dc(1)
        if init:
            self.init()

    # -- the bus ----------------------------------------------------------
    def _write(self, data):
        self._spi.write(data)
        # Wraps at 2**30 like ticks_ms, so the count stays a small int on
        # 32-bit ports; take differences modulo 2**30.
        self.bytes_sent = (self.bytes_sent + len(data)) & _COUNT_MASK

    def _command(self, command, args=None):
        """One command and its arguments; CS stays as the caller set it."""
        self._dc(0)
        self._one[0] = command
        self._write(self._one)
        self._dc(1)
        if args is not None:
            self._write(args)

    def _address(self, command, start, end):
        four = self._four
        four[0] = start >> 8
        four[1] = start & 0xFF
        four[2] = end >> 8
        four[3] = end & 0xFF
        self._command(command, four)

    # -- setup --------------------------------------------------------------
    def init(self):
        """Reset the controller and set it up for RGB565 landscape; the display
        stays off (a reset leaves it so) until show() has sent every row.
        With the board's ticks_ms the set-up waits for ready() (or the first
        show()): the board goes on starting meanwhile."""
        sleep_ms = self._sleep_ms
        rst = self._rst
        cs = self._cs
        # A hardware reset leaves the registers as SWRESET does: a panel with a
        # reset line skips it (150 ms less before the title; the emulated Pico
        # reached the title 1.02 s after power-on from pips-fs.uf2 with it)
        if rst is not None:
            rst(1)
            sleep_ms(1)
            rst(0)
            sleep_ms(_RESET_PULSE_MS)
            rst(1)
            wait = _RESET_WAIT_MS
        else:
            cs(0)
            self._command(_SWRESET)
            cs(1)
            wait = _SWRESET_WAIT_MS
        if self._ticks_ms is None:
            sleep_ms(wait)
            self._setup()
            return
        # the wait spent importing the screens, not asleep: the Pack 2.0's
        # title from pips-fs.uf2 came 150 ms sooner on the emulated Pico
        # (0.975 s to 0.825 s, pips_tools.pico)
        self._reset_at = self._ticks_ms()
        self._reset_wait = wait

    def ready(self):
        """The set-up init() left, now: what is left of the reset's wait
        slept, then Sleep Out and the settings. Nothing once done (show()
        calls it first)."""
        at = self._reset_at
        if at < 0:
            return
        self._reset_at = -1
        left = self._reset_wait - ((self._ticks_ms() - at) & _COUNT_MASK)  # (ticks wrap at 2**30)
        if left > 0:
            self._sleep_ms(left)
        self._setup()

    def _setup(self):
        sleep_ms = self._sleep_ms
        cs = self._cs
        command = self._command
        cs(0)
        command(_SLPOUT)
        cs(1)
        sleep_ms(_SLPOUT_WAIT_MS)
        for c, arg in ((_MADCTL, self.madctl), (_COLMOD, _COLMOD_RGB565)):
            cs(0)
            command(c, bytes((arg,)))  # the command, then its one byte
            cs(1)
        for c in (_INVON, _NORON):
            cs(0)
            command(c)
            cs(1)
        # The RAM holds noise after power-up: the display goes on once the
        # first screen has covered it, row by row as the screens send it, not
        # after a clear of the RAM (the clear, and 20 ms after DISPON, took
        # 114 ms of the Pack 2.0's 1.14 s to its title from pips-fs.uf2 on
        # the emulated Pico, pips_tools.pico)
        self._dark = 0

    # -- sending ------------------------------------------------------------
    def _window(self, x, y, w, h):
        """Select the bus and open the window: the pixels written next fill it."""
        if self._reset_at >= 0:
            self.ready()
        self._cs(0)
        self._address(_CASET, self.col_offset + x, self.col_offset + x + w - 1)
        self._address(_RASET, self.row_offset + y, self.row_offset + y + h - 1)
        self._command(_RAMWR)  # leaves DC high: the pixels follow

    def _close(self, x, y, w, h):
        """The window is sent: the display on once every row has been (after
        init()), and the bus let go."""
        dark = self._dark
        if dark >= 0 and x == 0 and w == self.width and y <= dark:
            dark = y + h if y + h > dark else dark
            self._dark = dark
            if dark >= self.height:  # every row sent since init(): the display on
                self._command(_DISPON)
                self._dark = -1
        self._cs(1)
        self.windows_sent += 1

    def _expand_rows(self, sx, sy, w, h):
        """Write h rows of w pixels of the frame buffer from (sx, sy), expanded."""
        rows = len(self._line) // (2 * w)  # rows per write; the last write may hold fewer
        expand = self._expand
        if expand is None:
            self._slow(self, sx, sy, w, h, rows)
            return
        buf = self.buffer
        line = self._line
        lut = self.lut
        stride = self._stride
        start = sy * stride + (sx >> 1)
        chunk = self._line_mv[: 2 * w * rows]
        left = h
        while left > 0:
            if left < rows:
                rows = left
                chunk = self._line_mv[: 2 * w * rows]
            expand(buf, start, stride, line, lut, sx, w, rows)
            self._write(chunk)
            start += stride * rows
            left -= rows

    def show(self, x=0, y=0, w=None, h=None):
        """Send the window x, y, w, h (the whole screen by default), clipped to the
        screen; return the number of bytes this call put on the bus. Without
        a whole-screen frame buffer (frame=False), see show_strip()."""
        if w is None:
            w = self.width - x
        if h is None:
            h = self.height - y
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        if x + w > self.width:
            w = self.width - x
        if y + h > self.height:
            h = self.height - y
        if w <= 0 or h <= 0:
            return 0
        before = self.bytes_sent
        self._window(x, y, w, h)
        self._expand_rows(x, y, w, h)
        self._close(x, y, w, h)
        return (self.bytes_sent - before) & _COUNT_MASK
