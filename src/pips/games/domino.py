"""What the domino games share: the line and its two ends, tiles laid with the
touching half first, the moves that lay a tile, the stock, pip counts and the
blocked hand. Block, Draw, Matador, Domino Uno and Solitaire lay on a line;
Bergen lays on four arms, each a line of its own from the centre. Draw and
Matador also share `Reserve` (below): a line game for two with a reserve to
draw from, which differ only in what fits an end and in the deal.

The line is a bytearray of entries that grows outwards from its middle
(`lo` .. `hi`). An entry is tile*2 + flag: flag 0 shows the larger half on
the left, 1 the smaller. `left` and `right` are the numbers the two ends show
(-1 before the first tile). A lay move is tile*2 + side: side 0 lays at the
left end, 1 at the right; on the empty line the side is the orientation
(0: the larger half on the left).

A set of tiles is a 28-bit mask (pips.tiles); `WITH[v]` holds the tiles that
show v, so the tiles of a hand that fit an end showing v are `hand & WITH[v]`.
"""

from pips.compat import const
from pips.game import Game, View, new_rng
from pips.rng import Rng
from pips.tiles import ALL, BIT_CODE, COUNT, DOUBLES, HI, LO, PIPS, WITH
from pips import tiles

PASS = const(56)
DRAW = const(57)
MID = const(28)  # the opening entry's index in the line buffer
LINE = const(56)  # room for every tile of the set on either side of MID


def lay_moves(hand, left, right, out):
    """Write the moves of a seat holding `hand` on ends left, right into out
    (equal pips touching); PASS alone when nothing fits."""
    n = 0
    if left < 0:
        while hand:
            low = hand & -hand
            hand ^= low
            m = BIT_CODE[low % 37] * 2
            out[n] = m
            n += 1
            if not low & DOUBLES:
                out[n] = m + 1
                n += 1
        return n
    wl = WITH[left]
    wr = WITH[right]
    hand &= wl | wr
    if not hand:
        out[0] = PASS
        return 1
    while hand:
        low = hand & -hand
        hand ^= low
        t = BIT_CODE[low % 37] * 2
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


def line_texts(line, lo, hi):
    """The line as the referee writes it: each tile left half first, as it lies."""
    return ["%d-%d" % p for p in line_pairs(line, lo, hi)]


def hand_pips(mask):
    """A hand's count: the pips of its tiles."""
    return tiles.pips(mask)


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


def deal_hands(rng, order, players, size, start=0):
    """Deal `players` hands of `size` tiles as masks from `order` (a list of
    every tile code, partly shuffled as it goes; see Rng.deal_mask): one
    hand after another, from position `start`. Returns (hands, their union)."""
    count = len(order)
    hands = [0] * players
    held = 0
    for s in range(players):
        m = rng.deal_mask(order, count, start + size * s, size)
        hands[s] = m
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


def hand_list(mask):
    """Tiles of a hand in display order: heaviest first."""
    ts = tiles.codes(mask)
    ts.sort(key=lambda t: (PIPS[t], HI[t]), reverse=True)
    return ts


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



# -- a line game for two with a reserve (Draw, Matador) ---------------------------
_ORDER = bytes(range(COUNT))


