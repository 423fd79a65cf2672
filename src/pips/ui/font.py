"""The screens' fonts: bitmap fonts made at build time (pips_tools.font_build,
`make fonts`) from DejaVu Sans, with every glyph the catalogues use (Latin,
Czech, Polish, Persian presentation forms and digits).

A font is a module of bytes tables (CODES, GLYPHS, RUNS; HEIGHT, BASELINE,
WIDTH): a glyph is the horizontal runs of its ink, so a surface draws a
character with a fill_rect a run (pips.ui.surface). Only the panel's own size
is imported: FONTS, by the panel's height.

In the .mpy form the runs, the most of a font's bytes, stay in a data file
on the board's flash (pips.datafile): RUNS is then the file's name, and a
surface reads each glyph's runs as it draws it (open_runs). Frozen, RUNS is
the table itself, in flash.
"""

from pips.datafile import open_data

# (panels up to this many rows, the font's module): the first that fits
FONTS = (
    (200, "pips.ui.font8"),
    (100000, "pips.ui.font12"),
)


def for_panel(width, height):
    """The font module for a panel `width` x `height`."""
    for most, name in FONTS:
        if height <= most:
            return __import__(name, None, None, ("CODES",))
    raise ValueError("no font for %dx%d" % (width, height))


def open_runs(font):
    """(file, buffer) from which a glyph's runs are read when the font keeps
    them in a data file (the .mpy form: 2,710 bytes of RAM saved at 8 px,
    4,694 at 12 px), the buffer as long as the longest glyph's; None when
    RUNS is the table itself."""
    if not isinstance(font.RUNS, str):
        return None
    glyphs = font.GLYPHS
    longest = 0
    start = 0
    for g in range(0, 4 * font.COUNT, 4):
        end = 2 * ((glyphs[g + 2] << 8) | glyphs[g + 3])
        if end - start > longest:
            longest = end - start
        start = end
    return open_data(font.RUNS), bytearray(longest)


def find(font, code):
    """The index of the glyph for code point `code`, -1 when the font has none."""
    codes = font.CODES
    k = code - 32  # every font begins with printable ASCII in order: most text is found here
    if 0 <= k < 95 and codes[2 * k] == 0 and codes[2 * k + 1] == code:
        return k
    lo = 0
    hi = font.COUNT - 1
    while lo <= hi:
        mid = (lo + hi) >> 1
        v = (codes[2 * mid] << 8) | codes[2 * mid + 1]
        if v == code:
            return mid
        if v < code:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1
