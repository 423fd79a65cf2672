"""UNO cards as small integers.

A card's kind is colour*13 + rank for the coloured cards (colours R Y G B are 0..3;
ranks 0..9, then skip S=10, reverse V=11, draw two +2=12), W is 52 and W+4 is 53.
The 108-card deck holds one 0 and two of every other coloured kind, and four of
each wild. Piles and hands are bytearrays: the deck as 108 kind bytes, a hand as
54 counts.
"""

from pips import const

KINDS = const(54)
DECK_SIZE = const(108)
WILD = const(52)
WILD4 = const(53)
NO_COLOR = const(4)

COLORS = "RYGB"
RANKS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "V", "+2")

# Per kind: colour (4 for wilds), rank (13 for W, 14 for W+4), points, copies in the deck.
COLOR = bytes([k // 13 for k in range(52)] + [NO_COLOR, NO_COLOR])
RANK = bytes([k % 13 for k in range(52)] + [13, 14])
POINTS = bytes([(k % 13 if k % 13 < 10 else 20) for k in range(52)] + [50, 50])
COPIES = bytes([(1 if k % 13 == 0 else 2) for k in range(52)] + [4, 4])


_DECK = bytes(k for k in range(KINDS) for _ in range(COPIES[k]))


def deck():
    """A fresh deck as 108 kind bytes, in kind order."""
    return bytearray(_DECK)


# -- notation: `R7`, `GS`, `Y+2`, `W`, `W+4`, `W:G`


def text(kind, color=NO_COLOR):
    """`R7`, `GS`, `Y+2`, `W`, `W+4`; with a chosen colour for a wild, `W:G`."""
    if kind == WILD:
        s = "W"
    elif kind == WILD4:
        s = "W+4"
    else:
        return COLORS[COLOR[kind]] + RANKS[RANK[kind]]
    if color < NO_COLOR:
        s += ":" + COLORS[color]
    return s


def color_code(letter):
    """A colour's number from its letter (R Y G B, any case); ValueError otherwise."""
    i = COLORS.find(letter.upper()) if len(letter) == 1 else -1
    if i < 0:
        raise ValueError("not a colour: %r (R, Y, G or B)" % letter)
    return i


def parse(s):
    """(kind, chosen colour or NO_COLOR) from `R7`, `W+4:R`...; ValueError if malformed."""
    typed = s.strip()
    s = typed.upper()
    color = NO_COLOR
    if ":" in s:
        s, c = s.split(":", 1)
        color = color_code(c)
        typed = typed[: len(s)]
    if s == "W":
        return WILD, color
    if s == "W+4":
        return WILD4, color
    if color != NO_COLOR:
        raise ValueError("only a wild names a colour: %r" % typed)
    if len(s) >= 2:
        c = COLORS.find(s[0])
        rank = s[1:]
        if c >= 0 and rank in RANKS:
            return c * 13 + RANKS.index(rank), NO_COLOR
    raise ValueError("not a card: %r (write it like R7, GS, BV, Y+2, W:G, W+4:R)" % typed)


def parse_list(s):
    """Kinds from `R7 GS W+4 ...` (spaces or commas between): a stacked deal written out."""
    return [parse(w)[0] for w in s.replace(",", " ").split()]
