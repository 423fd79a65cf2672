"""The framebuf surface's native glyph drawer (pips.ui.fbsurface), compiled
for this CPU when first imported.

`glyph(buf, size, glyphs, runs, k, x, y, c)`: glyph `k` of a font
(pips.ui.font: its GLYPHS and RUNS tables) with its origin at (x, y), in
palette colour `c`, into the 4-bit GS4_HMSB buffer `buf` of a frame buffer
`size` >> 16 pixels wide and `size` & 0xFFFF high, clipped to it: the pixels
a framebuf fill_rect a run of ink would set (pips.ui.surface's _text).
Returns the glyph's advance. None where no native emitter compiles it (a
port without one; CPython: NameError).

A run a Python loop and a fill_rect call took about 25 us on the emulated
Pico (pips_tools.pico): a line of 40 characters drew in 3 ms, and a frame
that wrote a few lines went over 33 ms.

A module of its own, as boards/st7789_viper.py: once compiled, its source
text is garbage.
"""

try:
    exec("""
@micropython.viper
def glyph(buf: ptr8, size: int, glyphs: ptr8, runs: ptr8, k: int, x: int, y: int, c: int) -> int:
    width = size >> 16
    height = size & 0xFFFF
    c = c & 15
    g = 4 * k
    start = 0
    if k:
        start = 2 * ((glyphs[g - 2] << 8) | glyphs[g - 1])
    end = 2 * ((glyphs[g + 2] << 8) | glyphs[g + 3])
    x0 = x + glyphs[g + 1] - 64
    while start < end:
        v = (runs[start] << 8) | runs[start + 1]
        start += 2
        yy = y + (v >> 11)
        if yy < 0 or yy >= height:
            continue
        a = x0 + ((v >> 5) & 63)
        b = a + (v & 31)
        if a < 0:
            a = 0
        if b > width:
            b = width
        row = yy * width
        while a < b:
            i = (a + row) >> 1
            if a & 1:
                buf[i] = (buf[i] & 0xF0) | c
            else:
                buf[i] = (c << 4) | (buf[i] & 0x0F)
            a += 1
    return int(glyphs[g])
""")
except Exception:
    glyph = None
