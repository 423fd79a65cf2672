"""The drawing surface every screen draws on, its dirty-rectangle bookkeeping,
its framebuf form (FbSurface), and the layers a table's bands draw with.

A surface is a 4-bit canvas: colours are palette indexes (pips.ui.palette). A
subclass supplies the primitives `_fill(x, y, w, h, c)`, `_pixel(x, y, c)`,
`_text(s, x, y, c)`, `_send(x, y, w, h)` (flush() hands it each dirty window)
and `get_pixel(x, y)`, and the font metrics `char_w`, `char_h`; everything
else is shared here, so the screens run the same on framebuf (MicroPython)
and displayio (CircuitPython, the desktop simulator). The primitives have no
stand-ins here: both subclasses define them.

The interface the screens use: width, height, char_w, char_h, fill_rect,
fill, rect, text, text_center, text_width, flush.

Every drawing call marks its rectangle dirty; a piece module, which draws
many small shapes in one box, calls the primitives itself and marks its box
once (`mark(x, y, w, h)`): the primitives clip. `flush()` hands the few merged
dirty rectangles to the display and forgets them, so a move that changes a tile
and a message line sends those two areas, not the whole frame; a whole screen
goes in two flushes, half a screen each (_FLUSH_MAX), so that no frame waits
for all of it. `pixels_sent` counts what went out (an ST7789 takes 2 bytes a
pixel).

FbSurface is the surface on MicroPython's `framebuf` in GS4_HMSB (4 bits a
pixel, palette indexes): 240x135 takes 16,200 bytes.

    FbSurface(display)            the board's driver: a framebuf.FrameBuffer
                                  subclass with width, height and show(x, y, w, h)
    FbSurface(None, 240, 135)     an off-screen buffer of its own (tests, CPython
                                  with a framebuf stand-in)

flush() calls display.show(x, y, w, h) once per dirty rectangle. Text is the
framebuf's built-in 8x8 font.

A Layer is a band of the table drawn as a list of items, redrawn by difference.

An item is a tuple (x, y, w, h, what, a). `what` holds the item's kind in its
low 4 bits and, above them (what >> 4), a text's ink or a piece's flags; `a`
is what the kind draws (a colour, a text, a piece's code). Six fields keep an
item small. The kinds below are drawn by every band; a table module
(table_<kind>.py) numbers its own kinds from 8 and paints them itself.
"""

from pips import const

_MAX_RECTS = const(6)
_SLACK = const(480)  # pixels a merge may add for free: fewer, larger windows
# pixels one flush sends at most: half a 240x135 screen (68 rows), so that no
# frame waits for a whole screen; the rest goes with the next frame's
_FLUSH_MAX = const(16320)


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

    def flush(self):
        """Send the dirty areas to the display, _FLUSH_MAX pixels at most: what
        is left of a bigger change (a whole screen) stays dirty, its top rows
        sent; the next flush sends it. Return the pixels sent."""
        sent = 0
        dirty = self.dirty
        while dirty:
            r = dirty[0]
            w = r[2] - r[0]
            h = r[3] - r[1]
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

    def text_width(self, s):
        return len(s) * self.char_w

    def text(self, s, x, y, c, bg=-1):
        """A line of text at (x, y), top left; bg >= 0 fills its cell first."""
        w = len(s) * self.char_w
        if bg >= 0:
            self.fill_rect(x, y, w, self.char_h, bg)
        if x >= self.width or y >= self.height or x + w <= 0:
            return
        self._text(s, x, y, c)
        self.mark(x, y, w, self.char_h)

    def text_center(self, s, x, y, w, c, bg=-1):
        """Text centred in the span x..x+w (cut to fit)."""
        most = w // self.char_w
        if len(s) > most:
            s = s[:most]
        self.text(s, x + (w - len(s) * self.char_w) // 2, y, c, bg)


# -- on framebuf --------------------------------------------------------------


class FbSurface(Surface):
    char_w = 8
    char_h = 8

    def __init__(self, display=None, width=0, height=0):
        import framebuf  # only here: the screens never import framebuf

        if display is None:
            self.buffer = bytearray((width * height + 1) // 2)
            display = framebuf.FrameBuffer(self.buffer, width, height, framebuf.GS4_HMSB)
            self.show = None
        else:
            width = width or display.width
            height = height or display.height
            self.buffer = getattr(display, "buffer", None)
            self.show = display.show
        self.width = width
        self.height = height
        # the primitives are the framebuf's own methods, bound once: no method
        # of this class stands in between (a call more for every fill and pixel)
        self._fill = display.fill_rect
        self._pixel = display.pixel
        self._text = display.text
        self.get_pixel = display.pixel  # pixel(x, y) without a colour reads it
        Surface.__init__(self)

    def _send(self, x, y, w, h):
        if self.show is not None:
            self.show(x, y, w, h)


# -- a band drawn as a list of items ------------------------------------------


FILL = const(0)  # a: colour
TEXT_AT = const(1)  # a: text, in the ink above the kind
CENTER = const(2)  # text centred in the item's width
PIECE = const(3)  # a piece (the piece module draws it): a code; flags 1 bright, 2 selected


class Layer:
    """`update(items)` compares with what is on screen: items gone are cleared
    to the background, new ones drawn, and unchanged ones left alone unless
    something cleared or drawn below them overlaps (painter's order: later
    items lie on top). A move then redraws a tile or a card, not the band.
    Fills and text are drawn here, other items by `paint(item, bg)`.
    `items` is what is on screen: [] after the band was cleared."""

    def __init__(self, surface, bg, paint):
        self.s = surface
        self.bg = bg
        self.paint = paint
        self.items = []
        self.touched = []  # what an update has cleared or drawn, one list for every update

    def update(self, items):
        s = self.s
        old = self.items
        touched = self.touched
        n = 0
        for it in old:
            if it not in items:
                s.fill_rect(it[0], it[1], it[2], it[3], self.bg)
                if n == len(touched):
                    touched.append(it)
                else:
                    touched[n] = it
                n += 1
        for it in items:
            drawn = it not in old
            if not drawn:  # unchanged: drawn again if something touched overlaps it
                x0 = it[0]
                y0 = it[1]
                x1 = x0 + it[2]
                y1 = y0 + it[3]
                for k in range(n):
                    r = touched[k]
                    if r[0] < x1 and x0 < r[0] + r[2] and r[1] < y1 and y0 < r[1] + r[3]:
                        drawn = True
                        break
            if drawn:
                what = it[4]
                kind = what & 15
                if kind == FILL:
                    s.fill_rect(it[0], it[1], it[2], it[3], it[5])
                elif kind == TEXT_AT:
                    s.text(it[5], it[0], it[1], what >> 4)
                elif kind == CENTER:
                    s.text_center(it[5], it[0], it[1], it[2], what >> 4)
                else:
                    self.paint(it, self.bg)
                if n == len(touched):
                    touched.append(it)
                else:
                    touched[n] = it
                n += 1
        for k in range(n):  # the items of this update are not held past it
            touched[k] = None
        self.items = items
