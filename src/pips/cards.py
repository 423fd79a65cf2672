"""UNO cards as small integers.

A card's kind is colour*13 + rank for the coloured cards (colours R Y G B are 0..3;
ranks 0..9, then skip S=10, reverse V=11, draw two +2=12), W is 52 and W+4 is 53.
The 108-card deck holds one 0 and two of every other coloured kind, and four of
each wild. Piles and hands are bytearrays: the deck as 108 kind bytes, a hand as
54 counts.
"""

from pips.compat import const

KINDS = const(54)
DECK_SIZE = const(108)
WILD = const(52)
WILD4 = const(53)
SKIP = const(10)
REVERSE = const(11)
DRAW2 = const(12)
NO_COLOR = const(4)

COLORS = "RYGB"

# Per kind: colour (4 for wilds), rank (13 for W, 14 for W+4), points, copies in the deck.
COLOR = bytes([k // 13 for k in range(52)] + [NO_COLOR, NO_COLOR])
RANK = bytes([k % 13 for k in range(52)] + [13, 14])
POINTS = bytes([(k % 13 if k % 13 < 10 else 20) for k in range(52)] + [50, 50])
COPIES = bytes([(1 if k % 13 == 0 else 2) for k in range(52)] + [4, 4])


def deck():
    """A fresh deck as 108 kind bytes, in kind order."""
    out = bytearray(DECK_SIZE)
    i = 0
    for k in range(KINDS):
        for _ in range(COPIES[k]):
            out[i] = k
            i += 1
    return out


def hand_points(counts):
    """A hand's points (54 counts)."""
    total = 0
    for k in range(KINDS):
        if counts[k]:
            total += counts[k] * POINTS[k]
    return total


def __getattr__(name):
    """The notation lives apart, loaded on first use: text in pips.uno_text
    (with the moves: what the screens show), parse, parse_list and color_code
    in pips.cards_parse (where moves are typed). A bots-only match needs neither."""
    if name == "text":
        from pips.uno_text import card_text

        return card_text
    if name in ("parse", "parse_list", "color_code"):
        from pips import cards_parse

        return getattr(cards_parse, name)
    raise AttributeError(name)  # CPython's imports ask for __path__ and the like
