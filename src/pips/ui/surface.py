"""The drawing surface every screen draws on, and its dirty-rectangle
bookkeeping.

A surface is a 4-bit canvas: colours are palette indexes (pips.ui.palette). A
subclass supplies the primitives `_fill(x, y, w, h, c)`, `_pixel(x, y, c)`,
`_send(x, y, w, h)` (flush() hands it each dirty window) and
`get_pixel(x, y)`; everything else is shared here, text included, so the screens run the same on framebuf (MicroPython,
pips.ui.fbsurface) and displayio (CircuitPython, the desktop simulator:
pips.ui.diosurface). The primitives have no stand-ins here: both subclasses
define them.

The interface the screens use: width, height, char_w, char_h, fill_rect,
fill, rect, text, text_center, text_width, text_fit, flush.

Text is drawn in the panel's bitmap font (pips.ui.font, made at build time
from DejaVu Sans), proportional: measure it with text_width(); char_h is a
line's height, char_w a digit's advance (for room kept for a few digits).
A character is drawn as the runs of its ink, a _fill each, nothing allocated.

Every drawing call marks its rectangle dirty; a piece module, which draws
many small shapes in one box, calls the primitives itself and marks its box
once (`mark(x, y, w, h)`): the primitives clip. `flush()` hands the few merged
dirty rectangles to the display and forgets them, so a move that changes a tile
and a message line sends those two areas, not the whole frame; a whole screen
goes in two flushes, half a screen each (_FLUSH_MAX), so that no frame waits
for all of it. On a board the App passes its clock: the sending then goes in
pieces of about _PIECE pixels and stops once _SEND_BY_MS of the frame have
passed (a frame that drew a whole screen leaves more of it to the next one).
`pixels_sent` counts what went out (an ST7789 takes 2 bytes a
pixel).
"""

from pips import const
from pips.ui.keys import ticks_diff
from pips.ui import font as _font
from pips.ui.glyph_viper import advance as _advance  # None but on a port with viper
# the native text drawer (None where no native emitter compiles it, and in the
# .mpy form: the runs are then a fill a run, Surface._runs)
from pips.ui.glyph_viper import glyphs as _glyphs, NOT_ASCII as _NOT_ASCII

_MAX_RECTS = const(6)
_SLACK = const(480)  # pixels a merge may add for free: fewer, larger windows
# pixels one flush sends at most: half a 240x135 screen (68 rows), so that no
# frame waits for a whole screen; the rest goes with the next frame's
_FLUSH_MAX = const(16320)
# With the board's clock: no piece is begun once this many ms of the frame
# have passed, and a piece is about this many pixels. On the emulated Pico
# (pips_tools.pico, SPI at 24 MHz) a frame that drew a whole screen took
# 35-37 ms sending half of it at once; a piece of 2,720 pixels takes 2.3 ms
# there (0.9 ms at a real Pico's 62.5 MHz), so a frame ends by about 30 ms.
_SEND_BY_MS = const(27)
_PIECE = const(2720)


