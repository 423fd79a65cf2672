"""UNO, rules in docs/rules/uno.md (the 108-card game, 2 to 10 players).

State: every hand as 54 kind counts in one bytearray (seat*54 + kind), the hand
sizes, the coloured cards per seat and colour (`ccount`, for the +4 check and
quick move lists), the draw pile and the discard pile as bytearrays of kinds
with a count each, and a few ints. The draw pile's top is its last entry.

The draw pile after a shuffle is kept as an unordered heap: a draw takes a card
at a random place in it (one generator call), which is the same as shuffling it
up front and taking the top, but costs nothing for the cards never drawn. A
stacked deal keeps its order (`fixed`) until the first reshuffle. W+4 turned up
first goes to the bottom: the first `nbottom` entries are the bottom, drawn last.

Moves (0..255):
  kind k of a coloured card (0..51)   k          `R7`
  W naming colour c                    52 + c     `W:G`
  W+4 naming colour c                  56 + c     `W+4:R`
  any of those calling UNO             + 64       `R7 uno`
  DRAW 128, KEEP 129, ACCEPT 130, CHALLENGE 131, `color c` 132 + c (first card W),
  UNO 140 (a late call), RESIGN 141, `catch t` 144 + t.
Moves from 140 up may come from any seat still in (UNO and catch only while a
missed call is open); the others only from the seat whose turn it is.
"""

from pips import const
from pips.game import Game, View, new_rng
from pips.rng import Rng
from pips import cards
from pips.cards import COLOR, COLORS, COPIES, RANK, POINTS, WILD, NO_COLOR
from pips.game import ranks
from pips.games.uno import NAME, TITLE

# The game's own phrases per language (pips.lang.CODES: en, cs, pl, fa), each
# module's WORDS naming its rules page too (key "rules"): loaded when asked for.
WORDS = (
    "pips.games.uno.words_en",
    "pips.games.uno.words_cs",
    "pips.games.uno.words_pl",
    "pips.games.uno.words_fa",
)

_HAND = const(7)
_W = const(52)
_W4 = const(53)
CALL = const(64)  # the UNO flag on a card move
_LAGS = const(55)  # pips.rng.LAGS, folded into the inline draw below (a global would be read a number)
DRAW = const(128)
KEEP = const(129)
ACCEPT = const(130)
CHALLENGE = const(131)
COLOR_MOVE = const(132)  # + colour: naming the colour of a first card W
UNO = const(140)
RESIGN = const(141)
CATCH = const(144)  # + the seat caught

# ask: what the seat to act must answer (the View's `pending` names it)
NONE = const(0)
PLUS4 = const(1)  # accept or challenge
NAME_COLOR = const(2)  # name the colour of a first card W
DRAWN = const(3)  # play the card just drawn, or keep it
PENDING_TEXT = (None, "+4", "color", "drawn")
# the words parse_move reads as moves (the first four are move_text's too), and those moves
_WORDS = ("draw", "keep", "accept", "challenge", "uno", "resign")
_WORD_MOVES = (DRAW, KEEP, ACCEPT, CHALLENGE, UNO, RESIGN)

# Why a move is refused: Uno.play raises _refuse(...), which words it.
_NO_SUCH_MOVE = const(0)
_ANSWER_FIRST = const(1)
_NOT_IN_HAND = const(2)
_NOT_DRAWN = const(3)
_NO_MATCH = const(4)
_LATE_CALL = const(5)
_NO_KEEP = const(6)
_NO_PLUS4 = const(7)
_NO_NAMING = const(8)
_HAND_OVER = const(9)
_NOT_IN = const(10)
_NO_MISSED = const(11)
_NO_CATCH = const(12)
_SELF_CATCH = const(13)
_NOT_TURN = const(14)




def _card(move):
    """(kind, colour it leaves active) of a card move, or (-1, 0)."""
    m = move & 63
    if move >= DRAW or m >= 60:
        return -1, 0
    if m < _W:
        return m, COLOR[m]
    if m < 56:
        return _W, m - 52
    return _W4, m - 56


