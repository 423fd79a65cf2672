"""UNO, rules in shared/rules/uno.md (the 108-card game, 2 to 10 players).

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

from pips.compat import const
from pips.game import Game, View
from pips import cards
from pips.cards import COLOR, RANK, POINTS

_HAND = const(7)
_W = const(52)
_W4 = const(53)
_CALL = const(64)  # the UNO flag on a card move
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
NAME = const(2)  # name the colour of a first card W
DRAWN = const(3)  # play the card just drawn, or keep it
PENDING_TEXT = (None, "+4", "color", "drawn")

# Why a move is refused: Uno.play raises _refusal(...), whose
# texts are in pips.uno_parse (numbered alike there). The handheld offers legal
# moves only: their code and strings need not sit in the heap every hand needs.
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


def _refusal(game, reason, seat, move):
    """The ValueError for refusing `move` from `seat` (`reason` above), to raise."""
    from pips.uno_parse import refusal

    return refusal(game, reason, seat, move)


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
    name = "uno"
    title = "UNO"
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
    # few decide most of what a move is worth.
    playout_moves = 18
    # The smart bot's budget per decision (rollouts shared among the moves): a
    # decision stays near 6 ms on the MicroPython unix port with 10 players.
    smart_rollouts = 64
    # Chance in percent, by bot level, that a bot notices a missed UNO in time (to
    # catch it, or to call its own late): bots asked out of turn consult it.
    reaction = {"random": 20, "greedy": 60, "smart": 90}

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
        # the start of a hand: its code is loaded for it, then dropped (pips.uno_deal)
        from pips.uno_deal import start

        start(self, rng, deal, first)

    @classmethod
    def rules(cls):
        from pips.uno_rules import RULES

        return RULES

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
                    out[n + i] = out[i] | _CALL
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
                    out[n + i] = out[i] | _CALL
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
        if seat != self.turn or move >= UNO or seat < 0:
            # moves any seat may make: a catch, a late UNO, resigning
            if self.turn < 0:
                raise _refusal(self, _HAND_OVER, seat, move)
            if not 0 <= seat < self.players or self.out[seat]:
                raise _refusal(self, _NOT_IN, seat, move)
            c = self.catchable
            if move == UNO:
                if c != seat:
                    raise _refusal(self, _NO_MISSED, seat, move)
                self.called[seat] = 1
            elif move == RESIGN:
                from pips.uno_parse import resign  # rare: kept out of this module

                resign(self, seat)
                return
            elif CATCH <= move < CATCH + self.players:
                target = move - CATCH
                if c < 0 or target != c:
                    raise _refusal(self, _NO_CATCH, seat, move)
                if target == seat:
                    raise _refusal(self, _SELF_CATCH, seat, move)
                self._take(target, self.penalty)
            elif move < UNO:
                raise _refusal(self, _NOT_TURN, seat, move)
            else:
                raise _refusal(self, _NO_SUCH_MOVE, seat, move)
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
                raise _refusal(self, _NO_SUCH_MOVE, seat, move)
            if ask and ask != DRAWN:
                raise _refusal(self, _ANSWER_FIRST, seat, move)
            hands = self.hands
            base = seat * 54
            if not hands[base + kind]:
                raise _refusal(self, _NOT_IN_HAND, seat, move)
            if ask:
                if kind != self.drawn:
                    raise _refusal(self, _NOT_DRAWN, seat, move)
            elif kind < _W and color != self.color and RANK[kind] != RANK[self.top]:
                raise _refusal(self, _NO_MATCH, seat, move)
            size = self.sizes[seat]
            if move & _CALL and size != 2:
                raise _refusal(self, _LATE_CALL, seat, move)
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
                if move & _CALL:
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
                raise _refusal(self, _ANSWER_FIRST, seat, move)
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
                raise _refusal(self, _NO_KEEP, seat, move)
            self.ask = NONE
        elif move == ACCEPT or move == CHALLENGE:
            if ask != PLUS4:
                raise _refusal(self, _NO_PLUS4, seat, move)
        elif COLOR_MOVE <= move < COLOR_MOVE + 4:
            if ask != NAME:
                raise _refusal(self, _NO_NAMING, seat, move)
        else:
            raise _refusal(self, _NO_SUCH_MOVE, seat, move)
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
        from pips.uno_text import move_text

        return move_text(self, move)

    def parse_move(self, seat, text):
        from pips.uno_parse import parse_move

        return parse_move(self, seat, text)

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
        hands = self.hands
        base = seat * 54
        total = 0
        for k in range(54):
            if hands[base + k]:
                total += hands[base + k] * POINTS[k]
        return total

    def info(self):
        from pips.uno_parse import info

        return info(self)

    def view(self, seat):
        return UnoView(self, seat)

    # -- bots' rollouts: pips.uno_think, loaded while the bots decide -------------
    # (the table lets it go while a human chooses, and once a bot has decided:
    # pips.ui.table, bot_module)
    bot_module = "pips.uno_think"
    # What the screens show of a move (pips.uno_text, loaded by move_text):
    # nothing keeps hold of it (hand_list and pending are UnoView's own),
    # so the table lets it go while a bot thinks and once a human's choices
    # are listed, and the next move's text loads it again: it and the bots'
    # side never share the heap.
    text_module = "pips.uno_text"

    def utility(self, seat):
        from pips.uno_think import utility

        return utility(self, seat)

    def playout(self, rng, buf):
        from pips.uno_think import playout

        playout(self, rng, buf)

    @staticmethod
    def distinct_moves(view, moves, n):
        from pips.uno_think import distinct_moves

        return distinct_moves(view, moves, n)

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
        from pips.uno_text import match_ranks

        return match_ranks(match)


# UnoView.rest: a few small numbers, then per seat out / called / recent, then the discard pile
_NBOTTOM = const(0)
_P4SEAT = const(1)
_P4COLOR = const(2)
_WINNER = const(3)  # + 1 (read by View.sample alone: no property of its own)
_PENALTY = const(4)
_SEATS = const(5)


class UnoView(View):
    """What one seat of an UNO hand may see.

    Presentation fields for the screens: piece_kind "card", table_kind "pile",
    hand_list(), sizes, top, color (4 while a first W waits for its colour),
    direction, stock, discard, pending (None, "+4", "color", "drawn"), reveal
    (the +4 player's cards, to the challenger only, right after a challenge).

    Every bot keeps its last view, so a view is kept small: 17 attributes at
    most (MicroPython's smallest attribute table), the rarely read ones packed
    in the bytes `rest` (pips.uno_bots and pips.uno_think read it with their
    own copies of the offsets below)."""

    piece_kind = "card"
    table_kind = "pile"
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
        rest = bytearray(_SEATS + 3 * players + game.npile)
        rest[_NBOTTOM] = game.nbottom
        rest[_P4SEAT] = game.p4seat + 1
        rest[_P4COLOR] = game.p4color
        rest[_WINNER] = game.winner + 1
        rest[_PENALTY] = game.penalty
        i = _SEATS
        rest[i : i + players] = game.out
        rest[i + players : i + 2 * players] = game.called
        rest[i + 2 * players : i + 3 * players] = game.recent
        rest[i + 3 * players :] = memoryview(game.pile)[: game.npile]
        self.rest = rest

    # the game's own: neither reads more of the hand than the move
    move_piece = Uno.move_piece
    move_text = Uno.move_text

    # what the screens read, here and not in pips.uno_text (see Uno.text_module)
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
            if c < 0 or self.turn < 0 or self.rest[_SEATS + seat]:
                return 0
            out[0] = UNO if c == seat else CATCH + c
            return 1
        return Uno.legal(self, seat, out)

    def sample(self, rng, world=None):
        from pips.uno_think import sample

        return sample(self, rng, world)


UnoView.game_class = Uno


def greedy(view, moves, n, rng):
    from pips.uno_bots import greedy as choose

    return choose(view, moves, n, rng)


Uno.greedy = staticmethod(greedy)
