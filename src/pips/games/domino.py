"""What the domino games share: the line and its two ends, tiles laid with the
touching half first, the moves that lay a tile, the stock, pip counts and the
blocked hand. Block, Draw, Matador, Domino Uno and Solitaire lay on a line;
Bergen lays on four arms, each a line of its own from the centre. Draw and
Matador also share a hand with a reserve to draw from: pips.games.reserve.
The notation of a lay, read and written, and the referee's table of a line
are here too.

The line is a bytearray of entries that grows outwards from its middle
(`lo` .. `hi`). An entry is tile*2 + flag: flag 0 shows the larger half on
the left, 1 the smaller. `left` and `right` are the numbers the two ends show
(-1 before the first tile). A lay move is tile*2 + side: side 0 lays at the
left end, 1 at the right; on the empty line the side is the orientation
(0: the larger half on the left).

A set of tiles is a 28-bit mask (pips.tiles); `WITH[v]` holds the tiles that
show v, so the tiles of a hand that fit an end showing v are `hand & WITH[v]`.
"""

from pips import byte_table, const
from pips.game import View
from pips.tiles import BIT_CODE, COUNT, EITHER, HI, LO, PIPS, WITH
from pips import tiles

PASS = const(56)
DRAW = const(57)
MID = const(28)  # the opening entry's index in the line buffer
LINE = const(56)  # room for every tile of the set on either side of MID
# A single bit back to the move that lays its tile at the left end (code * 2),
# as BIT_CODE gives the code: one lookup fewer in the moves' loop.
_BIT_MOVE = byte_table(c * 2 for c in BIT_CODE)
# and whether that tile is a double, which opens the line one way only
_BIT_DOUBLE = byte_table(HI[c] == LO[c] for c in BIT_CODE)
# deal_mask's codes as bits: on CPython a lookup costs a third of a shift
_BIT = tuple(1 << code for code in range(COUNT))
_LAGS = const(55)  # pips.rng.LAGS, folded into the inline draw below (a global would be read a number)


def lay_moves(hand, left, right, out):
    """Write the moves of a seat holding `hand` on ends left, right into out
    (equal pips touching); PASS alone when nothing fits."""
    n = 0
    if left < 0:
        while hand:
            low = hand & -hand
            hand -= low  # clears that bit: CPython subtracts faster than it xors
            r = low % 37
            m = _BIT_MOVE[r]
            out[n] = m
            n += 1
            if not _BIT_DOUBLE[r]:
                out[n] = m + 1
                n += 1
        return n
    hand &= EITHER[left * 7 + right]
    if not hand:
        out[0] = PASS
        return 1
    wl = WITH[left]
    wr = WITH[right]
    while hand:
        low = hand & -hand
        hand -= low
        t = _BIT_MOVE[low % 37]
        if low & wl:
            out[n] = t
            n += 1
        if low & wr:
            out[n] = t + 1
            n += 1
    return n


def line_pairs(line, lo, hi):
    """The line left to right as (left half, right half) pairs."""
    out = []
    for i in range(lo, hi):
        e = line[i]
        t = e >> 1
        out.append((LO[t], HI[t]) if e & 1 else (HI[t], LO[t]))
    return out


def lowest(hands, counts):
    """The blocked hand: write each hand's count into `counts` (a bytearray of
    one entry a seat) and return the seat with the one lowest count, or -1
    when the lowest is shared. Allocates nothing."""
    low = 999
    winner = -1
    for s in range(len(hands)):
        count = tiles.pips(hands[s])
        counts[s] = count
        if count < low:
            low = count
            winner = s
        elif count == low:
            winner = -1
    return winner


def deal_mask(rng, items, count, start, need):
    """Deal a hand from `rng` (a pips.rng.Rng): draw `need` of
    items[start:count] into items[start:start + need] exactly as its
    shuffle's partial Fisher-Yates does from place `start` on (the same
    numbers, the same result), and return them as a bit mask. The items
    are tile codes, so the mask stays a small int. One pass instead of a
    shuffle and a loop over the hand: dealing is a fifth of a random Block
    game on CPython."""
    # the generator drawn inline (pips.rng): 12 us a number on the emulated M0, 24 by a call
    words = rng.words
    at = rng.at
    end = start + need
    mask = 0
    if at + need <= _LAGS:  # as in shuffle: every word needed is made
        at -= start
        for i in range(start, end):
            j = i + words[at + i] % (count - i)
            code = items[j]
            items[j] = items[i]
            items[i] = code
            mask |= _BIT[code]
        rng.at = at + end
        return mask
    for i in range(start, end):
        if at == _LAGS:
            rng.refill()
            at = 0
        j = i + words[at] % (count - i)
        at += 1
        code = items[j]
        items[j] = items[i]
        items[i] = code
        mask |= _BIT[code]
    rng.at = at
    return mask