class Uno(Game):
    name = NAME
    words = WORDS  # its phrases per language (pips.lang)
    title = TITLE
    min_players = 2
    max_players = 10
    options = (
        ("target", 500, (500, 200)),
        ("penalty", 4, (4, 2)),
        ("mode", "standard", ("standard", "single")),
    )
    max_moves = 48
    stacked_size = 108
    _hand_stride = 54  # hands[seat * 54 + kind]
    _color_stride = 4  # ccount[seat * 4 + colour]
    out_of_turn = True  # other seats may catch a missed UNO, or call it late
    resign_in_hand = True  # RESIGN is accepted from any seat still in; legal() never lists it
    # Rollouts stop after so many moves (0: play the hand out) and utility() weighs
    # the cards left: a random UNO hand runs to hundreds of moves, and the first
    # few decide most of what a move is worth. Short rollouts and many of them
    # judge better than long ones for the same time: against the greedy bot in
    # 400 2-player matches to 500 the smart bot won 57-58% at 8 to 18 moves (58
    # to 32 rollouts a decision) and 62-65% at 2 to 4 moves (100 to 84).
    playout_moves = 4

    @classmethod
    def rules(cls):
        from pips import lang

        return lang.rules_page(cls)

    def __init__(self, players=2, options=None, rng=None, deal=None, first=-1):
        self.check_players(players)
        self.players = players
        # of the options only the penalty matters to a hand (the match reads
        # target and mode): the dict is not kept, in the game or its world
        self.penalty = self.table(options)["penalty"]
        self.hands = bytearray(players * 54)
        self.sizes = bytearray(players)
        self.ccount = bytearray(players * 4)
        self.stock = bytearray(108)
        self.pile = bytearray(108)
        self.out = bytearray(players)  # 1: resigned
        self.called = bytearray(players)  # 1: called UNO on going down to one card
        self.recent = bytearray(players)  # colours of the last two coloured cards played
        self.scores = [0] * players
        self.reveal = None
        self.reveal_to = -1
        if rng is None and deal is None:
            self.rng = None  # a blank hand: View.sample gives it one
            _clear(self, 0)
        else:
            self.rng = rng = new_rng(rng) if rng is not None else Rng(0)
            _clear(self, first if first >= 0 else rng.below(players))
            _deal(self, deal)

    @classmethod
    def parse_deal(cls, text):
        return cards.parse_list(text)

    def _next(self, seat):
        """The seat after `seat` in the direction of play, skipping resigned seats."""
        n = self.players
        d = self.direction
        seat += d
        if seat >= n:
            seat = 0
        elif seat < 0:
            seat = n - 1
        if self.left < n:  # someone resigned
            out = self.out
            while out[seat]:
                seat += d
                if seat >= n:
                    seat = 0
                elif seat < 0:
                    seat = n - 1
        return seat

    def _take(self, seat, count):
        """Seat draws `count` cards, reshuffling as needed; return the last kind
        drawn, or -1 when both piles ran dry first."""
        stock = self.stock
        hands = self.hands
        base = seat * 54
        k = -1
        while count:
            ns = self.nstock
            if ns == 0:
                npile = self.npile
                if npile <= 1:
                    return -1
                # the played cards but the top become the new draw pile (drawn at random)
                pile = self.pile
                ns = npile - 1
                for j in range(ns):  # not stock[:ns] = pile[:ns]: a slice is a new bytearray
                    stock[j] = pile[j]
                pile[0] = pile[ns]
                self.npile = 1
                self.fixed = False
                self.nbottom = 0
            nb = self.nbottom
            if self.fixed:
                ns -= 1
                k = stock[ns]
            elif ns > nb:
                j = nb + self.rng.below(ns - nb)
                k = stock[j]
                ns -= 1
                stock[j] = stock[ns]
            else:
                ns -= 1
                k = stock[ns]
                self.nbottom = ns
            self.nstock = ns
            hands[base + k] += 1
            self.sizes[seat] += 1
            if k < _W:
                self.ccount[seat * 4 + COLOR[k]] += 1
            count -= 1
        return k

    # -- the protocol --------------------------------------------------
    def legal(self, seat, out):
        turn = self.turn
        if seat != turn:
            c = self.catchable
            if c < 0 or turn < 0 or self.out[seat]:
                return 0
            out[0] = UNO if c == seat else CATCH + c
            return 1
        # a view holds only its own hand: its strides are 0 (UnoView.legal calls this)
        h = self.hands
        base = seat * self._hand_stride
        cc = self.ccount
        c4 = seat * self._color_stride
        ask = self.ask
        n = 0
        if ask == NONE:
            color = self.color
            left = cc[c4 + color] if color < 4 else 0
            k = base + color * 13
            while left:
                if h[k]:
                    out[n] = k - base
                    n += 1
                    left -= h[k]
                k += 1
            rank = RANK[self.top]
            if rank < 13:
                k = base + rank
                for c in range(4):
                    if c != color and h[k]:
                        out[n] = k - base
                        n += 1
                    k += 13
            if h[base + _W]:
                out[n] = 52
                out[n + 1] = 53
                out[n + 2] = 54
                out[n + 3] = 55
                n += 4
            if h[base + _W4]:
                out[n] = 56
                out[n + 1] = 57
                out[n + 2] = 58
                out[n + 3] = 59
                n += 4
            if n and self.sizes[seat] == 2:
                for i in range(n):
                    out[n + i] = out[i] | CALL
                n += n
            out[n] = DRAW
            n += 1
        elif ask == PLUS4:
            out[0] = ACCEPT
            out[1] = CHALLENGE
            n = 2
        elif ask == DRAWN:
            k = self.drawn
            if k < _W:
                out[0] = k
                n = 1
            else:
                k = 52 if k == _W else 56
                out[0] = k
                out[1] = k + 1
                out[2] = k + 2
                out[3] = k + 3
                n = 4
            if self.sizes[seat] == 2:
                for i in range(n):
                    out[n + i] = out[i] | CALL
                n += n
            out[n] = KEEP
            n += 1
        else:
            out[0] = COLOR_MOVE
            out[1] = COLOR_MOVE + 1
            out[2] = COLOR_MOVE + 2
            out[3] = COLOR_MOVE + 3
            n = 4
        c = self.catchable
        if c >= 0:
            out[n] = UNO if c == seat else CATCH + c
            n += 1
        return n

    def play(self, seat, move):
        if move.__class__ is not int or not 0 <= move < 256:
            raise _refuse(self, _NO_SUCH_MOVE, seat, move)
        if seat != self.turn or move >= UNO or seat < 0:
            # moves any seat may make: a catch, a late UNO, resigning
            if self.turn < 0:
                raise _refuse(self, _HAND_OVER, seat, move)
            if not 0 <= seat < self.players or self.out[seat]:
                raise _refuse(self, _NOT_IN, seat, move)
            c = self.catchable
            if move == UNO:
                if c != seat:
                    raise _refuse(self, _NO_MISSED, seat, move)
                self.called[seat] = 1
            elif move == RESIGN:
                self._resign(seat)
                return
            elif CATCH <= move < CATCH + self.players:
                target = move - CATCH
                if c < 0 or target != c:
                    raise _refuse(self, _NO_CATCH, seat, move)
                if target == seat:
                    raise _refuse(self, _SELF_CATCH, seat, move)
                self._take(target, self.penalty)
            elif move < UNO:
                raise _refuse(self, _NOT_TURN, seat, move)
            else:
                raise _refuse(self, _NO_SUCH_MOVE, seat, move)
            self.catchable = -1
            self.reveal = None
            self.moves += 1
            return
        ask = self.ask
        if move < DRAW:
            m = move & 63
            if m < _W:
                kind = m
                color = COLOR[m]
            elif m < 60:
                kind = _W if m < 56 else _W4
                color = (m - 52) & 3
            else:
                raise _refuse(self, _NO_SUCH_MOVE, seat, move)
            if ask and ask != DRAWN:
                raise _refuse(self, _ANSWER_FIRST, seat, move)
            hands = self.hands
            base = seat * 54
            if not hands[base + kind]:
                raise _refuse(self, _NOT_IN_HAND, seat, move)
            if ask:
                if kind != self.drawn:
                    raise _refuse(self, _NOT_DRAWN, seat, move)
            elif kind < _W and color != self.color and RANK[kind] != RANK[self.top]:
                raise _refuse(self, _NO_MATCH, seat, move)
            size = self.sizes[seat]
            if move & CALL and size != 2:
                raise _refuse(self, _LATE_CALL, seat, move)
            # -- valid: apply
            self.catchable = -1
            self.reveal = None
            self.ask = NONE
            hands[base + kind] -= 1
            size -= 1
            self.sizes[seat] = size
            if kind < _W:
                self.ccount[seat * 4 + color] -= 1
                self.recent[seat] = (self.recent[seat] << 4 | 1 << color) & 0xFF
            elif kind == _W4:
                self.p4color = self.color
                self.p4illegal = self.color < 4 and self.ccount[seat * 4 + self.color] > 0
                self.p4seat = seat
            self.pile[self.npile] = kind
            self.npile += 1
            self.top = kind
            self.color = color
            self.moves += 1
            if size == 1:
                if move & CALL:
                    self.called[seat] = 1
                else:
                    self.called[seat] = 0
                    self.catchable = seat
            rank = RANK[kind]
            nxt = self._next(seat)
            if size == 0:
                # a last +2 or +4 still makes the next player draw (it counts)
                if rank == 12:
                    self._take(nxt, 2)
                elif kind == _W4:
                    self._take(nxt, 4)
                self._finish(seat)
                return
            if rank < 10 or kind == _W:
                self.turn = nxt
            elif rank == 12:
                self._take(nxt, 2)
                self.turn = self._next(nxt)
            elif rank == 10:
                self.turn = self._next(nxt)
            elif kind == _W4:
                self.turn = nxt
                self.ask = PLUS4
            elif self.left == 2:  # a reverse between two acts as a skip
                self.direction = -self.direction
                self.turn = seat
            else:
                self.direction = -self.direction
                self.turn = self._next(seat)
            return
        if move == DRAW:
            if ask:
                raise _refuse(self, _ANSWER_FIRST, seat, move)
            self.catchable = -1
            self.reveal = None
            self.moves += 1
            k = self._take(seat, 1)
            if k >= 0 and (k >= _W or COLOR[k] == self.color or RANK[k] == RANK[self.top]):
                self.ask = DRAWN
                self.drawn = k
            else:  # nothing to draw, or the drawn card cannot be played: the turn ends
                self.turn = self._next(seat)
            return
        if move == KEEP:
            if ask != DRAWN:
                raise _refuse(self, _NO_KEEP, seat, move)
            self.ask = NONE
        elif move == ACCEPT or move == CHALLENGE:
            if ask != PLUS4:
                raise _refuse(self, _NO_PLUS4, seat, move)
        elif COLOR_MOVE <= move < COLOR_MOVE + 4:
            if ask != NAME_COLOR:
                raise _refuse(self, _NO_NAMING, seat, move)
        else:
            raise _refuse(self, _NO_SUCH_MOVE, seat, move)
        # -- valid: apply
        self.catchable = -1
        self.reveal = None
        self.moves += 1
        if move == KEEP:
            self.turn = self._next(seat)
        elif move >= COLOR_MOVE:
            self.color = move - COLOR_MOVE
            self.ask = NONE
        else:
            self.ask = NONE
            if move == ACCEPT:
                self._take(seat, 4)
                self.turn = self._next(seat)
                return
            bluffer = self.p4seat
            self.reveal = self.hand_kinds(bluffer)
            self.reveal_to = seat
            if self.p4illegal:
                if not self.out[bluffer]:
                    self._take(bluffer, 4)
            else:
                self._take(seat, 6)
                self.turn = self._next(seat)

    def _resign(self, seat):
        """play() on RESIGN (from any seat still in): the seat's cards go into the
        draw pile and it leaves the hand (the hand ends when one seat is left)."""
        hands = self.hands
        base = seat * 54
        stock = self.stock
        ns = self.nstock
        for k in range(54):
            for _ in range(hands[base + k]):
                stock[ns] = k
                ns += 1
            hands[base + k] = 0
        self.nstock = ns
        self.fixed = False  # shuffled in: the whole draw pile is drawn at random now
        self.nbottom = 0
        self.sizes[seat] = 0
        for c in range(4):
            self.ccount[seat * 4 + c] = 0
        self.out[seat] = 1
        self.left -= 1
        self.moves += 1
        self.reveal = None
        if self.catchable == seat or self.turn == seat:
            self.catchable = -1
        if self.left == 1:
            last = 0
            while self.out[last]:
                last += 1
            self._finish(last)
            return
        if self.turn == seat:
            if self.ask != NAME_COLOR:
                self.ask = NONE
            self.turn = self._next(seat)

    def _finish(self, winner):
        self.turn = -1
        self.winner = winner
        self.ask = NONE
        total = 0
        for s in range(self.players):
            if s != winner:
                total += self.hand_points(s)
        self.scores[winner] = total

    # -- notation --------------------------------------------------------
    def move_text(self, move):
        return _move_text(move)

    def parse_move(self, seat, text):
        """`R7`, `W:G`, `R7 uno`, `draw`, `catch 2`, `color G`... (any case)."""
        typed = text.split()
        if not typed:
            raise ValueError("empty move")
        words = [word.lower() for word in typed]
        w = words[0]
        if w in _WORDS:
            if len(words) > 1:
                raise ValueError("%s takes nothing after it: %r" % (w, text))
            return _WORD_MOVES[_WORDS.index(w)]
        if w == "color" or w == "colour":
            if len(words) != 2:
                raise ValueError("name one colour: color R, Y, G or B")
            return COLOR_MOVE + cards.color_code(typed[1])
        if w == "catch":
            if len(words) != 2:
                raise ValueError("catch a seat: catch 2")
            digits = words[1]
            t = int(digits) if 0 < len(digits) < 3 and all("0" <= c <= "9" for c in digits) else -1
            if t < 0:
                raise ValueError("not a seat: %r" % typed[1])
            if not 0 <= t < self.players:
                raise ValueError("no seat %d at a %d-player table" % (t, self.players))
            return CATCH + t
        kind, color = cards.parse(typed[0])
        if len(words) > 2 or (len(words) == 2 and words[1] != "uno"):
            raise ValueError("a card move is a card, then uno or nothing: %r" % text)
        if kind >= _W:
            if color >= 4:
                raise ValueError("a wild names its colour: %s:G" % cards.text(kind))
            move = (52 if kind == _W else 56) + color
        else:
            move = kind
        return move | CALL if len(words) == 2 else move

    def move_piece(self, move):
        return _card(move)[0]

    # -- what is shown -----------------------------------------------------
    def hand_kinds(self, seat):
        """The seat's cards as a list of kinds, colour then rank, repeats included."""
        hands = self.hands
        base = seat * 54
        out = []
        for k in range(54):
            for _ in range(hands[base + k]):
                out.append(k)
        return out

    def hand_points(self, seat):
        # colour by colour, as far as the colour's count reaches (the smart
        # bot's utility() adds up a hand after every rollout)
        hands = self.hands
        base = seat * 54
        cc = self.ccount
        total = (hands[base + _W] + hands[base + _W4]) * 50
        for c in range(4):
            left = cc[seat * 4 + c]
            k = base + c * 13
            while left:
                h = hands[k]
                if h:
                    total += h * POINTS[k - base]
                    left -= h
                k += 1
        return total

    def info(self):
        """The referee's table: every hand, the piles, whose call is open."""
        return {
            "hands": [[cards.text(k) for k in self.hand_kinds(s)] for s in range(self.players)],
            "stock": self.nstock,
            "top": cards.text(self.top),
            "color": COLORS[self.color] if self.color < 4 else None,
            "direction": self.direction,
            "dealer": self.dealer,
            "uno": [s for s in range(self.players) if self.sizes[s] == 1 and self.called[s]],
            "catchable": self.catchable if self.catchable >= 0 else None,
            "pending": PENDING_TEXT[self.ask],
            "discard": self.npile,
            "resigned": [s for s in range(self.players) if self.out[s]],
        }

    def view(self, seat):
        return UnoView(self, seat)

    # -- bots' rollouts -----------------------------------------------------
    def copy_from(self, other):
        """Make this hand an exact copy of `other` (a hand at the same table), in
        place, sharing its generator: the smart bot deals a round's unseen cards
        once (View.sample) and plays each move out on a copy."""
        self.hands[:] = other.hands
        self.sizes[:] = other.sizes
        self.ccount[:] = other.ccount
        ns = other.nstock
        self.stock[:ns] = memoryview(other.stock)[:ns]
        n = other.npile
        self.pile[:n] = memoryview(other.pile)[:n]
        self.out[:] = other.out
        self.called[:] = other.called
        self.recent[:] = other.recent
        self.scores[:] = other.scores
        self.nstock = ns
        self.npile = n
        self.nbottom = other.nbottom
        self.fixed = other.fixed
        self.left = other.left
        self.dealer = other.dealer
        self.top = other.top
        self.color = other.color
        self.direction = other.direction
        self.turn = other.turn
        self.ask = other.ask
        self.drawn = other.drawn
        self.p4seat = other.p4seat
        self.p4color = other.p4color
        self.p4illegal = other.p4illegal
        self.catchable = other.catchable
        self.reveal = other.reveal
        self.reveal_to = other.reveal_to
        self.winner = other.winner
        self.moves = other.moves
        self.penalty = other.penalty
        self.rng = other.rng

    def utility(self, seat):
        """The hand's points as Game.utility once it is over. While it is still
        being played (a cut rollout), an estimate of how it would end if played
        out, from the hands' sizes: a card fewer than the others' average is
        worth (7k + 12) / 4 points, k the other seats still in (4.75 at two
        seats, 8.25 at four), and a W or W+4 in hand counts as a card fewer (it
        goes on anything). Fitted by least squares to how rollouts played out
        to the end came out, from some thousands of positions at 2 to 4 seats:
        it follows them more closely (correlation 0.59 at two seats, 0.54 at
        four) than the others' cards at 12 points less one's own points did
        (0.41, 0.29), and costs a few lookups a seat."""
        if self.turn < 0:
            return Game.utility(self, seat)
        k = self.left - 1  # the other seats still in (a resigned seat holds nothing)
        if k < 1:
            return 0
        sizes = self.sizes
        hands = self.hands
        diff = 0
        for s in range(self.players):
            size = sizes[s]
            if size:
                base = s * 54
                size -= hands[base + _W] + hands[base + _W4]
                if s == seat:
                    diff -= k * size
                else:
                    diff += size
        return (7 * k + 12) * diff // (4 * k)

    def playout(self, rng, buf):
        """Random play with a player's sense: a card rather than a draw or a keep
        (legal() lists the cards first), a coloured card rather than a wild
        (the wilds follow the coloured cards), UNO called with the second-to-last
        card. With `playout_moves` set, stop after that many moves (utility()
        then weighs the cards left).

        The usual turn (nothing to answer, nobody to catch) lists its moves as
        legal() does, and the usual moves (a card that leaves one or more in hand
        with nobody resigned, a draw from the shuffled pile) are made here as
        play() makes them, and the generator is drawn inline; the rest goes
        through legal() and play(). The same moves, the same numbers drawn, the
        same hand (tests/test_bots.py checks it against a plain loop): a few
        times faster on a microcontroller, where a call costs more than a
        loop."""
        limit = self.playout_moves
        stop = self.moves + limit if limit else 1 << 30
        sizes = self.sizes
        hands = self.hands
        ccount = self.ccount
        pile = self.pile
        recent = self.recent
        called = self.called
        stock = self.stock
        players = self.players
        # the generator drawn inline (pips.rng): 12 us a number on the emulated M0, 24 by a call;
        # `at` goes back to it around every call
        words = rng.words
        at = rng.at
        same = self.rng is rng  # the draws' generator (the same one in a rollout)
        rank_of = RANK
        color_of = COLOR
        while True:
            seat = self.turn
            moves = self.moves
            if seat < 0 or moves >= stop:
                rng.at = at
                return
            size = sizes[seat]
            if self.ask or self.catchable >= 0:
                n = self.legal(seat, buf)
            else:
                # legal(), for a seat with nothing to answer
                base = seat * 54
                color = self.color
                n = 0
                left = ccount[seat * 4 + color] if color < 4 else 0
                k = base + color * 13
                while left:
                    h = hands[k]
                    if h:
                        buf[n] = k - base
                        n += 1
                        left -= h
                    k += 1
                rank = rank_of[self.top]
                if rank < 13:
                    k = base + rank
                    for c in range(4):
                        if c != color and hands[k]:
                            buf[n] = k - base
                            n += 1
                        k += 13
                if hands[base + _W]:
                    buf[n] = 52
                    buf[n + 1] = 53
                    buf[n + 2] = 54
                    buf[n + 3] = 55
                    n += 4
                if hands[base + _W4]:
                    buf[n] = 56
                    buf[n + 1] = 57
                    buf[n + 2] = 58
                    buf[n + 3] = 59
                    n += 4
                if n and size == 2:
                    for i in range(n):
                        buf[n + i] = buf[i] | CALL
                    n += n
                buf[n] = DRAW
                n += 1
            if n == 1:
                m = buf[0]
                if m != DRAW:
                    rng.at = at
                    self.play(seat, m)
                    at = rng.at
                    continue
            else:
                if at == _LAGS:
                    rng.refill()
                    at = 0
                i = words[at] % n
                at += 1
                m = buf[i]
                if i and DRAW <= m <= KEEP:
                    if at == _LAGS:
                        rng.refill()
                        at = 0
                    i = words[at] % i
                    at += 1
                    m = buf[i]
                if i and m < DRAW and m & 63 >= _W:
                    if at == _LAGS:
                        rng.refill()
                        at = 0
                    i = words[at] % (i + 1)
                    at += 1
                    m = buf[i]
            if m >= DRAW:
                if (m != DRAW or not same or self.fixed or self.nstock <= self.nbottom
                        or self.left < players):
                    rng.at = at
                    self.play(seat, m)
                    at = rng.at
                    continue
                # play(DRAW) (and _take) for a draw from the shuffled pile, nobody resigned
                self.catchable = -1
                self.reveal = None
                self.moves = moves + 1
                ns = self.nstock
                nb = self.nbottom
                if at == _LAGS:
                    rng.refill()
                    at = 0
                j = nb + words[at] % (ns - nb)
                at += 1
                k = stock[j]
                ns -= 1
                stock[j] = stock[ns]
                self.nstock = ns
                hands[seat * 54 + k] += 1
                sizes[seat] = size + 1
                if k < _W:
                    color = color_of[k]
                    ccount[seat * 4 + color] += 1
                    if color != self.color and rank_of[k] != rank_of[self.top]:
                        seat += self.direction
                        if seat >= players:
                            seat = 0
                        elif seat < 0:
                            seat = players - 1
                        self.turn = seat
                        continue
                self.ask = DRAWN
                self.drawn = k
                continue
            if size == 2:
                m |= CALL
            if size < 2 or self.left < players:
                rng.at = at
                self.play(seat, m)
                at = rng.at
                continue
            # play() for a card that leaves a card or more, nobody resigned
            k = m & 63
            self.catchable = -1
            self.reveal = None
            self.ask = NONE
            if k < _W:
                kind = k
                color = color_of[k]
                ccount[seat * 4 + color] -= 1
                recent[seat] = (recent[seat] << 4 | 1 << color) & 0xFF
            elif k < 56:
                kind = _W
                color = k - 52
            else:
                kind = _W4
                color = k - 56
                old = self.color
                self.p4color = old
                self.p4illegal = old < 4 and ccount[seat * 4 + old] > 0
                self.p4seat = seat
            hands[seat * 54 + kind] -= 1
            size -= 1
            sizes[seat] = size
            npile = self.npile
            pile[npile] = kind
            self.npile = npile + 1
            self.top = kind
            self.color = color
            self.moves = moves + 1
            if size == 1:
                called[seat] = 1  # m calls UNO (above)
            rank = rank_of[kind]
            d = self.direction
            if rank == 11:  # a reverse; between two it acts as a skip
                d = -d
                self.direction = d
                if players == 2:
                    self.turn = seat
                    continue
            # the next seat (nobody has resigned), and for S and +2 the one after
            nxt = seat + d
            if nxt >= players:
                nxt = 0
            elif nxt < 0:
                nxt = players - 1
            if rank < 10 or rank == 11 or rank > 12:
                self.turn = nxt
                if kind == _W4:
                    self.ask = PLUS4
                continue
            if rank == 12:
                rng.at = at
                self._take(nxt, 2)
                at = rng.at
            nxt += d
            if nxt >= players:
                nxt = 0
            elif nxt < 0:
                nxt = players - 1
            self.turn = nxt

    @classmethod
    def match_over(cls, totals, options, hands_played):
        if options.get("mode") == "single":
            return hands_played >= 1
        target = options.get("target", 500)
        for t in totals:
            if t >= target:
                return True
        return False

    @classmethod
    def match_ranks(cls, match):
        """Standard: by totals. Single hand: the hand's winner first, the rest by
        fewest card points left in hand. Resigned seats last either way."""
        game = match.game
        last = match.resigned
        if match.options.get("mode") != "single" or game is None:
            return ranks(match.totals, last)
        keys = []
        for s in range(match.players):
            keys.append(1 if s == game.winner else -(1000 + game.hand_points(s)))
        return ranks(keys, last)


