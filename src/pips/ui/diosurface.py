"""A surface on `displayio` (CircuitPython, and Blinka on the desktop simulator).

One Bitmap of palette indexes, the 16-colour Palette and a TileGrid inside
`self.group`, which the caller shows (`display.root_group = surface.group`).
Text comes from adafruit_display_text: each character is rendered once with a
bitmap_label in the terminal font, and its pixels are kept as rows of bits, so
drawing text is plain pixel writes into the one bitmap (no label objects piling
up over the picture). The font's cell is 6x12 with two empty rows on top: the
surface uses a 6x10 cell.

displayio refreshes what changed in the bitmap by itself; flush() only does the
bookkeeping and, with auto_refresh off, asks the display to refresh.
"""

from pips.ui.surface import Surface
from pips.ui import palette

_TOP = 2  # empty rows above the terminal font's capitals


class DioSurface(Surface):
    char_w = 6
    char_h = 10

    def __init__(self, width, height, display=None):
        import displayio

        try:
            import bitmaptools

            self._fill_region = bitmaptools.fill_region
        except ImportError:
            self._fill_region = None
        self.width = width
        self.height = height
        self.bitmap = displayio.Bitmap(width, height, 16)
        self.palette = displayio.Palette(16)
        for i in range(16):
            self.palette[i] = palette.RGB888[i]
        self.grid = displayio.TileGrid(self.bitmap, pixel_shader=self.palette)
        self.group = displayio.Group()
        self.group.append(self.grid)
        self.display = display
        self.glyphs = {}
        self._init_dirty()

    def _fill(self, x, y, w, h, c):
        x0 = max(x, 0)
        y0 = max(y, 0)
        x1 = min(x + w, self.width)
        y1 = min(y + h, self.height)
        if x1 <= x0 or y1 <= y0:
            return
        if self._fill_region is not None:
            self._fill_region(self.bitmap, x0, y0, x1, y1, c)
            return
        bitmap = self.bitmap
        for yy in range(y0, y1):
            for xx in range(x0, x1):
                bitmap[xx, yy] = c

    def _pixel(self, x, y, c):
        if 0 <= x < self.width and 0 <= y < self.height:
            self.bitmap[x, y] = c

    def _glyph(self, ch):
        rows = self.glyphs.get(ch)
        if rows is None:
            import terminalio
            from adafruit_display_text import bitmap_label

            label = bitmap_label.Label(terminalio.FONT, text=ch, color=0xFFFFFF)
            bmp = label.bitmap
            rows = bytearray(self.char_h)
            if bmp is not None:
                for j in range(self.char_h):
                    bits = 0
                    if j + _TOP < bmp.height:
                        for i in range(min(bmp.width, 8)):
                            if bmp[i, j + _TOP]:
                                bits |= 0x80 >> i
                    rows[j] = bits
            rows = bytes(rows)
            self.glyphs[ch] = rows
        return rows

    def _text(self, s, x, y, c):
        for ch in s:
            if ch != " ":
                rows = self._glyph(ch)
                for j in range(self.char_h):
                    bits = rows[j]
                    if bits:
                        for i in range(self.char_w):
                            if bits & (0x80 >> i):
                                self._pixel(x + i, y + j, c)
            x += self.char_w

    def flush(self):
        sent = Surface.flush(self)
        display = self.display
        if sent and display is not None and not getattr(display, "auto_refresh", True):
            display.refresh()
        return sent

    def get_pixel(self, x, y):
        return self.bitmap[x, y]
