"""Tile notation, and helpers only the screens, desktop tools, the referee and
the tests need (a bots-only match never does); reached as pips.tiles.<name> too
(pips.tiles loads this module on first use)."""

from pips.tiles import BIT_CODE, COUNT, HI, LO, PIPS

# CODES_WITH[v]: the codes of the seven tiles showing v, for loops that visit
# candidates rather than bits.
CODES_WITH = tuple(bytes(t for t in range(COUNT) if HI[t] == v or LO[t] == v) for v in range(7))


def text(t):
    """`6-3`: the larger half first, as a tile in hand is printed."""
    return "%d-%d" % (HI[t], LO[t])


def codes(mask):
    """The codes in a mask, lowest first (allocates a list: not for hot loops)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(BIT_CODE[low % 37])
        mask ^= low
    return out


def code(a, b):
    """The code of the tile with halves a and b, in either order."""
    if a < b:
        a, b = b, a
    return a * (a + 1) // 2 + b


def other_half(t, v):
    """The half of tile t that is not v (t must show v)."""
    return LO[t] if HI[t] == v else HI[t]


def parse(s):
    """(code, first half) of a tile written `a-b` in either order; ValueError if malformed."""
    s = s.strip()
    if len(s) != 3 or s[1] != "-" or not ("0" <= s[0] <= "6") or not ("0" <= s[2] <= "6"):
        raise ValueError("not a tile: %r (write it like 6-3)" % s)
    a = ord(s[0]) - 48
    b = ord(s[2]) - 48
    return code(a, b), a


def mask_text(mask):
    """Tiles of a hand, heaviest first, as notation."""
    ts = codes(mask)
    ts.sort(key=lambda t: (PIPS[t], HI[t]), reverse=True)
    return [text(t) for t in ts]


def parse_list(s):
    """A list of tile codes from `6-3 5-5 ...` (spaces or commas between)."""
    out = []
    for word in s.replace(",", " ").split():
        out.append(parse(word)[0])
    return out


def pips(mask):
    """The pip count of a set of tiles."""
    total = 0
    while mask:
        low = mask & -mask
        total += PIPS[BIT_CODE[low % 37]]
        mask ^= low
    return total