# UnoView.rest: a few small numbers, then per seat out / called / recent, then the discard pile
_REST_NBOTTOM = const(0)
REST_P4SEAT = const(1)
REST_P4COLOR = const(2)
_REST_WINNER = const(3)  # + 1 (read by View.sample alone: no property of its own)
_REST_PENALTY = const(4)
REST_SEATS = const(5)


class UnoView(View):
    """What one seat of an UNO hand may see.

    Presentation fields for the screens: piece_kind "card", table_kind "pile",
    hand_list(), sizes, top, color (4 while a first W waits for its colour),
    direction, stock, discard, pending (None, "+4", "color", "drawn"), reveal
    (the +4 player's cards, to the challenger only, right after a challenge).

    The rarely read fields are packed in the bytes `rest` (offsets below)."""

    piece_kind = "card"
    table_kind = "pile"
    game_class = Uno
    _hand_stride = 0  # for Uno.legal: one hand, not one per seat
    _color_stride = 0

    def __init__(self, game, seat):
        self.seat = seat
        players = game.players
        self.players = players
        self.turn = game.turn
        self.hands = game.hands[seat * 54 : seat * 54 + 54]  # our hand only: 54 counts
        self.ccount = game.ccount[seat * 4 : seat * 4 + 4]  # our coloured cards per colour
        self.sizes = bytes(game.sizes)
        self.top = game.top
        self.color = game.color
        self.direction = game.direction
        self.stock = game.nstock
        self.discard = game.npile
        self.reveal = game.reveal if game.reveal_to == seat else None
        self.scores = list(game.scores)
        self.ask = game.ask
        self.catchable = game.catchable
        self.drawn = game.drawn if game.ask == DRAWN and game.turn == seat else -1
        rest = bytearray(REST_SEATS + 3 * players + game.npile)
        rest[_REST_NBOTTOM] = game.nbottom
        rest[REST_P4SEAT] = game.p4seat + 1
        rest[REST_P4COLOR] = game.p4color
        rest[_REST_WINNER] = game.winner + 1
        rest[_REST_PENALTY] = game.penalty
        i = REST_SEATS
        rest[i : i + players] = game.out
        rest[i + players : i + 2 * players] = game.called
        rest[i + 2 * players : i + 3 * players] = game.recent
        rest[i + 3 * players :] = memoryview(game.pile)[: game.npile]
        self.rest = rest

    # the game's own: neither reads more of the hand than the move
    move_piece = Uno.move_piece
    move_text = Uno.move_text

    def hand_list(self):
        """Own cards sorted by colour then rank (kind order), repeats included."""
        return Uno.hand_kinds(self, 0)  # a view's hands: its own 54 counts

    @property
    def pending(self):
        """What the seat to act must answer: None, "+4", "color" or "drawn"."""
        return PENDING_TEXT[self.ask]

    def legal(self, out):
        seat = self.seat
        if seat != self.turn:
            c = self.catchable
            if c < 0 or self.turn < 0 or self.rest[REST_SEATS + seat]:
                return 0
            out[0] = UNO if c == seat else CATCH + c
            return 1
        return Uno.legal(self, seat, out)

    def sample(self, rng, world=None):
        return _sample(self, rng, world)



