"""UNO card notation, read: `R7`, `W+4:R`, `R7 GS W+4` (pips.uno_text writes
it, as pips.cards.text). Reached as pips.cards.parse, parse_list and color_code too (pips.cards
loads this module on first use): only where moves and deals are typed."""

from pips.cards import COLORS, WILD, WILD4, NO_COLOR
from pips.uno_text import _RANKS


def color_code(letter):
    i = COLORS.find(letter.upper()) if len(letter) == 1 else -1
    if i < 0:
        raise ValueError("not a colour: %r (R, Y, G or B)" % letter)
    return i


def parse(s):
    """(kind, chosen colour or NO_COLOR) from `R7`, `W+4:R`...; ValueError if malformed."""
    s = s.strip().upper()
    color = NO_COLOR
    if ":" in s:
        s, c = s.split(":", 1)
        color = color_code(c)
    if s == "W":
        return WILD, color
    if s == "W+4":
        return WILD4, color
    if color != NO_COLOR:
        raise ValueError("only a wild names a colour: %r" % s)
    if len(s) >= 2:
        c = COLORS.find(s[0])
        rank = s[1:]
        if c >= 0 and rank in _RANKS:
            return c * 13 + _RANKS.index(rank), NO_COLOR
    raise ValueError("not a card: %r (write it like R7, GS, BV, Y+2, W:G, W+4:R)" % s)


def parse_list(s):
    """Kinds from `R7 GS W+4 ...` (spaces or commas between)."""
    return [parse(w)[0] for w in s.replace(",", " ").split()]
