"""The ST7789 driver's expanders where its viper one (st7789_viper) does not
run: imported only then, so that a board with viper keeps none of this in RAM.

- "blit": `FrameBuffer.blit(source, x, y, key, palette)` (MicroPython's C
  code) with the lookup table wrapped as a 16x1 RGB565 frame buffer: a 4-bit
  pixel value is a palette index, and the palette pixel is copied into the
  RGB565 line. It takes twice the viper expander's time.
- "python": a plain loop, slow but correct, for a build whose blit lacks the
  palette argument (older releases; Pips targets 1.22+).

Both copy each table entry as a native uint16 from the table's memory to the
line's, so its two bytes travel unchanged from the table to the wire, on a
little- or big-endian CPU alike.
"""

import framebuf


def sender(driver, expander=None):
    """(name, send) for `driver`: send(driver, x, y, w, h, rows) expands and
    writes the window, `rows` rows a write. expander None picks blit when
    this firmware's blit takes a palette and gives the right pixels, else
    python."""
    if expander is None:
        expander = "blit"
        src = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.GS4_HMSB)
        src.pixel(1, 0, 1)
        table = framebuf.FrameBuffer(bytearray(b"\x00\x00\x12\x34"), 2, 1, framebuf.RGB565)
        out = bytearray(4)
        try:
            framebuf.FrameBuffer(out, 2, 1, framebuf.RGB565).blit(src, 0, 0, -1, table)
        except TypeError:  # blit() takes at most 4 positional arguments
            pass
        if out != b"\x00\x00\x12\x34":
            expander = "python"
    if expander == "blit":
        return expander, _blit_sender(driver)
    if expander == "python":
        return expander, _send_python
    raise ValueError("expander must be 'viper', 'blit' or 'python'")


def _blit_sender(driver):
    """The blit expander for `driver`: its table as a palette, and an RGB565
    view of its line buffer, made again only when a window's width changes."""
    palette = framebuf.FrameBuffer(driver.lut, 16, 1, framebuf.RGB565)
    line = [0, None]  # the width of the last window, its view of the line buffer

    def send(driver, x, y, w, h, rows):
        if line[0] != w:
            line[0] = w
            line[1] = framebuf.FrameBuffer(driver._line, w, rows, framebuf.RGB565)
        dest = line[1]
        row = y
        end = y + h
        while row < end:
            n = rows if end - row >= rows else end - row
            dest.blit(driver, -x, -row, -1, palette)
            driver._write(driver._line_mv[: 2 * w * n])
            row += n

    return send


def _send_python(driver, x, y, w, h, rows):
    buf = driver.buffer
    lut = driver.lut
    out = driver._line
    stride = driver._stride
    row = y
    end = y + h
    while row < end:
        n = rows if end - row >= rows else end - row
        o = 0
        for r in range(row, row + n):
            base = r * stride
            for col in range(x, x + w):
                byte = buf[base + (col >> 1)]
                index = (byte & 0x0F if col & 1 else byte >> 4) << 1  # even x: high nibble
                out[o] = lut[index]
                out[o + 1] = lut[index + 1]
                o += 2
        driver._write(driver._line_mv[: 2 * w * n])
        row += n
