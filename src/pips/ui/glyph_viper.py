"""The surfaces' native text helpers (pips.ui.surface, pips.ui.fbsurface),
compiled for this CPU when first imported; None where no native emitter
compiles them (a port without one; CPython: NameError), and `glyphs` None in
the .mpy form, whose fonts keep their runs in data files.

`glyphs(buf, size, table, runs, s, nk, x, yc)`: text in a font (pips.ui.font:
its GLYPHS `table` and RUNS) with its origin at (x, yc >> 4), in palette
colour yc & 15, into the 4-bit GS4_HMSB buffer `buf` of a frame buffer
`size` >> 16 pixels wide and `size` & 0xFFFF high, clipped to it: the pixels
a framebuf fill_rect a run of ink would set (Surface._text). The text is the
first nk >> 16 characters of the string `s` when they are all printable
ASCII (else nothing is drawn, and NOT_ASCII is returned), or with
nk >> 16 = 0 the one glyph nk & 0xFFFF. Returns the x after the text.

`advance(table, s, n)`: the width of the first n characters of `s` when they
are all printable ASCII, else -1.

A run a Python loop and a fill_rect call took about 25 us on the emulated
Pico (pips_tools.pico): a line of 40 characters drew in 3 ms, and a frame
that wrote a few lines went over 33 ms; a Python loop a glyph, its runs
drawn here, still left the 320x240 title's first frame at 48 ms.

A module of its own, as boards/st7789_viper.py: once compiled, its source
text is garbage.
"""

from pips.datafile import IN_RAM

NOT_ASCII = -536870912  # glyphs()'s answer for text it leaves to the caller

glyphs = None
advance = None
try:
    exec("""
@micropython.viper
def advance(table: ptr8, s: ptr8, n: int) -> int:
    w = 0
    i = 0
    while i < n:
        k = s[i] - 32
        if k < 0 or k > 94:
            return -1
        w += table[4 * k]
        i += 1
    return w
""")
except Exception:
    pass

# The .mpy form keeps the fonts' runs in data files (pips.ui.font.open_runs),
# where this drawer cannot read them: not compiled there (its compilation took
# 34 ms of the Pack 2.0's 1.14 s to the title from pips-fs.uf2 on the emulated
# Pico, pips_tools.pico).
if advance is not None and not IN_RAM:
    exec("""
@micropython.viper
def glyphs(buf: ptr8, size: int, table: ptr8, runs: ptr8, s: ptr8, nk: int, x: int, yc: int) -> int:
    n = nk >> 16
    if n:  # the characters of s, all printable ASCII (its first n bytes), else -1 at once
        i = 0
        while i < n:
            k = s[i] - 32
            if k < 0 or k > 94:
                return -536870912
            i += 1
    else:  # the one glyph nk & 0xFFFF
        n = 1
    width = size >> 16
    height = size & 0xFFFF
    y = yc >> 4
    c = yc & 15
    i = 0
    while i < n:
        if nk >> 16:
            k = s[i] - 32
        else:
            k = nk & 0xFFFF
        i += 1
        g = 4 * k
        start = 0
        if k:
            start = 2 * ((table[g - 2] << 8) | table[g - 1])
        end = 2 * ((table[g + 2] << 8) | table[g + 3])
        x0 = x + table[g + 1] - 64
        x += table[g]
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
                p = (a + row) >> 1
                if a & 1:
                    buf[p] = (buf[p] & 0xF0) | c
                else:
                    buf[p] = (c << 4) | (buf[p] & 0x0F)
                a += 1
    return x
""")
