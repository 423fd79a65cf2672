"""Drawing an UNO card: the pieces of a game whose View says piece_kind "card".

A card is W x H (18x26): its colour as the fill and always its symbol, so the
colour never has to be told apart alone; a wild is black with four colour
quarters. The back is a red panel on black.

Every piece module (piece_<kind>.py) offers W, H (a piece in hand), piece()
and text(); the table loads the one its game's View names.
"""

from pips.compat import const
from pips.ui.palette import RED, YELLOW, GREEN, BLUE, WILD, WHITE, BLACK, DIM, HIGHLIGHT

W = const(18)
H = const(26)
NO_COLOR = const(4)  # a wild's colour (pips.cards.NO_COLOR)

COLORS = bytes((RED, YELLOW, GREEN, BLUE))  # palette colour of card colours 0..3
_SYMBOLS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "V", "+2", "W", "+4")


def face(s, x, y, color, symbol, bg, selected=False):
    """A card of colour `color` (NO_COLOR: a wild) showing `symbol`."""
    edge = HIGHLIGHT if selected else WHITE
    s.fill_rect(x, y, W, H, edge)
    if selected:
        s.rect(x + 1, y + 1, W - 2, H - 2, HIGHLIGHT)
        inner = 2
    else:
        inner = 1
    w = W - 2 * inner
    h = H - 2 * inner
    cw = s.char_w * len(symbol)
    if cw > w:  # a wide symbol on a narrow font: draw it tight
        cw = w
    if color >= NO_COLOR:
        s.fill_rect(x + inner, y + inner, w, h, WILD)
        qx = x + W // 2 - 6
        qy = y + H - 15
        s.fill_rect(qx, qy, 6, 6, RED)
        s.fill_rect(qx + 6, qy, 6, 6, YELLOW)
        s.fill_rect(qx, qy + 6, 6, 6, GREEN)
        s.fill_rect(qx + 6, qy + 6, 6, 6, BLUE)
        s.text(symbol, x + (W - cw) // 2, y + inner + 1, WHITE)
    else:
        fill = COLORS[color]
        s.fill_rect(x + inner, y + inner, w, h, fill)
        ink = BLACK if fill == YELLOW else WHITE
        s.text(symbol, x + (W - cw) // 2, y + (H - s.char_h) // 2, ink)
    _corners(s, x, y, bg)


def back(s, x, y, bg):
    """A card face down."""
    s.fill_rect(x, y, W, H, WHITE)
    s.fill_rect(x + 1, y + 1, W - 2, H - 2, WILD)
    s.fill_rect(x + 4, y + 5, W - 8, H - 10, RED)
    _corners(s, x, y, bg)


def _corners(s, x, y, bg):
    """Round a card off: its corner pixels take the colour behind it."""
    s.pixel(x, y, bg)
    s.pixel(x + W - 1, y, bg)
    s.pixel(x, y + H - 1, bg)
    s.pixel(x + W - 1, y + H - 1, bg)


def piece(s, x, y, code, flags, bg):
    """Card `code` (a kind, pips.cards) at (x, y), in a hand or face up: flags 1
    playable (else grey bars over it, clear of its symbol), 2 selected; bg is
    the colour behind it (its cut corners)."""
    # pips.cards only here: the title's card draws with face() alone
    from pips.cards import COLOR, RANK

    face(s, x, y, COLOR[code], _SYMBOLS[RANK[code]], bg, flags & 2)
    if not flags & 1:
        for yy in (y + 2, y + 5, y + H - 6, y + H - 3):
            s.hline(x + 2, yy, W - 4, DIM)


def text(code):
    from pips.cards import text as card_text

    return card_text(code)