class Surface:
    width = 0
    height = 0
    char_w = 8
    char_h = 8

    def __init__(self):
        """The bookkeeping; a subclass sets up its display, then calls this."""
        self.dirty = []  # [x0, y0, x1, y1] exclusive ends
        self.pixels_sent = 0  # since creation (tests and benchmarks read it)
        self.windows_sent = 0
        self.last_flush = 0  # pixels in the latest flush
        self.use_font(_font.for_panel(self.width, self.height))

    def use_font(self, font):
        """Draw text in `font` (a pips.ui.font module) from now on."""
        self.font = font
        self.char_w = font.WIDTH
        self.char_h = font.HEIGHT
        if _font.find(font, 126) != 94:  # "~": text_width's and _text's shortcut needs this
            raise ValueError("a font without printable ASCII as its first glyphs")
        self._missing = _font.find(font, 63)  # "?" stands for a character the font lacks
        self._measured = None  # the last string text_width measured, and its width
        self._measured_w = 0
        self._runs_file = _font.open_runs(font)  # the .mpy form: (file, buffer), else None

    # -- dirty rectangles ---------------------------------------------
    def mark(self, x, y, w, h):
        x0 = x if x > 0 else 0
        y0 = y if y > 0 else 0
        x1 = x + w
        y1 = y + h
        if x1 > self.width:
            x1 = self.width
        if y1 > self.height:
            y1 = self.height
        if x1 <= x0 or y1 <= y0:
            return
        dirty = self.dirty
        area = (x1 - x0) * (y1 - y0)
        for r in dirty:
            bx0 = r[0] if r[0] < x0 else x0
            by0 = r[1] if r[1] < y0 else y0
            bx1 = r[2] if r[2] > x1 else x1
            by1 = r[3] if r[3] > y1 else y1
            if (bx1 - bx0) * (by1 - by0) <= (r[2] - r[0]) * (r[3] - r[1]) + area + _SLACK:
                r[0] = bx0
                r[1] = by0
                r[2] = bx1
                r[3] = by1
                return
        if len(dirty) < _MAX_RECTS:
            dirty.append([x0, y0, x1, y1])
            return
        # too many: merge it into the rectangle their union wastes the fewest pixels of
        best = dirty[0]
        best_waste = 1 << 30
        for r in dirty:
            w = (x1 if x1 > r[2] else r[2]) - (x0 if x0 < r[0] else r[0])
            h = (y1 if y1 > r[3] else r[3]) - (y0 if y0 < r[1] else r[1])
            waste = w * h - (r[2] - r[0]) * (r[3] - r[1])
            if waste < best_waste:
                best_waste = waste
                best = r
        if x0 < best[0]:
            best[0] = x0
        if y0 < best[1]:
            best[1] = y0
        if x1 > best[2]:
            best[2] = x1
        if y1 > best[3]:
            best[3] = y1

    def flush(self, clock=None, start=0, peek=None, keys=0):
        """Send the dirty areas to the display, _FLUSH_MAX pixels at most: what
        is left of a bigger change (a whole screen) stays dirty, its top rows
        sent; the next flush sends it. With `clock` (the board's ticks_ms) and
        the frame's `start`, in pieces of _PIECE pixels, none begun once
        _SEND_BY_MS have passed since `start`, nor once `peek()` (the board's
        keys as they are) differs from `keys` (as the frame read them): the
        frame ends, and the next one takes the key at once. Return the pixels
        sent."""
        sent = 0
        dirty = self.dirty
        while dirty:
            r = dirty[0]
            w = r[2] - r[0]
            h = r[3] - r[1]
            if clock is not None:
                if ticks_diff(clock(), start) >= _SEND_BY_MS:
                    break
                # a key pressed or let go while a frame sends a whole screen
                # waited up to 27 ms for it to end (pips_tools.pico)
                if peek is not None and peek() != keys:
                    break
                rows = _PIECE // w
                if rows < 1:
                    rows = 1
                if rows < h and sent + w * rows <= _FLUSH_MAX:
                    self._send(r[0], r[1], w, rows)  # a piece: the rest of the area stays dirty
                    r[1] += rows
                    sent += w * rows
                    self.windows_sent += 1
                    continue
            if sent + w * h > _FLUSH_MAX:
                h = (_FLUSH_MAX - sent) // w  # the rows that fit
                if h > 0:
                    self._send(r[0], r[1], w, h)
                    r[1] += h
                    sent += w * h
                    self.windows_sent += 1
                break
            self._send(r[0], r[1], w, h)
            sent += w * h
            self.windows_sent += 1
            dirty.pop(0)
        self.pixels_sent += sent
        self.last_flush = sent
        return sent

    # -- drawing --------------------------------------------------------
    def fill_rect(self, x, y, w, h, c):
        if w > 0 and h > 0:
            self._fill(x, y, w, h, c)
            self.mark(x, y, w, h)

    def fill(self, c):
        self.fill_rect(0, 0, self.width, self.height, c)

    def rect(self, x, y, w, h, c):
        """An outline one pixel wide."""
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y + 1, 1, h - 2, c)
        self.fill_rect(x + w - 1, y + 1, 1, h - 2, c)

    def _glyph(self, code):
        """The font's glyph index for a code point outside printable ASCII
        (the character the font lacks: "?")."""
        k = _font.find(self.font, code)
        return k if k >= 0 else self._missing

    # Printable ASCII is a font's first 95 glyphs (pips_tools.font_build puts
    # it in every font): its index is the code less 32, no search. The binary
    # search over 223 codes took about 0.15 ms a character on the emulated
    # Pico (pips_tools.pico): a 40-character line measured and drawn 18 ms.

    def text_width(self, s):
        """The width of `s` in pixels, as text() draws it (the last string
        measured is remembered: text_fit, then text, measure it once)."""
        if s is self._measured:
            return self._measured_w
        glyphs = self.font.GLYPHS
        w = -1 if _advance is None else _advance(glyphs, s, len(s))
        if w < 0:  # not printable ASCII alone (or no native code here)
            w = 0
            for ch in s:
                k = ord(ch) - 32
                if k < 0 or k > 94:
                    k = self._glyph(k + 32)
                w += glyphs[4 * k]
        self._measured = s
        self._measured_w = w
        return w

    def text_fit(self, s, w, tail=False):
        """The longest head of `s` that fits `w` pixels (`tail`: the longest
        end, for a line laid right to left, which is read from its right)."""
        if self.text_width(s) <= w:
            return s
        glyphs = self.font.GLYPHS
        n = len(s)
        if tail:
            while n and self.text_width(s[len(s) - n:]) > w:
                n -= 1
            return s[len(s) - n:]
        total = 0
        n = 0
        for ch in s:
            k = ord(ch) - 32
            if k < 0 or k > 94:
                k = self._glyph(k + 32)
            total += glyphs[4 * k]
            if total > w:
                break
            n += 1
        return s[:n]

    def _text(self, s, x, y, c):
        """Draw `s` with its top left at (x, y): each glyph's runs of ink,
        a fill a run (the fill clips)."""
        self._runs(s, x, y, c, self._fill)

    def _runs(self, s, x, y, c, fill):
        """Surface._text with `fill(x, y, w, h, c)` for the runs."""
        font = self.font
        glyphs = font.GLYPHS
        runs = font.RUNS
        from_file = self._runs_file
        for ch in s:
            k = ord(ch) - 32
            if k < 0 or k > 94:
                k = self._glyph(k + 32)
            g = 4 * k
            start = 0
            if k:
                start = 2 * ((glyphs[g - 2] << 8) | glyphs[g - 1])
            end = 2 * ((glyphs[g + 2] << 8) | glyphs[g + 3])
            if from_file is not None:  # the glyph's runs read from flash into the buffer
                runs = from_file[1]
                from_file[0].seek(start)
                from_file[0].readinto(runs, end - start)
                end -= start
                start = 0
            x0 = x + glyphs[g + 1] - 64
            while start < end:
                v = (runs[start] << 8) | runs[start + 1]
                fill(x0 + ((v >> 5) & 63), y + (v >> 11), v & 31, 1, c)
                start += 2
            x += glyphs[g]

    def _runs_native(self, buf, size, s, x, y, c):
        """Surface._text by the native drawer (pips.ui.glyph_viper, where it is
        compiled: the frozen form) into the 4-bit buffer `buf` of a frame
        buffer `size` >> 16 pixels wide and `size` & 0xFFFF high: printable
        ASCII in one call, other text a call a glyph."""
        font = self.font
        glyphs = font.GLYPHS
        runs = font.RUNS
        yc = (y << 4) | (c & 15)
        if _glyphs(buf, size, glyphs, runs, s, len(s) << 16, x, yc) != _NOT_ASCII:
            return
        for ch in s:
            k = ord(ch) - 32
            if k < 0 or k > 94:
                k = self._glyph(k + 32)
            x = _glyphs(buf, size, glyphs, runs, s, k, x, yc)

    def text(self, s, x, y, c, bg=-1):
        """A line of text at (x, y), top left; bg >= 0 fills its cell first."""
        w = self.text_width(s)
        if bg >= 0:
            self.fill_rect(x, y, w, self.char_h, bg)
        if x >= self.width or y >= self.height or x + w <= 0:
            return
        self._text(s, x, y, c)
        # the ink of J, v, y (and some Persian letters) reaches a column
        # either side of the advance: sent with the line
        self.mark(x - 1, y, w + 2, self.char_h)

    def text_center(self, s, x, y, w, c, bg=-1):
        """Text centred in the span x..x+w (cut to fit)."""
        s = self.text_fit(s, w)
        self.text(s, x + (w - self.text_width(s)) // 2, y, c, bg)