class Reserve(Game):
    """The hand of a line game for two with a reserve to draw from: Draw and
    Matador (pages draw.md, matador.md). A subclass says what fits an end
    (`fits`, `_lays`, `_attach`), the deal (`hand_size`, `set_aside`) and
    the notation of its lays.

    State: a tile mask per hand, their union (`held`), the laid mask, the line
    and its ends (as Block), `stock`: the deal's order (codes), of which
    stock[:set_aside] are the tiles out of play and stock[top:] the reserve,
    top first; `forbid` per seat: tiles that seat is known not to hold (it
    was stuck on ends they fit), for View.sample.

    A turn: lay a tile that fits (a seat with one must); with none, `draw`
    one tile and stay on turn (again and again until one fits, an empty hand
    too); with none and an empty reserve, `pass`. The hand ends the moment
    the reserve is empty and a hand is empty (that seat wins), or when the
    reserve is empty and nobody can attach (the lower count wins, equal
    counts tie). The winner scores 1; the match goes to `wins` hands won.
    """

    min_players = 2
    max_players = 2
    options = (("wins", 3, (1, 3, 5, 7)),)
    max_moves = 58
    stacked_size = 28
    hand_size = 7
    set_aside = 0

    def __init__(self, players=2, options=None, rng=None, deal=None, first=-1):
        if players != 2:
            self.check_players(players)
        self.players = players
        self.table_options = self.table(options)
        self.line = bytearray(LINE)
        self.stock = bytearray(COUNT)
        self.scores = [0] * players
        self.counts = bytearray(players)  # per seat, the pips left at the end
        self.forbid = [0] * players
        self.hands = [0] * players
        self.held = 0
        self.out = 0
        self.top = COUNT
        if deal is not None:
            order = bytes(deal)
            from pips.checks import check_deal

            check_deal(order, _ORDER, tiles.text)
            if rng is not None:
                rng = new_rng(rng)
            self._deal(order)
        elif rng is not None:
            if rng.__class__ is not Rng:
                rng = new_rng(rng)
            order = bytearray(_ORDER)
            rng.shuffle(order)
            self._deal(order)
        # else a blank hand, for View.sample to fill
        if first < 0:
            first = rng.below(players) if rng is not None else 0
        self.first = first
        self.turn = first
        self.laid = 0
        self.left = -1
        self.right = -1
        self.lo = MID
        self.hi = MID
        self.winner = -1
        self.moves = 0

    def _deal(self, order):
        k = self.set_aside
        self.stock[:] = order
        out = 0
        for t in order[:k]:
            out |= 1 << t
        self.out = out
        self.hands, self.held = stacked_hands(order, self.players, self.hand_size, k)
        self.top = k + self.hand_size * self.players

    @classmethod
    def parse_deal(cls, text):
        return tiles.parse_list(text)

    @classmethod
    def match_over(cls, totals, options, hands_played):
        wins = options.get("wins", 3)
        for t in totals:
            if t >= wins:
                return True
        return False

    @property
    def reserve(self):
        """How many tiles the reserve holds."""
        return COUNT - self.top

    # -- the protocol --------------------------------------------------
    def legal(self, seat, out):
        if seat != self.turn:
            return 0
        return self._moves(self.hands[seat], out)

    def _moves(self, hand, out):
        """The moves of a seat holding `hand` on turn (a View shares this)."""
        if self.left < 0:
            return lay_moves(hand, -1, -1, out)
        n = self._lays(hand, out)
        if n:
            return n
        out[0] = DRAW if self.top < COUNT else PASS
        return 1

    def play(self, seat, move):
        if seat != self.turn:
            if self.turn < 0:
                raise ValueError("the hand is over")
            raise ValueError("it is seat %d's turn, not seat %d's" % (self.turn, seat))
        hand = self.hands[seat]
        left = self.left
        right = self.right
        if move == DRAW or move == PASS:
            word = "draw" if move == DRAW else "pass"
            if left < 0:
                raise ValueError("the first tile must be laid: no %s" % word)
            fit = self.fits(left, right)
            if hand & fit:
                raise ValueError("seat %d can lay a tile, so may not %s" % (seat, word))
            top = self.top
            if move == DRAW:
                if top == COUNT:
                    raise ValueError("the reserve is empty: pass")
                bit = 1 << self.stock[top]
                self.top = top = top + 1
                self.hands[seat] = hand | bit
                self.held |= bit
                # everything held now was held, or drawn, while stuck on these ends
                self.forbid[seat] = fit
                self.moves += 1
                if top == COUNT:
                    if not self.hands[1 - seat]:
                        self._finish(1 - seat)
                    elif not self.held & fit:
                        self._finish(-1)
                return
            if top < COUNT:
                raise ValueError("the reserve is not empty: draw")
            self.forbid[seat] |= fit
            self.moves += 1
            if not self.held & fit:
                # never in a dealt hand (the dead end shows at the move before);
                # a sampled world may start out blocked
                self._finish(-1)
                return
            self.turn = 1 - seat
            return
        t, side, far, note = self._placement(seat, hand, move)
        bit = 1 << t
        if left < 0:
            open_line(self, move)
        else:
            place(self, t, side, far)
        self.forbid[seat] |= note
        hand ^= bit
        self.hands[seat] = hand
        self.held ^= bit
        self.laid |= bit
        self.moves += 1
        if self.top == COUNT:
            if not hand:
                self._finish(seat)
                return
            if not self.held & self.fits(self.left, self.right):
                self._finish(-1)
                return
        self.turn = 1 - seat

    def _placement(self, seat, hand, move):
        """(tile, side, far half, tiles the move shows the seat lacks) of a
        lay, or ValueError; changes nothing."""
        if type(move) is not int or move < 0 or move >= self.max_moves:
            raise ValueError("no such move in %s: %r" % (self.title, move))
        if self.left >= 0:
            return self._attach(seat, hand, move)
        t = move >> 1
        if t >= COUNT:
            raise ValueError("no such move in %s: %r" % (self.title, move))
        if not hand >> t & 1:
            raise ValueError("%s is not in seat %d's hand" % (tiles.text(t), seat))
        if move & 1 and HI[t] == LO[t]:
            raise ValueError("a double is laid one way only: play it as %s" % tiles.text(t))
        return t, 0, 0, 0

    def _finish(self, out):
        """End the hand: `out` is the seat that went out, or -1 for a dead
        end (the one lowest count wins; equal counts tie). The winner scores 1."""
        self.turn = -1
        winner = out
        if out < 0:
            winner = lowest(self.hands, self.counts)
        self.winner = winner
        if winner >= 0:
            self.scores[winner] = 1

    def playout(self, rng, buf):
        """Play the hand on for a bot's rollout: each seat lays what `_pick`
        (the game's quick greedy) prefers, a random tile one time in four."""
        while self.turn >= 0:
            s = self.turn
            n = self._moves(self.hands[s], buf)
            if n == 1:
                m = buf[0]
            else:
                r = rng.next()
                if r & 3:
                    m = self._pick(buf, n, r >> 2)
                else:
                    m = buf[(r >> 2) % n]
            self.play(s, m)

    # -- notation --------------------------------------------------------
    def parse_move(self, seat, text):
        """`6-3` opens, `3-5 R` / `5-3 L` lay at an end (the end may be left
        out when only one fits), `draw`, `pass`."""
        words = text.strip().lower().split()
        if not words:
            raise ValueError("empty move")
        if len(words) == 1 and words[0] == "pass":
            return PASS
        if len(words) == 1 and words[0] == "draw":
            return DRAW
        return self._parse_lay(seat, words, text)

    def move_piece(self, move):
        """The tile a move lays from the hand, or -1 (draw, pass)."""
        return self._placed(move)[0] if move != PASS and move != DRAW else -1

    def after(self, move):
        """A key for what a lay leaves: tile*64 + the lower end*8 + the higher
        (moves with equal keys mirror each other); -1 for draw and pass."""
        if move == PASS or move == DRAW:
            return -1
        t, side, far = self._placed(move)
        if self.left < 0:
            a, b = HI[t], LO[t]
        elif side:
            a, b = self.left, far
        else:
            a, b = far, self.right
        return t * 64 + (a * 8 + b if a < b else b * 8 + a)

    def _placed(self, move):
        """(tile, side, far half) of a lay move, without checks."""
        t = move >> 1
        if self.left < 0:
            return t, 0, 0
        return t, move & 1, PIPS[t] - (self.right if move & 1 else self.left)

    # -- what is shown -----------------------------------------------------
    def info(self):
        return {
            "hands": [tiles.mask_text(m) for m in self.hands],
            "stock": COUNT - self.top,
            "line": line_texts(self.line, self.lo, self.hi),
            "ends": [] if self.left < 0 else [self.left, self.right],
        }