# -- the start of a hand ------------------------------------------------------
def _clear(game, dealer):
    game.dealer = dealer
    left = game.players
    for s in range(game.players):
        left -= game.out[s]
    game.left = left  # seats still in
    game.nstock = 0
    game.nbottom = 0
    game.fixed = False
    game.npile = 0
    game.top = 0
    game.color = 0
    game.direction = 1
    game.turn = -1
    game.ask = NONE
    game.drawn = -1
    game.p4seat = -1
    game.p4color = 0
    game.p4illegal = False
    game.catchable = -1
    game.winner = -1
    game.moves = 0


def _deal(game, deal):
    seats = game.left
    dealt = _HAND * seats
    rng = game.rng
    if deal is None:
        order = cards.deck()
        rng.shuffle(order, 108, dealt + 1)
        fixed = False
    else:
        order = bytearray(deal)
        from pips.checks import check_deal

        check_deal(order, cards.deck(), cards.text)
        fixed = True
    # W+4 turned up goes to the bottom of the draw pile and the next card is turned
    bottom = 0
    while order[dealt] == _W4:
        if fixed:
            order[dealt:] = order[dealt + 1 :] + order[dealt : dealt + 1]
        else:
            last = 107 - bottom
            j = dealt + 1 + rng.below(last - dealt)
            order[dealt] = order[j]
            order[j] = order[last]
            order[last] = _W4
            bottom += 1
    first = game._next(game.dealer)
    seat = first
    hands = game.hands
    i = 0
    for _ in range(seats):
        base = seat * 54
        for k in order[i : i + _HAND]:
            hands[base + k] += 1
            if k < _W:
                game.ccount[seat * 4 + COLOR[k]] += 1
        game.sizes[seat] = _HAND
        i += _HAND
        seat = game._next(seat)
    top = order[dealt]
    game.pile[0] = top
    game.npile = 1
    game.top = top
    rest = 107 - dealt
    stock = game.stock
    for j in range(rest):
        stock[j] = order[107 - j]
    game.nstock = rest
    game.nbottom = bottom
    game.fixed = fixed
    # the first card's effect
    rank = RANK[top]
    game.turn = first
    if top == _W:
        game.color = 4
        game.ask = NAME_COLOR
        return
    game.color = COLOR[top]
    if rank == 12:
        game._take(first, 2)
        game.turn = game._next(first)
    elif rank == 10:
        game.turn = game._next(first)
    elif rank == 11:
        game.direction = -1
        game.turn = game.dealer if seats == 2 else game._next(game.dealer)


