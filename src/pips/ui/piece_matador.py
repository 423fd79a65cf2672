"""Drawing Matador's tiles: the pieces of a game whose View says piece_kind
"matador". A tile as pips.ui.piece_tile draws it; a matador (0-0, 6-1, 5-2,
4-3: the blank double and the tiles of 7 pips, which go anywhere) has each
half framed in red inside its outline, in the hand as in the line
(pips.ui.table_matador).

Every piece module (piece_<kind>.py) offers W, H (a piece in hand), piece()
and text(); the table loads the one its game's View names.
"""

from pips.ui import piece_tile as P
from pips.ui.palette import RED

W = P.W  # the piece module's interface: a tile's size in hand, its notation
H = P.H
BIG = P.BIG
text = P.text
tile = P.tile  # a tile in the line (pips.ui.table_matador frames the matadors)


def matador(a, b):
    """Whether the tile of halves a, b is a matador."""
    return a + b == 7 or a == b == 0


def frame(s, x, y, standing, color=RED, n=10):
    """The frame of a matador at (x, y), of n x n halves: a line round each
    half's pips."""
    s.rect(x + 1, y + 1, n, n, color)
    if standing:
        s.rect(x + 1, y + n + 2, n, n, color)
    else:
        s.rect(x + n + 2, y + 1, n, n, color)


def piece(s, x, y, code, flags, bg, w=W, h=H):
    """Tile `code` in a hand, lying, w wide (W or BIG's): flags 1 bright
    (else greyed), 2 selected."""
    from pips.tiles import HI, LO

    P.piece(s, x, y, code, flags, bg, w)
    if matador(HI[code], LO[code]):
        frame(s, x, y, False, RED, (w - 3) // 2)
