"""The domino module's part for the line games for two with a reserve to
draw from, Draw and Matador, which differ only in what fits an end and in
the deal (pips.games.domino holds what every domino game shares)."""

from pips import const
from pips.game import Game, new_rng
from pips.rng import Rng
from pips.tiles import ALL, BIT_CODE, COUNT, DOUBLES, HI, LO, PIPS
from pips import tiles
from pips.games.domino import (
    DRAW, LINE, MID, PASS, LineView, lay_moves, line_table, lowest, open_line, place, deal_mask,
    stacked_hands,
)


# -- a line game for two with a reserve (Draw, Matador) ---------------------------
_ORDER = bytes(range(COUNT))
_LAGS = const(55)  # pips.rng.LAGS, folded into the inline draw below (a global would be read a number)

# Why a move is refused: play raises refuse(...), which words it. Draw and
# Matador refuse their lays with these too, and with reasons of their own.
NO_SUCH_MOVE = const(0)
HAND_OVER = const(1)
NOT_TURN = const(2)
LAY_FIRST = const(3)
MUST_LAY = const(4)
EMPTY = const(5)
NOT_EMPTY = const(6)
NOT_IN_HAND = const(7)
DOUBLE = const(8)


class Reserve(Game):
    """The hand of a line game for two with a reserve to draw from: Draw and
    Matador (pages draw.md, matador.md). A subclass says what fits an end
    (`fits`, `_lays`, `_attach`; FIT, ANYWHERE and TOUCH for the rollouts), the deal (`hand_size`, `set_aside`) and
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
    blocked_text = "blocked: lowest count wins"  # how a hand ends with nobody out (pips.ui.events)

    min_players = 2
    max_players = 2
    options = (("wins", 3, (1, 3, 5, 7)),)
    max_moves = 58
    stacked_size = 28
    hand_size = 7
    set_aside = 0
    # What fits (set by each game), for the rollouts: FIT[v] (v 0..6) the tiles
    # that go on an end showing v by the game's rule; ANYWHERE the tiles that
    # go on any end, either way round, for a seat with none of those
    # (Matador's matadors); TOUCH[v] the half that must touch an end showing v.
    FIT = ()
    ANYWHERE = 0
    TOUCH = b""

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

    # A method, not a property: a property on the class makes MicroPython look
    # through the classes on every attribute store to an instance (38 us a
    # store on the emulated M0 against 3 without; a rollout stores dozens).
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
            raise refuse(self, HAND_OVER if self.turn < 0 else NOT_TURN, seat, move)
        hand = self.hands[seat]
        left = self.left
        right = self.right
        if move == DRAW or move == PASS:
            if left < 0:
                raise refuse(self, LAY_FIRST, seat, move)
            fit = self.fits(left, right)
            if hand & fit:
                raise refuse(self, MUST_LAY, seat, move)
            top = self.top
            if move == DRAW:
                if top == COUNT:
                    raise refuse(self, EMPTY, seat, move)
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
                raise refuse(self, NOT_EMPTY, seat, move)
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
            raise refuse(self, NO_SUCH_MOVE, seat, move)
        if self.left >= 0:
            return self._attach(seat, hand, move)
        t = move >> 1
        if t >= COUNT:
            raise refuse(self, NO_SUCH_MOVE, seat, move)
        if not hand >> t & 1:
            raise refuse(self, NOT_IN_HAND, seat, move)
        if move & 1 and HI[t] == LO[t]:
            raise refuse(self, DOUBLE, seat, move)
        return t, 0, 0, 0

    def copy_from(self, other):
        """Make this hand an exact copy of `other` (a hand at the same table), in
        place: the smart bot deals a round's unseen tiles once (View.sample)
        and plays each move out on a copy."""
        self.hands[:] = other.hands
        self.held = other.held
        self.laid = other.laid
        self.out = other.out
        self.stock[:] = other.stock
        self.top = other.top
        self.left = other.left
        self.right = other.right
        self.lo = other.lo
        self.hi = other.hi
        self.line[:] = other.line
        self.forbid[:] = other.forbid
        self.scores[:] = other.scores
        self.counts[:] = other.counts
        self.first = other.first
        self.turn = other.turn
        self.moves = other.moves
        self.winner = other.winner

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
        """Play the hand on for a bot's rollout. With a choice, a seat lays a
        random legal move one time in four (one word of the generator decides
        both), else the best by a quick score: the tile's pips times 4, a
        double 2 more, a tile of ANY (a matador) 40 less, an end left that no
        tile of FIT covers (Matador's 0) 12 more, and 64 more (before all the
        rest) when the opponent's hand, as dealt in the rollout, covers neither
        end left (it must draw or pass); the first best in the order of
        legal(). The state stays exact, the line included. One flat loop:
        the generator drawn inline (as Rng.next does), a stuck seat's draws
        and pass without a move list, a lay placed straight into the line;
        only the random lay lists the moves (a call costs more than a move on
        a microcontroller)."""
        turn = self.turn
        if turn < 0:
            return
        if self.left < 0:
            n = self._moves(self.hands[turn], buf)
            self.play(turn, buf[rng.below(n)])
            turn = self.turn
            if turn < 0:
                return
        FIT = self.FIT
        ANY = self.ANYWHERE
        NEED = self.TOUCH
        hands = self.hands
        forbid = self.forbid
        stock = self.stock
        line = self.line
        left = self.left
        right = self.right
        held = self.held
        laid = self.laid
        lo = self.lo
        hi = self.hi
        top = self.top
        moves = self.moves
        # the generator drawn inline (pips.rng): 12 us a number on the emulated M0, 24 by a call
        words = rng.words
        at = rng.at
        code_of = BIT_CODE
        pips = PIPS
        while True:
            fl = FIT[left]
            fr = FIT[right]
            fit = fl | fr | ANY
            hand = hands[turn]
            moves += 1
            if not hand & fit:
                # stuck: draw one tile and stay on turn, or pass
                if top < COUNT:
                    bit = 1 << stock[top]
                    top += 1
                    hand |= bit
                    hands[turn] = hand
                    held |= bit
                    forbid[turn] = fit
                    if top == COUNT:
                        if not hands[1 - turn]:
                            winner = 1 - turn
                            break
                        if not held & fit:
                            winner = -1
                            break
                    continue
                forbid[turn] |= fit
                if not held & fit:
                    winner = -1
                    break
                turn = 1 - turn
                continue
            opp = hands[1 - turn]
            cand = hand & (fl | fr)
            anywhere = not cand & ~ANY
            if anywhere:
                cand = hand & ANY  # a matador goes anywhere, either way round: a choice
            elif not cand & (cand - 1) and not (cand & fl and cand & fr):
                # one tile at one end: no choice
                bit = cand
                side = 0 if bit & fl else 1
                far = pips[code_of[bit % 37]] - NEED[right if side else left]
                cand = 0
            if cand:
                if at == _LAGS:
                    rng.refill()
                    at = 0
                r = words[at]
                at += 1
                if not r & 3:
                    # the legal move the word names (legal() reads the ends)
                    self.left = left
                    self.right = right
                    m = buf[(r >> 2) % self._lays(hand, buf)]
                    t, side, far = self._placed(m)
                    bit = 1 << t
                    cand = 0
                best = -1000
                while cand:
                    low = cand & -cand
                    cand ^= low
                    t = code_of[low % 37]
                    p = pips[t]
                    base = p * 4 + (2 if low & DOUBLES else 0) - (40 if low & ANY else 0)
                    j = 0
                    while j < 4:  # the moves of tile t in the order of legal(): sides, turns
                        sd = j >> 1
                        j += 1
                        if anywhere:
                            if j & 1:
                                f = LO[t]
                            elif low & DOUBLES:
                                continue
                            else:
                                f = HI[t]
                        else:
                            if not j & 1 or not low & (fr if sd else fl):
                                continue
                            f = p - NEED[right if sd else left]
                        score = base if FIT[f] else base + 12
                        if not opp & (FIT[f] | FIT[left if sd else right] | ANY):
                            score += 64  # the opponent must draw (or pass)
                        if score > best:
                            best = score
                            bit = low
                            side = sd
                            far = f
            t = code_of[bit % 37]
            near = pips[t] - far
            if side:
                if near != NEED[right]:
                    # a matador laid anywhere: the seat holds no ordinary tile that fits
                    forbid[turn] |= (fl | fr) & ~ANY
                line[hi] = t * 2 + (far > near)
                hi += 1
                right = far
            else:
                if near != NEED[left]:
                    forbid[turn] |= (fl | fr) & ~ANY
                lo -= 1
                line[lo] = t * 2 + (far < near)
                left = far
            hand ^= bit
            hands[turn] = hand
            held ^= bit
            laid |= bit
            if top == COUNT:
                if not hand:
                    winner = turn
                    break
                if not held & (FIT[left] | FIT[right] | ANY):
                    winner = -1
                    break
            turn = 1 - turn
        rng.at = at
        self.left = left
        self.right = right
        self.held = held
        self.laid = laid
        self.lo = lo
        self.hi = hi
        self.top = top
        self.moves = moves
        self._finish(winner)

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
        """The referee's table: the line's, with the reserve's size as the
        stock; Matador's adds the tiles out of play (`out`) once the hand is
        over and they are shown."""
        out = line_table(self, self.reserve())
        if self.set_aside and self.turn < 0:
            out["out"] = tiles.mask_text(self.out)
        return out


def refuse(game, reason, seat, move):
    """The ValueError refusing `move` from `seat`, for one of the reasons
    NO_SUCH_MOVE .. DOUBLE (Draw's and Matador's lays too)."""
    t = move >> 1 if type(move) is int else -1
    word = "draw" if move == DRAW else "pass"
    if reason == NO_SUCH_MOVE:
        text = "no such move in %s: %r" % (game.title, move)
    elif reason == HAND_OVER:
        text = "the hand is over"
    elif reason == NOT_TURN:
        text = "it is seat %d's turn, not seat %d's" % (game.turn, seat)
    elif reason == LAY_FIRST:
        text = "the first tile must be laid: no %s" % word
    elif reason == MUST_LAY:
        text = "seat %d can lay a tile, so may not %s" % (seat, word)
    elif reason == EMPTY:
        text = "the reserve is empty: pass"
    elif reason == NOT_EMPTY:
        text = "the reserve is not empty: draw"
    elif reason == NOT_IN_HAND:
        text = "%s is not in seat %d's hand" % (tiles.text(t), seat)
    else:  # DOUBLE
        text = "a double is laid one way only: play it as %s" % tiles.text(t)
    return ValueError(text)


class ReserveView(LineView):
    """What one seat of a Draw or Matador hand may see: the line's view
    (pips.games.domino), the reserve's size (`stock`), what each seat is
    known not to hold (`forbid`), and the tiles out of play (`out`) once
    the hand is over."""

    table_kind = "line"
    stock_name = "reserve"
    _moves = Reserve._moves
    after = Reserve.after
    move_piece = Reserve.move_piece

    def __init__(self, game, seat):
        LineView.__init__(self, game, seat)
        self.top = game.top
        self.forbid = list(game.forbid)
        self.out = game.out if game.turn < 0 else 0

    @property
    def stock(self):
        return COUNT - self.top

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
        m = deal_mask(rng, pool, len(pool), 0, need) | dealt
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