# -- notation and refusals ------------------------------------------------------
def _move_text(move):
    """Uno.move_text (and UnoView's): `R7`, `W+4:G`, `R7 uno`, `draw`, `catch 2`..."""
    if move < DRAW:
        kind, color = _card(move)
        if kind < 0:
            return "?%d" % move
        s = cards.text(kind, color if kind >= WILD else NO_COLOR)
        return s + " uno" if move & CALL else s
    if move >= CATCH:
        return "catch %d" % (move - CATCH)
    if COLOR_MOVE <= move < COLOR_MOVE + 4:
        return "color " + COLORS[move - COLOR_MOVE]
    if move <= CHALLENGE:
        return _WORDS[move - DRAW]
    if move == UNO:
        return "uno"
    if move == RESIGN:
        return "resign"
    return "?%d" % move


def _refuse(game, reason, seat, move):
    """The ValueError of Uno.play refusing `move` from `seat`, for one of the
    reasons _NO_SUCH_MOVE .. _NOT_TURN."""
    kind = game.move_piece(move) if reason else -1
    if reason == _NO_SUCH_MOVE:
        text = "no such move in UNO: %r" % (move,)
    elif reason == _ANSWER_FIRST:
        text = "seat %d must answer first (%s)" % (seat, PENDING_TEXT[game.ask])
    elif reason == _NOT_IN_HAND:
        text = "%s is not in seat %d's hand" % (cards.text(kind), seat)
    elif reason == _NOT_DRAWN:
        text = "after drawing only the drawn card (%s) may be played" % cards.text(game.drawn)
    elif reason == _NO_MATCH:
        text = "%s does not match %s on %s" % (
            cards.text(kind),
            COLORS[game.color],
            cards.text(game.top),
        )
    elif reason == _LATE_CALL:
        text = "UNO is called with the second-to-last card only"
    elif reason == _NO_KEEP:
        text = "keep only after drawing a playable card"
    elif reason == _NO_PLUS4:
        text = "%s answers a +4 only" % game.move_text(move)
    elif reason == _NO_NAMING:
        text = "a colour is named this way only for a first card W"
    elif reason == _HAND_OVER:
        text = "the hand is over"
    elif reason == _NOT_IN:
        text = "seat %r is not in the hand" % (seat,)
    elif reason == _NO_MISSED:
        text = "seat %d has no missed UNO to call" % seat
    elif reason == _NO_CATCH:
        text = "seat %d cannot be caught now" % (move - CATCH)
    elif reason == _SELF_CATCH:
        text = "a seat cannot catch itself: call uno"
    else:  # _NOT_TURN
        text = "it is seat %d's turn, not seat %d's" % (game.turn, seat)
    return ValueError(text)


