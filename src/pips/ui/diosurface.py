"""A surface on `displayio` (CircuitPython, and Blinka on the desktop simulator).

One Bitmap of palette indexes, the 16-colour Palette and a TileGrid inside
`self.group`, which the caller shows (`display.root_group = surface.group`).
Text is drawn by the surface in the panel's bitmap font (pips.ui.font), as
on the device: fills into the one bitmap (no label objects piling up over the
picture).

displayio refreshes what changed in the bitmap by itself; flush() only does the
bookkeeping and, with auto_refresh off, asks the display to refresh.
"""

from pips.ui.surface import Surface
from pips.ui import palette


class DioSurface(Surface):
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
        # Blinka's Bitmap is pure Python: writing its packed words directly is
        # a hundred times faster than a call per pixel (on CircuitPython the
        # C bitmaptools does the fills and this stays off).
        self.words = None
        if getattr(self.bitmap, "_bits_per_value", 0) == 4 and hasattr(self.bitmap, "_data"):
            self.words = self.bitmap._data
            self.stride = self.bitmap._stride
        Surface.__init__(self)

    def _fill(self, x, y, w, h, c):
        x0 = max(x, 0)
        y0 = max(y, 0)
        x1 = min(x + w, self.width)
        y1 = min(y + h, self.height)
        if x1 <= x0 or y1 <= y0:
            return
        if self.words is not None:
            self._fill_words(x0, y0, x1, y1, c)
            return
        if self._fill_region is not None:
            self._fill_region(self.bitmap, x0, y0, x1, y1, c)
            return
        bitmap = self.bitmap
        for yy in range(y0, y1):
            for xx in range(x0, x1):
                bitmap[xx, yy] = c

    def _fill_words(self, x0, y0, x1, y1, c):
        """Fill rows straight into the packed words, 8 pixels a word, the
        leftmost pixel in the top nibble (Blinka's layout)."""
        data = self.words
        stride = self.stride
        pattern = c * 0x11111111
        w0 = x0 >> 3
        w1 = (x1 - 1) >> 3
        if w0 == w1:
            m = _span(x0 & 7, ((x1 - 1) & 7) + 1)
            keep = 0xFFFFFFFF ^ m
            part = pattern & m
            i = y0 * stride + w0
            for _ in range(y1 - y0):
                data[i] = (data[i] & keep) | part
                i += stride
            return
        m0 = _span(x0 & 7, 8)
        m1 = _span(0, ((x1 - 1) & 7) + 1)
        keep0 = 0xFFFFFFFF ^ m0
        keep1 = 0xFFFFFFFF ^ m1
        part0 = pattern & m0
        part1 = pattern & m1
        full = w1 - w0 - 1
        run = data[:0]
        if full > 0:
            run = type(data)(data.typecode, [pattern]) * full
        base = y0 * stride
        for _ in range(y1 - y0):
            i = base + w0
            data[i] = (data[i] & keep0) | part0
            if full > 0:
                data[i + 1 : i + 1 + full] = run
            j = base + w1
            data[j] = (data[j] & keep1) | part1
            base += stride

    def _pixel(self, x, y, c):
        if 0 <= x < self.width and 0 <= y < self.height:
            if self.words is not None:
                shift = 28 - ((x & 7) << 2)
                i = y * self.stride + (x >> 3)
                self.words[i] = (self.words[i] & (0xFFFFFFFF ^ (15 << shift))) | (c << shift)
            else:
                self.bitmap[x, y] = c

    def _send(self, x, y, w, h):
        pass  # displayio refreshes by itself (flush() below marks the bitmap dirty)

    def flush(self, clock=None, start=0, peek=None, keys=0):
        if self.words is not None:  # tell displayio what the direct writes changed
            for r in self.dirty:
                self.bitmap.dirty(r[0], r[1], r[2], r[3])
        sent = Surface.flush(self, clock, start, peek, keys)
        display = self.display
        if sent and display is not None and not getattr(display, "auto_refresh", True):
            display.refresh()
        return sent

    def get_pixel(self, x, y):
        if self.words is not None:
            return (self.words[y * self.stride + (x >> 3)] >> (28 - ((x & 7) << 2))) & 15
        return self.bitmap[x, y]


def _span(a, b):
    """The bits of pixels a..b-1 in a word of eight 4-bit pixels."""
    return (0xFFFFFFFF >> (4 * a)) & (0xFFFFFFFF ^ (0xFFFFFFFF >> (4 * b)))
