"""What an ST7789 controller makes of the bytes on its bus: commands, address
windows and RAMWR pixels into a model of its 240x320 RAM, for the tests that
check the display driver (tests/test_st7789.py) and the firmware on an
emulated Pico (pips_tools.pico).

A bus log is a run of records: a kind byte, a 24-bit big-endian length, then
(for kinds 0-3, SPI bytes) that many bytes sent with DC = kind >> 1 and
CS = kind & 1; kinds 0x20 (reset pin level), 0x40 (mark n) and 0x80 (sleep ms)
carry their number in the length field and no bytes.

The reference board's 1.14-inch panel shows the RAM's columns COL0.. and rows
ROW0.. in landscape (docs/boards.md: column window 40..279, row window 53..187).
"""

COL0, ROW0 = 40, 53
WIDTH, HEIGHT = 240, 135


def parse_log(data):
    """Events: ("spi", dc, cs, bytes), ("rst", level), ("sleep", ms), ("mark", n)."""
    events = []
    i = 0
    while i < len(data):
        kind = data[i]
        n = (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]
        i += 4
        if kind < 4:
            events.append(("spi", kind >> 1, kind & 1, data[i : i + n]))
            i += n
        elif kind == 0x20:
            events.append(("rst", n))
        elif kind == 0x80:
            events.append(("sleep", n))
        elif kind == 0x40:
            events.append(("mark", n))
        else:
            raise ValueError("unknown bus log record %r" % kind)
    return events


class St7789Model:
    """What the controller does with the bytes: commands, windows and RAM."""

    def __init__(self):
        self.madctl = 0
        self.ram = bytearray(320 * 240 * 2)
        self.written = bytearray(320 * 240)  # 1 where RAMWR wrote
        self.command = None
        self.args = bytearray()
        self.log = []  # (command, args) in order; RAMWR args replaced by a pixel count
        self.windows = []  # (x0, x1, y0, y1) of each RAMWR
        self.caset = (0, 0)
        self.raset = (0, 0)
        self.keep_log = True  # False: a long stream keeps no command log

    @property
    def columns(self):
        return 320 if self.madctl & 0x20 else 240  # MV swaps rows and columns

    @property
    def rows(self):
        return 240 if self.madctl & 0x20 else 320

    def feed(self, dc, cs, data):
        assert cs == 0, "bytes sent with CS high"
        if dc == 0:
            for byte in data:
                self._end()
                self.command = byte
                self.args = bytearray()
                if byte == 0x2C:
                    self._start_write()
        else:
            assert self.command is not None, "data before any command"
            if self.command == 0x2C:
                self._pixels(data)
            else:
                self.args += data

    def _end(self):
        if self.command is None:
            return
        c, a = self.command, bytes(self.args)
        if c == 0x2C:
            x0, x1 = self.caset
            y0, y1 = self.raset
            assert self.pointer == (x1 - x0 + 1) * (y1 - y0 + 1), "RAMWR did not fill its window"
            assert not self.half, "odd number of pixel bytes"
            if self.keep_log:
                self.log.append((c, self.pointer))
            return
        if self.keep_log:
            self.log.append((c, a))
        if c == 0x36:
            assert len(a) == 1
            self.madctl = a[0]
        elif c in (0x2A, 0x2B):
            assert len(a) == 4, "address set takes 4 bytes"
            start, end = (a[0] << 8) | a[1], (a[2] << 8) | a[3]
            assert start <= end
            limit = self.columns if c == 0x2A else self.rows
            assert end < limit, "address %d beyond the RAM (%d)" % (end, limit)
            if c == 0x2A:
                self.caset = (start, end)
            else:
                self.raset = (start, end)

    def finish(self):
        self._end()
        self.command = None

    def _start_write(self):
        self.pointer = 0
        self.half = b""
        if self.keep_log:
            self.windows.append(self.caset + self.raset)

    def _pixels(self, data):
        data = self.half + bytes(data)
        usable = len(data) & ~1
        self.half = data[usable:]
        x0, x1 = self.caset
        y0, y1 = self.raset
        width = x1 - x0 + 1
        total = width * (y1 - y0 + 1)
        cols = self.columns
        k = 0
        while k < usable:  # a row of the window (or what is left of it) at a time
            p = self.pointer
            assert p < total, "more pixels than the window holds"
            x = p % width
            n = min(width - x, (usable - k) >> 1)
            at = (y0 + p // width) * cols + x0 + x
            self.ram[2 * at : 2 * (at + n)] = data[k : k + 2 * n]
            self.written[at : at + n] = b"\x01" * n
            self.pointer = p + n
            k += 2 * n

    def visible(self, x, y):
        at = (ROW0 + y) * self.columns + COL0 + x
        return (self.ram[2 * at] << 8) | self.ram[2 * at + 1]

    def screen(self, window=None):
        """(RGB565 bytes, big-endian, row by row; written flags, a byte a pixel) of
        the panel's visible window: (column, row, width, height) in the RAM,
        the reference board's without one."""
        col0, row0, width, height = window or (COL0, ROW0, WIDTH, HEIGHT)
        cols = self.columns
        pixels = bytearray()
        written = bytearray()
        for y in range(height):
            at = (row0 + y) * cols + col0
            pixels += self.ram[2 * at : 2 * (at + width)]
            written += self.written[at : at + width]
        return bytes(pixels), bytes(written)
