"""The ST7789 driver without a frame buffer of the whole screen, for the
larger panels: a 320x240 4-bit frame buffer is 38,400 bytes, which the
heap cannot spare beside the game when the code is copied into RAM (the
`.mpy` form of pips-fs.uf2).

    display = ST7789Direct(spi, dc, cs, rst, time.sleep_ms, 320, 240, 0, 0, ...)
    display.fill_window(0, 0, 20, 10, 3)        # colour 3, straight on the panel
    display.fill_rect(0, 0, 50, 15, 3)          # into the strip (a FrameBuffer)
    display.show_strip(100, 40, 50, 15)         # the strip's 50x15 at (100, 40)

The driver is still a `framebuf.FrameBuffer` (st7789.ST7789), of the
panel's width and STRIP_ROWS rows: a line of text is drawn in it and sent
where it belongs. Rectangles go to the panel as windows of one colour,
from a line buffer filled with it. The queued surface (pips.ui.directsurface)
draws with these three.
"""

import framebuf
from micropython import const

from st7789 import ST7789

# the strip's rows: a line of the largest font (pips.ui.font12: 15 rows)
STRIP_ROWS = const(16)


class ST7789Direct(ST7789):
    """st7789.ST7789's arguments; its frame buffer is a strip of STRIP_ROWS rows."""

    def __init__(self, spi, dc, cs, rst, sleep_ms, width=240, height=135, col_offset=40,
                 row_offset=53, madctl=0x70, lut=None, lines=2, expander=None, init=True,
                 ticks_ms=None):
        super().__init__(spi, dc, cs, rst, sleep_ms, width, height, col_offset, row_offset,
                         madctl, lut, lines, expander, init, ticks_ms, STRIP_ROWS)
        self.strip_rows = STRIP_ROWS
        self._fill_rgb = -1  # the RGB565 value the line buffer holds
        # the line buffer as RGB565 pixels, filled in C (framebuf keeps RGB565
        # little-endian: a value with its bytes swapped lands in the panel's order)
        self._fill_line = None
        rgb565 = getattr(framebuf, "RGB565", None)
        if rgb565 is not None:
            self._fill_line = framebuf.FrameBuffer(self._line, width * lines, 1, rgb565)

    def show_strip(self, x, y, w, h, sx=0):
        """Send the strip's w x h pixels from column sx (its first rows) to the
        screen's window x, y, w, h, which the caller has clipped."""
        self._window(x, y, w, h)
        self._expand_rows(sx, 0, w, h)
        self._close(x, y, w, h)
        self._fill_rgb = -1  # the line buffer holds these pixels now

    def show_box(self, x, y, w, h):
        """Send the buffer's first h rows as a w x h frame buffer of its own
        (a row every (w + 1) // 2 bytes: the surface draws a piece's box so)
        to the screen's window x, y, w, h, which the caller has clipped."""
        self._window(x, y, w, h)
        stride = (w + 1) >> 1
        rows = len(self._line) // (2 * w)
        expand = self._expand
        buf = self.buffer
        line = self._line
        lut = self.lut
        start = 0
        left = h
        while left > 0:
            if left < rows:
                rows = left
            if expand is not None:
                expand(buf, start, stride, line, lut, 0, w, rows)
            else:  # a port without viper: the same, in Python
                o = 0
                for r in range(rows):
                    for col in range(w):
                        b = buf[start + r * stride + (col >> 1)]
                        i = (b & 15 if col & 1 else b >> 4) << 1
                        line[o] = lut[i]
                        line[o + 1] = lut[i + 1]
                        o += 2
            self._write(self._line_mv[: 2 * w * rows])
            start += stride * rows
            left -= rows
        self._close(x, y, w, h)
        self._fill_rgb = -1

    def fill_window(self, x, y, w, h, c):
        """Fill x, y, w, h of the screen (clipped) with colour c of the lookup
        table, straight on the panel."""
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
            return
        line = self._line
        lut = self.lut
        hi = lut[2 * c]
        lo = lut[2 * c + 1]
        if self._fill_rgb != (hi << 8) | lo:  # (the table may have changed in place)
            self._fill_rgb = (hi << 8) | lo
            if self._fill_line is not None:
                self._fill_line.fill((lo << 8) | hi)
            else:
                for i in range(0, len(line), 2):
                    line[i] = hi
                    line[i + 1] = lo
        self._window(x, y, w, h)
        left = 2 * w * h
        whole = self._line_mv
        size = len(line)
        while left > size:
            self._write(whole)
            left -= size
        self._write(whole[:left])
        self._close(x, y, w, h)