class ReserveView(View):
    """What one seat of a Draw or Matador hand may see: its hand, the line,
    every hand's size, the reserve's size, and what the others were seen
    lacking; the tiles out of play (`out`) once the hand is over.

    Presentation fields as every domino view: piece_kind "tile", table_kind
    "line", hand_list(), sizes, line_pairs(), ends; `stock` the reserve's size."""

    piece_kind = "tile"
    table_kind = "line"
    _moves = Reserve._moves
    after = Reserve.after
    move_piece = Reserve.move_piece

    def __init__(self, game, seat):
        self.game_class = type(game)
        self.seat = seat
        self.players = game.players
        self.table_options = game.table_options
        self.turn = game.turn
        self.first = game.first
        self.hand = game.hands[seat]
        self.laid = game.laid
        self.left = game.left
        self.right = game.right
        self.lo = game.lo
        self.hi = game.hi
        self.line = bytes(game.line)
        self.top = game.top
        self.forbid = list(game.forbid)
        self.sizes = bytes(tiles.count(m) for m in game.hands)
        self.moves = game.moves
        self.winner = game.winner
        self.scores = list(game.scores)
        self.out = game.out if game.turn < 0 else 0

    @property
    def stock(self):
        return COUNT - self.top

    def hand_list(self):
        """Own tiles in display order: heaviest first."""
        return hand_list(self.hand)

    def line_pairs(self):
        return line_pairs(self.line, self.lo, self.hi)

    @property
    def ends(self):
        return () if self.left < 0 else (self.left, self.right)

    def legal(self, out):
        if self.seat != self.turn:
            return 0
        return self._moves(self.hand, out)

    def sample(self, rng, world=None):
        """A whole hand consistent with this view: the opponent's tiles dealt at
        random from the unseen ones, none it is known to lack (see `forbid`),
        the rest shuffled into the tiles out of play and the reserve."""
        cls = self.game_class
        if world is None:
            world = cls(self.players, self.table_options)
        seat = self.seat
        opp = 1 - seat
        unseen = ALL & ~self.hand & ~self.laid
        need = self.sizes[opp]
        allowed = unseen & ~self.forbid[opp]
        if tiles.count(allowed) < need:
            allowed = unseen  # never with the true history: forbid is sound
        dealt = 0
        if self.top == COUNT and self.turn >= 0 and self.left >= 0 and need:
            # the hand goes on with an empty reserve: someone can attach
            fit = self.fits(self.left, self.right)
            if not self.hand & fit and allowed & fit:
                pool = tiles.code_bytes(allowed & fit)
                dealt = 1 << pool[rng.below(len(pool))]
                allowed ^= dealt
                need -= 1
        pool = tiles.code_bytes(allowed)
        m = rng.deal_mask(pool, len(pool), 0, need) | dealt
        rest = tiles.code_bytes(unseen & ~m)
        if len(rest) > 1:  # (Rng.shuffle of fewer than 2 items steps its state back)
            rng.shuffle(rest)
        k = self.set_aside
        stock = world.stock
        stock[:k] = rest[:k]
        stock[self.top :] = rest[k:]
        out = 0
        for t in rest[:k]:
            out |= 1 << t
        world.out = out
        world.top = self.top
        hands = world.hands
        hands[seat] = self.hand
        hands[opp] = m
        world.held = self.hand | m
        world.laid = self.laid
        world.left = self.left
        world.right = self.right
        world.lo = self.lo
        world.hi = self.hi
        world.line[:] = self.line
        world.forbid[:] = self.forbid
        world.first = self.first
        world.turn = self.turn
        world.moves = self.moves
        world.winner = -1
        world.scores[0] = world.scores[1] = 0
        return world


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