def deal_hands(rng, order, players, size, start=0):
    """Deal `players` hands of `size` tiles as masks from `order` (a list of
    every tile code, partly shuffled as it goes; see deal_mask): one
    hand after another, from position `start`. Returns (hands, their union)."""
    count = len(order)
    hands = []
    held = 0
    for s in range(players):
        m = deal_mask(rng, order, count, start + size * s, size)
        hands.append(m)
        held |= m
    return hands, held


def stacked_hands(order, players, size, start=0):
    """The hands of a stacked deal (codes top first), dealt in blocks."""
    hands = [0] * players
    held = 0
    for s in range(players):
        m = 0
        for t in order[start + size * s : start + size * s + size]:
            m |= 1 << t
        hands[s] = m
        held |= m
    return hands, held


def move_text(left, right, move):
    """A lay move as written: `6-3` opens (its first half on the left),
    `3-5 R` lays 3-5 with its 3 touching the right end, `pass`, `draw`."""
    if move == PASS:
        return "pass"
    if move == DRAW:
        return "draw"
    hi = HI[move >> 1]
    lo = LO[move >> 1]
    side = move & 1
    if left < 0:
        # the opening tile: side 1 shows the smaller half on the left
        return "%d-%d" % ((lo, hi) if side else (hi, lo))
    if lo == (right if side else left):
        hi, lo = lo, hi  # the half touching the end first, as in `3-5 R`
    return "%d-%d %s" % (hi, lo, "LR"[side])


def parse_lay(left, right, words, text, fits=None):
    """A lay move from its words: `6-3` opens, `3-5 R` / `5-3 L` lay at an end
    (the end may be left out when only one fits). `fits(t, end)` says whether
    tile t may go on an end showing `end` (equal pips by default)."""
    t, first_half = tiles.parse(words[0])
    if len(words) > 2:
        raise ValueError("a move is a tile and an end, like '3-5 R': %r" % text)
    if left < 0:
        if len(words) == 2:
            raise ValueError("the first tile opens both ends: write it alone, like 6-3")
        return t * 2 + (0 if first_half == HI[t] else 1)
    if len(words) == 2:
        side = "lr".find(words[1].lower())
        if side < 0 or len(words[1]) != 1:
            raise ValueError("an end is L or R, not %r" % words[1])
        return t * 2 + side
    if fits is None:
        fits_l = WITH[left] >> t & 1
        fits_r = WITH[right] >> t & 1
    else:
        fits_l = fits(t, left)
        fits_r = fits(t, right)
    if fits_l and fits_r:
        raise ValueError("%s fits both ends: add L or R" % tiles.text(t))
    if not (fits_l or fits_r):
        raise ValueError("%s matches neither end (%d, %d)" % (tiles.text(t), left, right))
    return t * 2 + (1 if fits_r else 0)


def line_table(game, stock, hands=None):
    """The referee's table of a game with a line: the hands (the game's, or
    the masks given), the tiles left in the stock, the line as it lies (each
    tile left half first) and its two ends."""
    return {
        "hands": [tiles.mask_text(m) for m in (game.hands if hands is None else hands)],
        "stock": stock,
        "line": ["%d-%d" % p for p in line_pairs(game.line, game.lo, game.hi)],
        "ends": [] if game.left < 0 else [game.left, game.right],
    }


def after(left, right, move):
    """A key for what a lay by equal pips (tile*2 + side, on ends left, right)
    leaves: tile*64 + the lower end*8 + the higher. Two lays of one tile with
    equal keys mirror each other (the opening's two orientations, L and R on
    equal ends): the screens offer one of them (pips.ui.table_choose). -1
    for a move that lays nothing."""
    if move >= PASS:
        return -1
    t = move >> 1
    if left < 0:
        a, b = HI[t], LO[t]
    elif move & 1:
        a, b = left, PIPS[t] - right
    else:
        a, b = PIPS[t] - left, right
    return t * 64 + (a * 8 + b if a < b else b * 8 + a)


