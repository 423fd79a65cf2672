"""Drawing an UNO card: the pieces of a game whose View says piece_kind "card".

A card in hand is W x H (20x30); the table draws its pile's cards as large
as its band allows (face() and back() take a size). Its colour is the fill,
with the colour's letter
(R, Y, G, B) in its top left corner with its symbol in the bottom right, so
the colour never has to be told apart alone; a wild is black with four colour
quarters and its symbol (W, +4). A card tall enough repeats its symbol in
the middle. The back is a red panel on black. A
colour offered on a button (a wild's colour, a first wild's colour) shows as
a swatch of it with its letter: swatch().

Every piece module (piece_<kind>.py) offers W, H (a piece in hand), piece()
and text(); the table loads the one its game's View names.
"""

from pips import const
from pips.ui.palette import RED, YELLOW, GREEN, BLUE, WILD, WHITE, BLACK, DIM, HIGHLIGHT

W = const(20)
H = const(30)
LARGE = ((28, 42), (24, 36))  # in hand on a panel of 200 rows: 320 columns, 240
NO_COLOR = const(4)  # a wild's colour (pips.cards.NO_COLOR)

COLORS = bytes((RED, YELLOW, GREEN, BLUE))  # palette colour of card colours 0..3
_SYMBOLS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "V", "+2", "W", "+4")


def face(s, x, y, color, symbol, bg, selected=False, w=W, h=H):
    """A w x h card of colour `color` (NO_COLOR: a wild) showing `symbol`.
    Drawn with the surface's primitives, its box marked dirty once
    (pips.ui.surface)."""
    fill = s._fill
    s.mark(x, y, w, h)
    fill(x, y, w, h, HIGHLIGHT if selected else WHITE)
    if selected:
        inner = 2  # a frame two pixels wide: the edge and one more in HIGHLIGHT
        fill(x + 1, y + 1, w - 2, h - 2, HIGHLIGHT)
    else:
        inner = 1
    cw = s.text_width(symbol)
    if cw > w - 2 * inner - 1:  # a wide symbol on a narrow font: draw it tight
        cw = w - 2 * inner - 1
    if color >= NO_COLOR:
        fill(x + inner, y + inner, w - 2 * inner, h - 2 * inner, WILD)
        q = w // 3  # four quarters, 2q wide, under the symbol
        qx = x + w // 2 - q
        qy = y + h - 2 * q - 3
        fill(qx, qy, q, q, RED)
        fill(qx + q, qy, q, q, YELLOW)
        fill(qx, qy + q, q, q, GREEN)
        fill(qx + q, qy + q, q, q, BLUE)
        s._text(symbol, x + (w - cw) // 2, y + inner + 1, WHITE)
    else:
        c = COLORS[color]
        ink = BLACK if c == YELLOW else WHITE
        fill(x + inner, y + inner, w - 2 * inner, h - 2 * inner, c)
        s._text(chr(b"RYGB"[color]), x + inner + 1, y + inner + 1, ink)
        s._text(symbol, x + w - inner - 1 - cw, y + h - inner - 1 - s.char_h, ink)
        if h >= 3 * s.char_h + 10:  # room for the symbol in the middle too
            s._text(symbol, x + (w - cw) // 2, y + (h - s.char_h) // 2, ink)
    _corners(s, x, y, bg, w, h)


def back(s, x, y, bg, w=W, h=H):
    """A w x h card face down."""
    fill = s._fill
    s.mark(x, y, w, h)
    fill(x, y, w, h, WHITE)
    fill(x + 1, y + 1, w - 2, h - 2, WILD)
    fill(x + 4, y + 5, w - 8, h - 10, RED)
    _corners(s, x, y, bg, w, h)


def _corners(s, x, y, bg, w, h):
    """Round a card off: its corner pixels take the colour behind it."""
    pixel = s._pixel
    pixel(x, y, bg)
    pixel(x + w - 1, y, bg)
    pixel(x, y + h - 1, bg)
    pixel(x + w - 1, y + h - 1, bg)


# pips.cards' colour and rank of each kind, imported with the first card in a
# hand or on the pile (once: an import statement costs more than drawing the
# card); the title's card draws with face() alone
COLOR = None
RANK = None


def piece(s, x, y, code, flags, bg, w=W, h=H):
    """Card `code` (a kind, pips.cards) at (x, y), w x h, in a hand or face up:
    flags 1 playable (else grey bars over it, clear of its letter and
    symbol), 2 selected; bg is the colour behind it (its cut corners)."""
    global COLOR, RANK
    if COLOR is None:
        from pips.cards import COLOR, RANK
    face(s, x, y, COLOR[code], _SYMBOLS[RANK[code]], bg, flags & 2, w, h)
    if not flags & 1:
        fill = s._fill
        top = y + s.char_h + 3  # under the letter, above the symbol
        for yy in range(top, y + h - s.char_h - 3, 3):
            fill(x + 2, yy, w - 4, 1, DIM)


def swatch(label):
    """The palette colour a button's move names (`W:G`, `W+4:R`, `Color B`:
    a colour's letter after a colon or a space), or -1: the button shows as a
    swatch of that colour, its label on it."""
    if len(label) > 2 and (label[-2] == ":" or label[-2] == " "):
        i = "RYGB".find(label[-1])
        if i >= 0:
            return COLORS[i]
    return -1


def text(code):
    from pips.cards import text as card_text

    return card_text(code)