# -- the smart bots' rollouts and View.sample -----------------------------------
# -- View.sample ------------------------------------------------------------------
def _sample(view, rng, world=None):
    """A whole hand consistent with this view: the unseen cards (the deck less
    our hand, the discard pile, the known W+4s at the bottom of the draw pile,
    and a +4 player's cards just revealed to us) dealt at random to the other
    hands and the draw pile. `world` (a hand from an earlier call) is refilled;
    without one, a spare hand shared by every view is. The unseen cards are
    counted once a view (a smart bot samples its view every round)."""
    global _spare, _unseen_n, _unseen_of
    players = view.players
    if world is None:
        world = _spare
        if world is None or world.players != players:
            world = _spare = Uno(players)
    if _unseen_of is not view.rest:
        # another view: the cards it cannot place, as kinds into _unseen
        _unseen_of = view.rest
        counts = bytearray(COPIES)
        hand = view.hands
        for k in range(54):
            counts[k] -= hand[k]
        rest = view.rest
        for i in range(REST_SEATS + 3 * players, len(rest)):
            counts[rest[i]] -= 1
        counts[_W4] -= rest[_REST_NBOTTOM]
        if view.reveal is not None:
            for k in view.reveal:
                counts[k] -= 1
        n = 0
        for k in range(54):
            for _ in range(counts[k]):
                _unseen[n] = k
                n += 1
        _unseen_n = n
    _deal_unseen(view, world, rng, _unseen_n)
    return _public(view, world, rng)


