"""Drawing a domino tile: the pieces of a game whose View says piece_kind "tile".

A tile lying lengthwise is W x H (23x12): two 10x10 halves inside a one-pixel
outline with a divider, pips as 2x2 dots on a 3x3 grid. A tile standing (a
double crosswise in the line) is H x W. tile() also draws larger tiles, of
n x n halves (a line that has the room: pips.ui.table_line), 2n+3 by n+2,
the grid spread and the dots 3x3 from n = 13.

Every piece module (piece_<kind>.py) offers W, H (a piece in hand), piece()
and text(); the table loads the one its game's View names. A tile module
also offers BIG, the size of a tile in hand where the panel has the rows for
it (a 240x135 panel: halves of 13, 29x15); piece() draws a tile as wide as
it is asked to.
"""

from pips import const
from pips.ui.palette import IVORY, PIP, DIM, HIGHLIGHT

W = const(23)
H = const(12)
BIG = (29, 15)
LARGE = ((37, 19), (31, 16))  # in hand on a panel of 200 rows: 320 columns, 240

# The pips of 0..6, (dx, dy) pairs of 2x2 dots on a 3x3 grid in a 10x10 half
_PATTERN = (
    b"",
    b"\x04\x04",
    b"\x01\x01\x07\x07",
    b"\x01\x01\x04\x04\x07\x07",
    b"\x01\x01\x07\x01\x01\x07\x07\x07",
    b"\x01\x01\x07\x01\x04\x04\x01\x07\x07\x07",
    b"\x01\x01\x07\x01\x01\x04\x07\x04\x01\x07\x07\x07",
)


def half(fill, x, y, value, n=10):
    """The pips of one n x n half whose inner top left is (x, y); fill: the
    surface's fill primitive."""
    p = _PATTERN[value]
    d = (n - 1) // 4  # the dots: 2x2 in a 10x10 half, 3x3 from 13
    for i in range(0, len(p), 2):
        fill(x + p[i] * n // 10, y + p[i + 1] * n // 10, d, d, PIP)


def tile(s, x, y, a, b, standing=False, face=IVORY, edge=PIP, n=10):
    """Tile a|b at (x, y), of n x n halves: a on the left (or top when
    standing). Drawn with the surface's primitives, its box marked dirty
    once (pips.ui.surface)."""
    fill = s._fill
    w = 2 * n + 3
    if standing:
        s.mark(x, y, n + 2, w)
        fill(x, y, n + 2, w, edge)
        bx = x + 1
        by = y + n + 2
    else:
        s.mark(x, y, w, n + 2)
        fill(x, y, w, n + 2, edge)
        bx = x + n + 2
        by = y + 1
    fill(x + 1, y + 1, n, n, face)
    fill(bx, by, n, n, face)
    half(fill, x + 1, y + 1, a, n)
    half(fill, bx, by, b, n)


# pips.tiles' halves of each tile, imported with the first tile in a hand
# (once: an import statement costs more than drawing the tile); the title's
# tile draws without them
HI = None
LO = None


def piece(s, x, y, code, flags, bg, w=W, h=H):
    """Tile `code` in a hand, lying, w wide (W or BIG's): flags 1 bright
    (else greyed), 2 selected."""
    global HI, LO
    if HI is None:
        from pips.tiles import HI, LO
    face = IVORY if flags & 1 else DIM
    edge = HIGHLIGHT if flags & 2 else PIP
    tile(s, x, y, HI[code], LO[code], False, face, edge, (w - 3) // 2)


def text(code):
    from pips.tiles import text

    return text(code)
