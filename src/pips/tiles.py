"""Domino tiles of a double-six set as small integers, and sets of them as bit masks.

Tile `hi-lo` (6 >= hi >= lo >= 0) has code hi*(hi+1)//2 + lo: 0-0 is 0, 1-0 is 1,
1-1 is 2, ... 6-6 is 27. A set of tiles is an int with bit `code` set for each
tile: 28 bits, a small int on every MicroPython port.
"""

from pips.compat import const

COUNT = const(28)
ALL = const(0xFFFFFFF)
TOTAL_PIPS = const(168)

HI = bytes(h for h in range(7) for _ in range(h + 1))
LO = bytes(lo for h in range(7) for lo in range(h + 1))
PIPS = bytes(HI[t] + LO[t] for t in range(COUNT))

# WITH[v]: the mask of the seven tiles showing v on a half.
WITH = tuple(sum(1 << t for t in range(COUNT) if HI[t] == v or LO[t] == v) for v in range(7))
DOUBLES = sum(1 << t for t in range(COUNT) if HI[t] == LO[t])

# A single bit back to its tile code (no int.bit_length() on MicroPython):
# BIT_CODE[bit % 37]. 2 is a primitive root of 37, so 2**t % 37 differs for every
# t below 36; 37 bytes cost a tenth of what a dict of 28 entries does.
BIT_CODE = bytes(sum(t for t in range(COUNT) if (1 << t) % 37 == r) for r in range(37))


def code_bytes(mask):
    """The codes in a mask as a bytearray, lowest first: no list grows on the way
    (a view builds two per decision, at the peak of a bot match's heap)."""
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


def __getattr__(name):
    """text, codes, code, parse, parse_list, mask_text, other_half, pips and
    CODES_WITH live in pips.tiles_text, loaded on first use: a bot match needs
    none of them (the screens only text and codes, with the text module)."""
    from pips import tiles_text

    return getattr(tiles_text, name)