def _deal_unseen(view, world, rng, n):
    """Deal the `n` unseen cards (_unseen) into world."""
    players = view.players
    seat = view.seat
    reveal = view.reveal
    p4seat = view.rest[REST_P4SEAT] - 1
    p4color = view.rest[REST_P4COLOR]
    known = p4seat if reveal is not None else -1
    need = 0
    for s in range(players):
        if s != seat:
            need += view.sizes[s]
    if known >= 0:
        need -= len(reveal)
    # the other hands take a random `need` cards off the front, the rest is the draw pile
    stock = world.stock
    nb = view.rest[_REST_NBOTTOM]
    for j in range(nb):
        stock[j] = _W4
    deal = world.pile  # scratch until the discard pile is copied in
    deal[:n] = memoryview(_unseen)[:n]
    steps = need if need < n else n - 1
    hands = world.hands
    ccount = world.ccount
    for s in range(players):  # seat by seat: no 540-byte temporary each rollout
        hands[s * 54 : s * 54 + 54] = view.hands if s == seat else _ZERO54
        ccount[s * 4 : s * 4 + 4] = view.ccount if s == seat else _ZERO4
    # Rng.shuffle(deal, n, steps) done card by card as each is dealt: the
    # same swaps and the same numbers, drawn inline (pips.rng: 12 us a number on the emulated M0)
    words = rng.words
    at = rng.at
    i = 0
    for s in range(players):
        if s == seat:
            continue
        base = s * 54
        c4 = s * 4
        size = view.sizes[s]
        if s == known:
            for k in reveal:
                hands[base + k] += 1
                if k < _W:
                    ccount[c4 + COLOR[k]] += 1
            size -= len(reveal)
        while size:
            if i < steps:
                if at == _LAGS:
                    rng.refill()
                    at = 0
                j = i + words[at] % (n - i)
                at += 1
                k = deal[j]
                deal[j] = deal[i]
                deal[i] = k
            else:
                k = deal[i]
            i += 1
            hands[base + k] += 1
            if k < _W:
                ccount[c4 + COLOR[k]] += 1
            size -= 1
    rng.at = at
    stock[nb : nb + n - need] = memoryview(deal)[need:n]
    world.nstock = nb + n - need
    world.p4illegal = False
    if view.ask == PLUS4:
        # unknown to us: whether that +4 was a bluff; the cards dealt decide
        world.p4illegal = p4color < 4 and ccount[p4seat * 4 + p4color] > 0


