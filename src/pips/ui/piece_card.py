"""Drawing an UNO card: the pieces of a game whose View says piece_kind "card".

A card is W x H (18x26): its colour as the fill, and the colour's letter
(R, Y, G, B) in its top left corner with its symbol in the bottom right, so
the colour never has to be told apart alone; a wild is black with four colour
quarters and its symbol (W, +4). The back is a red panel on black. A
colour offered on a button (a wild's colour, a first wild's colour) shows as
a swatch of it with its letter: swatch().

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
    """A card of colour `color` (NO_COLOR: a wild) showing `symbol`. Drawn with
    the surface's primitives, its box marked dirty once (pips.ui.surface)."""
    fill = s._fill
    s.mark(x, y, W, H)
    edge = HIGHLIGHT if selected else WHITE
    fill(x, y, W, H, edge)
    if selected:
        inner = 2  # a frame two pixels wide: the edge and one more in HIGHLIGHT
        fill(x + 1, y + 1, W - 2, H - 2, HIGHLIGHT)
    else:
        inner = 1
    w = W - 2 * inner
    h = H - 2 * inner
    cw = s.char_w * len(symbol)
    if cw > w - 1:  # a wide symbol on a narrow font: draw it tight
        cw = w - 1
    if color >= NO_COLOR:
        fill(x + inner, y + inner, w, h, WILD)
        qx = x + W // 2 - 6
        qy = y + H - 15
        fill(qx, qy, 6, 6, RED)
        fill(qx + 6, qy, 6, 6, YELLOW)
        fill(qx, qy + 6, 6, 6, GREEN)
        fill(qx + 6, qy + 6, 6, 6, BLUE)
        s._text(symbol, x + (W - cw) // 2, y + inner + 1, WHITE)
    else:
        c = COLORS[color]
        ink = BLACK if c == YELLOW else WHITE
        fill(x + inner, y + inner, w, h, c)
        s._text("RYGB"[color], x + inner + 1, y + inner + 1, ink)
        s._text(symbol, x + W - inner - 1 - cw, y + H - inner - 1 - s.char_h, ink)
    _corners(s, x, y, bg)


def back(s, x, y, bg):
    """A card face down."""
    fill = s._fill
    s.mark(x, y, W, H)
    fill(x, y, W, H, WHITE)
    fill(x + 1, y + 1, W - 2, H - 2, WILD)
    fill(x + 4, y + 5, W - 8, H - 10, RED)
    _corners(s, x, y, bg)


def _corners(s, x, y, bg):
    """Round a card off: its corner pixels take the colour behind it."""
    pixel = s._pixel
    pixel(x, y, bg)
    pixel(x + W - 1, y, bg)
    pixel(x, y + H - 1, bg)
    pixel(x + W - 1, y + H - 1, bg)


# pips.cards' colour and rank of each kind, imported with the first card in a
# hand or on the pile (once: an import statement costs more than drawing the
# card); the title's card draws with face() alone
COLOR = None
RANK = None


def piece(s, x, y, code, flags, bg):
    """Card `code` (a kind, pips.cards) at (x, y), in a hand or face up: flags 1
    playable (else grey bars over it, clear of its letter and symbol), 2
    selected; bg is the colour behind it (its cut corners)."""
    global COLOR, RANK
    if COLOR is None:
        from pips.cards import COLOR, RANK
    face(s, x, y, COLOR[code], _SYMBOLS[RANK[code]], bg, flags & 2)
    if not flags & 1:
        fill = s._fill
        top = y + s.char_h + 3  # under the letter, above the symbol
        for yy in range(top, y + H - s.char_h - 3, 3):
            fill(x + 2, yy, W - 4, 1, DIM)


def swatch(label):
    """The palette colour a button's move names (`W:G`, `W+4:R`, `Color B`:
    a colour's letter after a colon or a space), or -1: the button shows as a
    swatch of that colour, its label on it."""
    if len(label) > 2 and label[-2] in ": ":
        i = "RYGB".find(label[-1])
        if i >= 0:
            return COLORS[i]
    return -1


def text(code):
    from pips.cards import text as card_text

    return card_text(code)
