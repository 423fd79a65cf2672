"""Picture tiles: domino tiles drawn with a picture for each number of pips.

A display setting of the screens, not a rule: with it on (`app.picture_tiles`),
the table draws every domino game's tiles with this module instead of
piece_tile, as picture dominoes for children are made. The tile is the same
size (W x H, two 10x10 halves); each half shows one 8x8 picture:

    0 blank   1 sun   2 moon   3 triangle   4 square   5 star   6 heart

Each picture is its own shape (never colour alone) and has its own ink on the
ivory face: the sun orange, the moon blue, the triangle green, the square and
the star black, the heart red. A dimmed tile (not playable) draws its
pictures in the pips' ink on the grey face.

The pictures are bitmaps of 8 rows, one byte a row (bit 7 the left column),
drawn as runs of set bits: a fill per run, no font, no image file.

The same interface as piece_tile (W, H, half(), tile(), piece(), text()), so
whatever draws a tile with piece_tile draws it with pictures with this one.
"""

from pips import const
from pips.ui.palette import IVORY, PIP, DIM, HIGHLIGHT, RED, GREEN, BLUE, WARNING

W = const(23)
H = const(12)
BIG = (29, 15)  # a tile in hand where the panel has the rows (as piece_tile's)
LARGE = ((37, 19), (31, 16))  # in hand on a panel of 200 rows: 320 columns, 240

# 0 blank, 1 sun, 2 moon, 3 triangle, 4 square, 5 star, 6 heart: 8 bytes each
PICTURES = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x18\x5a\x3c\xff\xff\x3c\x5a\x18"
    b"\x3c\x70\xe0\xe0\xe0\xe0\x70\x3c"
    b"\x18\x18\x3c\x3c\x7e\x7e\xff\xff"
    b"\xff\xff\xc3\xc3\xc3\xc3\xff\xff"
    b"\x18\x3c\xff\x7e\x3c\x66\x42\x00"
    b"\x66\xff\xff\xff\x7e\x3c\x18\x00"
)
INKS = bytes((PIP, WARNING, BLUE, GREEN, PIP, PIP, RED))
NAMES = ("blank", "sun", "moon", "triangle", "square", "star", "heart")


def half(s, x, y, value, color=-1, n=10):
    """The picture of `value` in the n x n half whose inner top left is (x, y)
    (8x8, in the middle): in its own ink, or in `color` when given (a dimmed
    tile)."""
    ink = INKS[value] if color < 0 else color
    at = value * 8
    fill = s.fill_rect
    x += (n - 10) // 2
    y += (n - 10) // 2
    for row in range(8):
        bits = PICTURES[at + row]
        col = 0
        while bits:
            if bits & 0x80:
                start = col
                while bits & 0x80:
                    bits = (bits << 1) & 0xFF
                    col += 1
                fill(x + 1 + start, y + 1 + row, col - start, 1, ink)
            else:
                bits = (bits << 1) & 0xFF
                col += 1


def tile(s, x, y, a, b, standing=False, face=IVORY, edge=PIP, n=10):
    """Tile a|b at (x, y), of n x n halves (as pips.ui.piece_tile's): a on
    the left (or top when standing); the pictures stay upright either way. On
    a face other than ivory (dimmed) the pictures take the pips' ink."""
    ink = -1 if face == IVORY else PIP
    if standing:
        s.fill_rect(x, y, n + 2, 2 * n + 3, edge)
        bx = x + 1
        by = y + n + 2
    else:
        s.fill_rect(x, y, 2 * n + 3, n + 2, edge)
        bx = x + n + 2
        by = y + 1
    s.fill_rect(x + 1, y + 1, n, n, face)
    s.fill_rect(bx, by, n, n, face)
    half(s, x + 1, y + 1, a, ink, n)
    half(s, bx, by, b, ink, n)


def piece(s, x, y, code, flags, bg, w=W, h=H):
    """Tile `code` in a hand, lying, w wide (W or BIG's): flags 1 bright
    (else greyed), 2 selected."""
    from pips.tiles import HI, LO

    face = IVORY if flags & 1 else DIM
    edge = HIGHLIGHT if flags & 2 else PIP
    tile(s, x, y, HI[code], LO[code], False, face, edge, (w - 3) // 2)


def text(code):
    from pips.tiles import text

    return text(code)