def _public(view, world, rng):
    """Everything but the hidden cards, from the view."""
    players = view.players
    rest = view.rest
    i = REST_SEATS
    world.nbottom = rest[_REST_NBOTTOM]
    world.fixed = False
    world.pile[: view.discard] = memoryview(rest)[i + 3 * players :]
    world.npile = view.discard
    world.sizes[:] = view.sizes
    world.out[:] = memoryview(rest)[i : i + players]
    world.called[:] = memoryview(rest)[i + players : i + 2 * players]
    world.recent[:] = memoryview(rest)[i + 2 * players : i + 3 * players]
    left = players
    for s in range(players):
        left -= rest[i + s]
    world.left = left
    world.dealer = 0
    world.top = view.top
    world.color = view.color
    world.direction = view.direction
    world.turn = view.turn
    # another seat's drawn card is unknown to us: let it play on as a normal turn
    world.ask = view.ask if view.ask != DRAWN or view.drawn >= 0 else NONE
    world.drawn = view.drawn
    world.p4seat = rest[REST_P4SEAT] - 1
    world.p4color = rest[REST_P4COLOR]
    world.catchable = view.catchable
    world.reveal = None
    world.reveal_to = -1
    world.winner = rest[_REST_WINNER] - 1
    world.moves = 0
    for s in range(players):
        world.scores[s] = view.scores[s]
    world.rng = rng
    world.penalty = rest[_REST_PENALTY]
    return world


_ZERO54 = bytes(54)
_ZERO4 = bytes(4)
_spare = None  # the hand View.sample refills when given none
# View.sample's unseen cards, as kinds, and how many, for the view they were
# counted for: known by its `rest` (bytes of its own, made with it), so that a
# finished decision's view is not kept
_unseen = bytearray(108)
_unseen_n = 0
_unseen_of = None


GAME = Uno
