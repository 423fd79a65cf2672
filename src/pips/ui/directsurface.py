"""The surface without a frame buffer, for the larger panels: what the
screens draw is queued, and flush() sends it to the panel in order, within
the frame's time as the frame-buffer surface sends its dirty areas.

    DirectSurface(display)   the board's driver with fill_window(x, y, w, h, c),
                             show_strip() and show_box() and a strip of rows
                             (boards/st7789_direct.py)

A 320x240 frame buffer takes 38,400 bytes of a Pico's heap; the queue, its
ring of recent rectangles and the strip about 9 KB. What goes to the panel:
- a rectangle, as a window of one colour;
- a line of text, drawn in the driver's strip over its background and sent
  as one window. The background is read from the recent drawing (the newest
  rectangle that meets the line is one colour and covers it); where it is
  not known, each run of ink is a window of its own (slower, the same pixels);
- a piece (a tile, a card: the shapes drawn between two marks, the first a
  rectangle under the rest), drawn in the strip's bytes as a frame buffer of
  its box and sent as one window.
A large rectangle drops the queued operations it covers. The queue holds
_QUEUE operations (a screen drawn whole takes about 200); once it is full,
the oldest is sent at once, whatever the frame's time.
"""

from array import array

from pips import const
from pips.ui.keys import ticks_diff
from pips.ui.surface import Surface, _glyphs

_QUEUE = const(320)
_RING = const(32)  # the rectangles read for a line's background
# no piece of a rectangle is begun once this many ms of the frame have passed
# (as pips.ui.surface's), nor after _LINES_BY_MS a line or a group larger
# than a piece, or a line sent a run of ink at a time (one took 7 ms; a frame
# of the PicoSystem's Block session on the emulated Pico ended at 33.3 ms
# with one limit of 27 for all, pips_tools.pico)
_SEND_BY_MS = const(27)
_LINES_BY_MS = const(22)
_COVERS = const(400)  # a rectangle this large drops the queued ones it covers
_BACK = const(12)  # looking this far back in the queue
_PIECE = const(2720)
_FLUSH_MAX = const(16320)
_TEXT = const(16)  # an operation's colour field: a fill's is 0-15
_TIGHT = const(1024)  # the background covers the line's advance, not the column either side


