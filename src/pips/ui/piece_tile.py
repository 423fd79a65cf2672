"""Drawing a domino tile: the pieces of a game whose View says piece_kind "tile".

A tile lying lengthwise is W x H (23x12): two 10x10 halves inside a one-pixel
outline with a divider, pips as 2x2 dots on a 3x3 grid. A tile standing (a
double crosswise in the line) is H x W.

Every piece module (piece_<kind>.py) offers W, H (a piece in hand), piece()
and text(); the table loads the one its game's View names.
"""

from pips.compat import const
from pips.ui.palette import IVORY, PIP, DIM, HIGHLIGHT

W = const(23)
H = const(12)

# Pips 0..6 as bits of a 3x3 grid, bit r*3 + c.
_PATTERN = (0, 0x10, 0x101, 0x111, 0x145, 0x155, 0x16D)
_OFFSETS = b"\x01\x04\x07"


def half(s, x, y, value, color=PIP):
    """The pips of one 10x10 half whose inner top left is (x, y)."""
    bits = _PATTERN[value]
    for cell in range(9):
        if bits >> cell & 1:
            s.fill_rect(x + _OFFSETS[cell % 3], y + _OFFSETS[cell // 3], 2, 2, color)


def tile(s, x, y, a, b, standing=False, face=IVORY, edge=PIP):
    """Tile a|b at (x, y): a on the left (or top when standing)."""
    if standing:
        s.fill_rect(x, y, H, W, edge)
        s.fill_rect(x + 1, y + 1, 10, 10, face)
        s.fill_rect(x + 1, y + 12, 10, 10, face)
        half(s, x + 1, y + 1, a)
        half(s, x + 1, y + 12, b)
    else:
        s.fill_rect(x, y, W, H, edge)
        s.fill_rect(x + 1, y + 1, 10, 10, face)
        s.fill_rect(x + 12, y + 1, 10, 10, face)
        half(s, x + 1, y + 1, a)
        half(s, x + 12, y + 1, b)


def piece(s, x, y, code, flags, bg):
    """Tile `code` in a hand, lying: flags 1 bright (else greyed), 2 selected."""
    # pips.tiles only here: the title's tile above draws without it
    from pips.tiles import HI, LO

    face = IVORY if flags & 1 else DIM
    edge = HIGHLIGHT if flags & 2 else PIP
    tile(s, x, y, HI[code], LO[code], False, face, edge)


def text(code):
    from pips.tiles import text

    return text(code)