def distinct_lays(view, moves, n):
    """Drop lays that mirror another, by the view's `after(move)` key: two
    lays of one tile that leave the same two ends (the opening's two
    orientations, L and R on equal ends). Compacts `moves` in place and
    returns the new count: the moves a bot need weigh (pips.bots' policies
    of Draw, Matador and Solitaire, as their `distinct_moves`)."""
    seen = []
    k = 0
    for i in range(n):
        m = moves[i]
        key = view.after(m)
        if key >= 0:
            if key in seen:
                continue
            seen.append(key)
        moves[k] = m
        k += 1
    return k


hand_list = tiles.heaviest_first  # the tiles of a hand in display order


# -- what a seat sees -------------------------------------------------------------
class DominoView(View):
    """What every domino game shows one seat (`seat`) of a hand: the
    numbers of the hand (players, table_options, turn, first, moves, winner,
    scores), its own tiles as a mask (`hand`), and how many tiles each seat
    holds (`sizes`). A game's view adds its own fields."""

    def __init__(self, game, seat):
        self.game_class = type(game)
        self.seat = seat
        self.players = game.players
        self.table_options = game.table_options
        self.turn = game.turn
        self.first = game.first
        self.hand = game.hands[seat]
        self.sizes = bytes(map(tiles.count, game.hands))
        self.moves = game.moves
        self.winner = game.winner
        self.scores = list(game.scores)

    def hand_list(self):
        """Own tiles in display order: heaviest first."""
        return hand_list(self.hand)


class LineView(DominoView):
    """A DominoView of a game with one line (Block, Draw, Matador): the laid
    tiles (`laid`), the line's buffer as the game holds it (`line`, `lo`,
    `hi`) and its ends (`left`, `right`)."""

    def __init__(self, game, seat):
        DominoView.__init__(self, game, seat)
        self.laid = game.laid
        self.left = game.left
        self.right = game.right
        self.lo = game.lo
        self.hi = game.hi
        self.line = bytes(game.line)

    def line_pairs(self):
        return line_pairs(self.line, self.lo, self.hi)

    @property
    def ends(self):
        return () if self.left < 0 else (self.left, self.right)


# -- laying by the far half (Draw, Matador, Solitaire) ---------------------------
def open_line(g, move):
    """Start g's line with an opening move (tile*2 + orientation)."""
    t = move >> 1
    g.line[MID] = move
    g.lo = MID
    g.hi = MID + 1
    if move & 1:
        g.left = LO[t]
        g.right = HI[t]
    else:
        g.left = HI[t]
        g.right = LO[t]


def place(g, t, side, far):
    """Attach tile t at g's left (side 0) or right (1) end, its half `far`
    away from the end: that half becomes the new end, the other touches."""
    near = PIPS[t] - far
    if side:
        hi = g.hi
        g.line[hi] = t * 2 + (far > near)  # flag 1: the smaller half on the left
        g.hi = hi + 1
        g.right = far
    else:
        lo = g.lo - 1
        g.line[lo] = t * 2 + (far < near)
        g.lo = lo
        g.left = far



def end_half(e, side):
    """The half a line entry shows towards `side` (0: its left half, 1: its
    right half), as it lies."""
    t = e >> 1
    if (e & 1) ^ side:
        return LO[t]
    return HI[t]


def take_end(line, lo, hi, side):
    """Take the tile off one end of the line (Domino Uno's take-back): return
    (its code, new lo, new hi, the number the end now shows or -1 when the line
    is empty). Side 0 is the left end, 1 the right."""
    if side:
        hi -= 1
        t = line[hi] >> 1
        if hi == lo:
            return t, lo, hi, -1
        return t, lo, hi, end_half(line[hi - 1], 1)
    t = line[lo] >> 1
    lo += 1
    if hi == lo:
        return t, lo, hi, -1
    return t, lo, hi, end_half(line[lo], 0)


def recentre(line, lo, hi):
    """Move the line's entries to the middle of its buffer (a line that both
    loses and gains tiles drifts); return the new (lo, hi)."""
    n = hi - lo
    start = (len(line) - n) // 2
    line[start : start + n] = bytes(line[lo:hi])
    return start, start + n
