"""Domino tiles of a double-six set as small integers, and sets of them as bit masks.

Tile `hi-lo` (6 >= hi >= lo >= 0) has code hi*(hi+1)//2 + lo: 0-0 is 0, 1-0 is 1,
1-1 is 2, ... 6-6 is 27. A set of tiles is an int with bit `code` set for each
tile: 28 bits, a small int on every MicroPython port.
"""

from pips import byte_table, const

COUNT = const(28)
ALL = const(0xFFFFFFF)

HI = bytes(h for h in range(7) for _ in range(h + 1))
LO = bytes(lo for h in range(7) for lo in range(h + 1))
PIPS = bytes(HI[t] + LO[t] for t in range(COUNT))

# WITH[v]: the mask of the seven tiles showing v on a half.
WITH = tuple(sum(1 << t for t in range(COUNT) if HI[t] == v or LO[t] == v) for v in range(7))
DOUBLES = sum(1 << t for t in range(COUNT) if HI[t] == LO[t])
# EITHER[a * 7 + b]: the tiles showing a or b (WITH[a] | WITH[b]), those that fit
# a line's ends a and b: one lookup instead of two and an or.
EITHER = tuple(WITH[a] | WITH[b] for a in range(7) for b in range(7))

# A single bit back to its tile code (no int.bit_length() on MicroPython):
# BIT_CODE[bit % 37]. 2 is a primitive root of 37, so 2**t % 37 differs for every
# t below 36; 37 bytes cost a tenth of what a dict of 28 entries does.
BIT_CODE = bytes(sum(t for t in range(COUNT) if (1 << t) % 37 == r) for r in range(37))
# BIT_PIPS[bit % 37]: that tile's pips, for counting a hand without its codes
BIT_PIPS = byte_table(PIPS[c] for c in BIT_CODE)


def code_bytes(mask):
    """The codes in a mask as a bytearray, lowest first."""
    out = bytearray(count(mask))
    i = 0
    while mask:
        low = mask & -mask
        out[i] = BIT_CODE[low % 37]
        mask ^= low
        i += 1
    return out


def count(mask):
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


# -- notation and helpers for the screens, the referee and the tests --

def text(t):
    """`6-3`: the larger half first, as a tile in hand is printed."""
    return "%d-%d" % (HI[t], LO[t])


def parse(s):
    """(code, first half) of a tile written `a-b` in either order; ValueError if malformed."""
    s = s.strip()
    if len(s) != 3 or s[1] != "-" or not ("0" <= s[0] <= "6") or not ("0" <= s[2] <= "6"):
        raise ValueError("not a tile: %r (write it like 6-3)" % s)
    a = ord(s[0]) - 48
    b = ord(s[2]) - 48
    return code(a, b), a


def parse_list(s):
    """Tile codes from `6-3 5-5 ...` (spaces or commas between): a stacked deal written out."""
    return [parse(word)[0] for word in s.replace(",", " ").split()]


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


def heaviest_first(mask):
    """The codes in a mask, heaviest first (by pips, then by the larger half):
    a hand in display order."""
    keyed = []  # one int a tile: pips, larger half, code
    while mask:
        low = mask & -mask
        t = BIT_CODE[low % 37]
        keyed.append(PIPS[t] << 8 | HI[t] << 5 | t)
        mask ^= low
    keyed.sort(reverse=True)
    for i in range(len(keyed)):
        keyed[i] &= 31
    return keyed


def mask_text(mask):
    """Tiles of a hand, heaviest first, as notation."""
    return [text(t) for t in heaviest_first(mask)]


def pips(mask):
    """The pip count of a set of tiles."""
    total = 0
    while mask:
        low = mask & -mask
        total += BIT_PIPS[low % 37]
        mask -= low
    return total
