"""Drawing a domino tile and an UNO card: the only pieces the screens know.

A tile lying lengthwise is TILE_W x TILE_H (23x12): two 10x10 halves inside a
one-pixel outline with a divider, pips as 2x2 dots on a 3x3 grid. A tile
standing (a double crosswise in the line) is TILE_H x TILE_W. A card is
CARD_W x CARD_H (18x26): its colour as the fill and always its symbol, so the
colour never has to be told apart alone; a wild is black with four colour
quarters.
"""

from pips.compat import const
from pips.ui.palette import IVORY, PIP, RED, YELLOW, GREEN, BLUE, WILD, WHITE, BLACK, DIM
from pips.ui.palette import HIGHLIGHT
from pips import tiles, cards

TILE_W = const(23)
TILE_H = const(12)
CARD_W = const(18)
CARD_H = const(26)

# Pips 0..6 as bits of a 3x3 grid, bit r*3 + c.
_PATTERN = (0, 0x10, 0x101, 0x111, 0x145, 0x155, 0x16D)
_OFFSETS = b"\x01\x04\x07"
CARD_COLORS = bytes((RED, YELLOW, GREEN, BLUE))
_SYMBOLS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "V", "+2", "W", "+4")


def half(s, x, y, value, color=PIP):
    """The pips of one 10x10 half whose inner top left is (x, y)."""
    bits = _PATTERN[value]
    for cell in range(9):
        if bits >> cell & 1:
            s.fill_rect(x + _OFFSETS[cell % 3], y + _OFFSETS[cell // 3], 2, 2, color)


def tile(s, x, y, a, b, standing=False, face=IVORY, edge=PIP):
    """Tile a|b at (x, y): a on the left (or top when standing)."""
    if standing:
        s.fill_rect(x, y, TILE_H, TILE_W, edge)
        s.fill_rect(x + 1, y + 1, 10, 10, face)
        s.fill_rect(x + 1, y + 12, 10, 10, face)
        half(s, x + 1, y + 1, a)
        half(s, x + 1, y + 12, b)
    else:
        s.fill_rect(x, y, TILE_W, TILE_H, edge)
        s.fill_rect(x + 1, y + 1, 10, 10, face)
        s.fill_rect(x + 12, y + 1, 10, 10, face)
        half(s, x + 1, y + 1, a)
        half(s, x + 12, y + 1, b)


def hand_tile(s, x, y, code, playable=True, selected=False):
    face = IVORY if playable else DIM
    edge = HIGHLIGHT if selected else PIP
    tile(s, x, y, tiles.HI[code], tiles.LO[code], False, face, edge)


def card(s, x, y, kind, bg, selected=False):
    """Card `kind` at (x, y); bg is the colour behind it (its cut corners)."""
    color = cards.COLOR[kind]
    rank = cards.RANK[kind]
    edge = HIGHLIGHT if selected else WHITE
    s.fill_rect(x, y, CARD_W, CARD_H, edge)
    if selected:
        s.rect(x + 1, y + 1, CARD_W - 2, CARD_H - 2, HIGHLIGHT)
        inner = 2
    else:
        inner = 1
    w = CARD_W - 2 * inner
    h = CARD_H - 2 * inner
    symbol = _SYMBOLS[rank]
    cw = s.char_w * len(symbol)
    if cw > w:  # a wide symbol on a narrow font: draw it tight
        cw = w
    if color >= 4:
        s.fill_rect(x + inner, y + inner, w, h, WILD)
        qx = x + CARD_W // 2 - 6
        qy = y + CARD_H - 15
        s.fill_rect(qx, qy, 6, 6, RED)
        s.fill_rect(qx + 6, qy, 6, 6, YELLOW)
        s.fill_rect(qx, qy + 6, 6, 6, GREEN)
        s.fill_rect(qx + 6, qy + 6, 6, 6, BLUE)
        s.text(symbol, x + (CARD_W - cw) // 2, y + inner + 1, WHITE)
    else:
        fill = CARD_COLORS[color]
        s.fill_rect(x + inner, y + inner, w, h, fill)
        ink = BLACK if fill == YELLOW else WHITE
        s.text(symbol, x + (CARD_W - cw) // 2, y + (CARD_H - s.char_h) // 2, ink)
    _corners(s, x, y, bg)


def card_back(s, x, y, bg):
    s.fill_rect(x, y, CARD_W, CARD_H, WHITE)
    s.fill_rect(x + 1, y + 1, CARD_W - 2, CARD_H - 2, WILD)
    s.fill_rect(x + 4, y + 5, CARD_W - 8, CARD_H - 10, RED)
    _corners(s, x, y, bg)


def dim_card(s, x, y):
    """Grey bars over a card that cannot be played, clear of its symbol."""
    for yy in (y + 2, y + 5, y + CARD_H - 6, y + CARD_H - 3):
        s.hline(x + 2, yy, CARD_W - 4, DIM)


def _corners(s, x, y, bg):
    """Round a card off: its corner pixels take the colour behind it."""
    s.pixel(x, y, bg)
    s.pixel(x + CARD_W - 1, y, bg)
    s.pixel(x, y + CARD_H - 1, bg)
    s.pixel(x + CARD_W - 1, y + CARD_H - 1, bg)


def piece_size(kind):
    """(width, height) of a hand piece of that kind ("tile" or "card")."""
    return (TILE_W, TILE_H) if kind == "tile" else (CARD_W, CARD_H)


def hand_piece(s, x, y, kind, code, playable, selected, bg):
    if kind == "tile":
        hand_tile(s, x, y, code, playable, selected)
    else:
        card(s, x, y, code, bg, selected)
        if not playable:
            dim_card(s, x, y)