class DirectSurface(Surface):
    def __init__(self, display):
        self.width = display.width
        self.height = display.height
        self._display = display
        self._fill_window = display.fill_window
        self._strip_size = (display.width << 16) | display.strip_rows
        self._ops = array("h", bytes(10 * _QUEUE))  # x, y, w, h, colour (_TEXT and up: a line)
        self._lines = [None] * _QUEUE  # a line's text
        self._head = 0  # the oldest operation
        self._count = 0
        # a piece's shapes (drawn between two marks, the first covering
        # the rest) are drawn together in the strip and sent as one window:
        # _groups[first] = their count (0: an operation sent alone)
        self._groups = bytearray(_QUEUE)
        self._since = 0  # operations queued since the last mark
        self._since_at = 0  # the first of them
        self._union = array("h", bytes(8))  # x0, y0, x1, y1 of them
        self._ring = array("h", bytes(10 * _RING))  # x0, y0, x1, y1, colour (-1: text, mixed)
        self._ring_at = 0
        self._busy = [True]  # `dirty` while something waits to be sent (the screens ask)
        self._idle = []
        # for the benchmarks: operations sent at once for a full queue, lines
        # sent a run of ink at a time (their background not known)
        self.stalls = 0
        self.blind_lines = 0
        Surface.__init__(self)
        self.dirty = self._idle

    def use_font(self, font):
        if getattr(self, "_count", 0):
            while self._count:  # the lines queued are drawn in the font they were measured in
                self.flush()
        Surface.use_font(self, font)
        if font.HEIGHT > self._display.strip_rows:
            raise ValueError("a font taller than the display's strip")

    def mark(self, x, y, w, h):
        """The end of a drawing call: a piece's shapes (two or more, the first
        a rectangle under all the others, their box within the strip's
        bytes) become a group, drawn in the strip and sent as one window."""
        n = self._since
        self._since = 0
        if n < 2 or n > self._count or n > 255:
            return
        first = self._since_at
        ops = self._ops
        i = 5 * first
        u = self._union
        if (ops[i + 4] >= _TEXT or ops[i] > u[0] or ops[i + 1] > u[1]
                or ops[i] + ops[i + 2] < u[2] or ops[i + 1] + ops[i + 3] < u[3]):
            return
        if u[0] < 0 or u[1] < 0 or u[2] > self.width or u[3] > self.height:
            return
        if ((u[2] - u[0] + 1) >> 1) * (u[3] - u[1]) > len(self._display.buffer):
            return
        self._groups[first] = n

    # -- what was drawn under a line ------------------------------------
    def _note(self, x0, y0, x1, y1, c):
        ring = self._ring
        i = 5 * self._ring_at
        ring[i] = x0
        ring[i + 1] = y0
        ring[i + 2] = x1
        ring[i + 3] = y1
        ring[i + 4] = c
        self._ring_at = (self._ring_at + 1) % _RING

    def _under(self, x0, y0, x1, y1):
        """The colour of x0..x1, y0..y1 (exclusive ends) when the newest of the
        recent rectangles that meets it is one colour and covers it; else -1."""
        ring = self._ring
        at = self._ring_at
        for _ in range(_RING):
            at = (at - 1) % _RING
            i = 5 * at
            if ring[i] < x1 and ring[i + 2] > x0 and ring[i + 1] < y1 and ring[i + 3] > y0:
                c = ring[i + 4]
                if c >= 0 and ring[i] <= x0 and ring[i + 1] <= y0 and ring[i + 2] >= x1 and ring[i + 3] >= y1:
                    return c
                return -1
        return -1

    # -- the primitives: queued ----------------------------------------
    def _queue(self, x, y, w, h, c, line=None):
        if self._count == _QUEUE:
            self.stalls += 1
            self._run(self._head, -1)
        at = (self._head + self._count) % _QUEUE
        ops = self._ops
        i = 5 * at
        ops[i] = x
        ops[i + 1] = y
        ops[i + 2] = w
        ops[i + 3] = h
        ops[i + 4] = c
        self._lines[at] = line
        self._groups[at] = 0
        self._count += 1
        self.dirty = self._busy
        # the box of what was queued since the last mark
        u = self._union
        if self._since == 0:
            self._since_at = at
            u[0] = x
            u[1] = y
            u[2] = x + w
            u[3] = y + h
        else:
            if x < u[0]:
                u[0] = x
            if y < u[1]:
                u[1] = y
            if x + w > u[2]:
                u[2] = x + w
            if y + h > u[3]:
                u[3] = y + h
        self._since += 1

    def _fill(self, x, y, w, h, c):
        x1 = x + w
        y1 = y + h
        if x < 0:
            x = 0
        if y < 0:
            y = 0
        if x1 > self.width:
            x1 = self.width
        if y1 > self.height:
            y1 = self.height
        if x1 <= x or y1 <= y:
            return
        self._note(x, y, x1, y1, c)
        if (x1 - x) * (y1 - y) >= _COVERS:
            self._cover(x, y, x1, y1)
        self._queue(x, y, x1 - x, y1 - y, c)

    def _cover(self, x0, y0, x1, y1):
        """Drop the last queued operations (up to _BACK) that x0..x1, y0..y1
        covers: they would be sent only to be painted over (a card's old
        place cleared, then the card drawn there). A group's first covered:
        the group with it (its others lie within it)."""
        ops = self._ops
        groups = self._groups
        n = self._count if self._count < _BACK else _BACK
        at = self._head + self._count
        for _ in range(n):
            at = (at - 1) % _QUEUE
            i = 5 * at
            if ops[i + 2] and ops[i] >= x0 and ops[i + 1] >= y0 and ops[i] + ops[i + 2] <= x1 and ops[i + 1] + ops[i + 3] <= y1:
                if ops[i + 4] >= _TEXT:
                    if ops[i] < x0 + 1 or ops[i] + ops[i + 2] > x1 - 1:
                        continue  # its ink may reach a column beyond
                    self._lines[at] = None
                ops[i + 2] = 0  # dropped: w 0
                k = groups[at]
                while k > 1:  # the rest of its group
                    k -= 1
                    j = 5 * ((at + k) % _QUEUE)
                    ops[j + 2] = 0
                    self._lines[(at + k) % _QUEUE] = None
                groups[at] = 0

    def _pixel(self, x, y, c):
        self._fill(x, y, 1, 1, c)

    def _text(self, s, x, y, c):
        w = self.text_width(s)
        h = self.char_h
        # ink reaches a column either side of the advance (pips.ui.font12, font8)
        x0 = x - 1 if x > 0 else 0
        x1 = x + w + 1 if x + w + 1 < self.width else self.width
        y0 = y if y > 0 else 0
        y1 = y + h if y + h < self.height else self.height
        op = _TEXT | (c & 15)
        bg = self._under(x0, y0, x1, y1)
        if bg < 0:
            bg = self._under(x if x > 0 else 0, y0, x + w if x + w < self.width else self.width, y1)
            op |= _TIGHT
        if bg >= 0:
            op |= (bg + 1) << 5
        self._note(x0, y0, x1, y1, -1)
        self._queue(x, y, w, h, op, s)
        u = self._union  # its ink's columns in the box of a group
        if x - 1 < u[0]:
            u[0] = x - 1
        if x + w + 1 > u[2]:
            u[2] = x + w + 1

    # -- sending --------------------------------------------------------
    def flush(self, clock=None, start=0, peek=None, keys=0):
        """Send the queue in order: as Surface.flush() sends the dirty areas,
        _FLUSH_MAX pixels at most, or with `clock` in pieces of about _PIECE
        pixels until _SEND_BY_MS of the frame have passed or the keys change.
        Return the pixels sent."""
        sent = 0
        ops = self._ops
        while self._count:
            if clock is not None:
                late = ticks_diff(clock(), start)
                if late >= _SEND_BY_MS:
                    break
                if late >= _LINES_BY_MS:
                    i = 5 * self._head
                    c = ops[i + 4]
                    if (c >= _TEXT or self._groups[self._head]) and (
                            ops[i + 2] * ops[i + 3] > _PIECE or c >= _TEXT and not (c >> 5) & 31):
                        break
                if peek is not None and peek() != keys:
                    break
                limit = _PIECE
            else:
                limit = _FLUSH_MAX - sent
                if limit <= 0:
                    break
            sent += self._run(self._head, limit)
        if not self._count:
            self.dirty = self._idle
        self.pixels_sent += sent
        self.last_flush = sent
        return sent

    def _run(self, at, limit):
        """Send the operation at `at`, the oldest: a rectangle in rows of about
        `limit` pixels at most (-1: whole), the rest left queued; a line
        whole. Return the pixels sent."""
        if self._groups[at]:
            return self._run_group(at, self._groups[at])
        ops = self._ops
        i = 5 * at
        x = ops[i]
        y = ops[i + 1]
        w = ops[i + 2]
        h = ops[i + 3]
        c = ops[i + 4]
        if w == 0:  # dropped (_cover)
            self._head = (at + 1) % _QUEUE
            self._count -= 1
            return 0
        self.windows_sent += 1
        if c < _TEXT:
            rows = h if limit < 0 else limit // w
            if rows < 1:
                rows = 1
            if rows < h:
                self._fill_window(x, y, w, rows, c)
                ops[i + 1] = y + rows
                ops[i + 3] = h - rows
                return w * rows
            self._fill_window(x, y, w, h, c)
        else:
            self._line(self._lines[at], x, y, w, h, c)
            self._lines[at] = None
        self._head = (at + 1) % _QUEUE
        self._count -= 1
        return w * h

    def _run_group(self, at, n):
        """Draw the group of n operations from `at` (the first a rectangle
        covering the others) in the strip, as a frame buffer of its box,
        and send it as one window. Return the pixels sent."""
        import framebuf

        ops = self._ops
        i = 5 * at
        x0 = ops[i]
        y0 = ops[i + 1]
        w = ops[i + 2]
        h = ops[i + 3]
        buf = self._display.buffer
        # an even width: the native drawer takes a row as width / 2 bytes
        # (show_box reads (w + 1) // 2, the same)
        even = w + (w & 1)
        box = framebuf.FrameBuffer(buf, even, h, framebuf.GS4_HMSB)
        size = (even << 16) | h
        native = _glyphs is not None and self._runs_file is None
        lines = self._lines
        for k in range(n):
            j = (at + k) % _QUEUE
            i = 5 * j
            c = ops[i + 4]
            if ops[i + 2] == 0:  # dropped (_cover)
                continue
            if c < _TEXT:
                box.fill_rect(ops[i] - x0, ops[i + 1] - y0, ops[i + 2], ops[i + 3], c)
            else:
                y = ops[i + 1] - y0
                if native and y >= 0:
                    self._runs_native(buf, size, lines[j], ops[i] - x0, y, c & 15)
                else:
                    self._runs(lines[j], ops[i] - x0, y, c & 15, box.fill_rect)
                lines[j] = None
        self._display.show_box(x0, y0, w, h)
        self.windows_sent += 1
        self._head = (at + n) % _QUEUE
        self._count -= n
        return w * h

    def _line(self, s, x, y, w, h, c):
        ink = c & 15
        bg = ((c >> 5) & 31) - 1
        if bg < 0:  # the background is not known: a window a run of ink
            self.blind_lines += 1
            self._runs(s, x, y, ink, self._fill_window)
            return
        strip = self._display
        width = self.width
        # the screen's columns x0..x1 are the strip's from 1: its column 0 is x0 - 1
        if c & _TIGHT:
            x0 = x if x > 0 else 0
            x1 = x + w if x + w < width else width
        else:
            x0 = x - 1 if x > 0 else 0
            x1 = x + w + 1 if x + w + 1 < width else width
        y0 = y if y > 0 else 0
        y1 = y + h if y + h < self.height else self.height
        if x1 <= x0 or y1 <= y0:
            return
        left = x0 - 1  # the screen column of the strip's column 0
        strip.fill_rect(0, 0, x1 - x0 + 3, h, bg)
        if c & _TIGHT:  # the columns either side in another colour than the ink's
            strip.fill_rect(x - 1 - left, 0, 1, h, ink ^ 1)
            strip.fill_rect(x + w - left, 0, 1, h, ink ^ 1)
        if _glyphs is not None and self._runs_file is None and y >= y0:
            self._runs_native(strip.buffer, self._strip_size, s, x - left, 0, ink)
        else:
            self._runs(s, x - left, y - y0, ink, strip.fill_rect)
        if c & _TIGHT:
            # ink a column either side of the background known: a pixel each
            for col in (x - 1, x + w):
                if 0 <= col < width:
                    for row in range(y1 - y0):
                        if strip.pixel(col - left, row) == ink:
                            self._fill_window(col, y0 + row, 1, 1, ink)
        strip.show_strip(x0, y0, x1 - x0, y1 - y0, 1)
