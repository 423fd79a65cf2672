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
from pips.game import Game, new_rng
from pips.rng import Rng
from pips import cards
from pips.cards import COLOR, RANK, POINTS, COPIES

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

_WORDS = {"draw": DRAW, "keep": KEEP, "accept": ACCEPT, "challenge": CHALLENGE, "uno": UNO,
          "resign": RESIGN}


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
    out_of_turn = True  # other seats may catch a missed UNO, or call it late
    resign_in_hand = True
    resign_move = RESIGN  # accepted from any seat still in; not listed by legal()
    playout_moves = 0  # 0: rollouts play the hand out; >0 stops them after so many moves

    def __init__(self, players=2, options=None, rng=None, deal=None, first=-1, out=()):
        self.check_players(players)
        self.players = players
        opts = self.table(options)
        self.table_options = opts
        self.penalty = opts["penalty"]
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
            self.rng = Rng(0)
            self._clear(0)  # a blank hand for View.sample to fill
            return
        self.rng = rng = new_rng(rng) if rng is not None else Rng(0)
        for s in out:
            self.out[s] = 1
        self._clear(first if first >= 0 else rng.below(players))
        self._deal(deal)

    def _clear(self, dealer):
        self.dealer = dealer
        self.nout = 0
        for s in range(self.players):
            self.nout += self.out[s]
        self.left = self.players - self.nout
        self.nstock = 0
        self.nbottom = 0
        self.fixed = False
        self.npile = 0
        self.top = 0
        self.color = 0
        self.direction = 1
        self.turn = -1
        self.ask = NONE
        self.drawn = -1
        self.p4seat = -1
        self.p4color = 0
        self.p4illegal = False
        self.catchable = -1
        self.winner = -1
        self.moves = 0

    @classmethod
    def parse_deal(cls, text):
        return cards.parse_list(text)

    def _deal(self, deal):
        players = self.players
        seats = self.left
        dealt = _HAND * seats
        rng = self.rng
        if deal is None:
            order = cards.deck()
            rng.shuffle(order, 108, dealt + 1)
            fixed = False
        else:
            order = bytearray(deal)
            self.check_deal(order, cards.deck())
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
        first = self._next(self.dealer)
        seat = first
        hands = self.hands
        i = 0
        for _ in range(seats):
            base = seat * 54
            for k in order[i : i + _HAND]:
                hands[base + k] += 1
                if k < _W:
                    self.ccount[seat * 4 + COLOR[k]] += 1
            self.sizes[seat] = _HAND
            i += _HAND
            seat = self._next(seat)
        top = order[dealt]
        self.pile[0] = top
        self.npile = 1
        self.top = top
        rest = 107 - dealt
        stock = self.stock
        for j in range(rest):
            stock[j] = order[107 - j]
        self.nstock = rest
        self.nbottom = bottom
        self.fixed = fixed
        # the first card's effect
        rank = RANK[top]
        self.turn = first
        if top == _W:
            self.color = 4
            self.ask = NAME
            return
        self.color = COLOR[top]
        if rank == 12:
            self._take(first, 2)
            self.turn = self._next(first)
        elif rank == 10:
            self.turn = self._next(first)
        elif rank == 11:
            self.direction = -1
            self.turn = self.dealer if seats == 2 else self._next(self.dealer)

    def _next(self, seat):
        """The seat after `seat` in the direction of play, skipping resigned seats."""
        n = self.players
        d = self.direction
        seat += d
        if seat >= n:
            seat = 0
        elif seat < 0:
            seat = n - 1
        if self.nout:
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
                stock[:ns] = pile[:ns]
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
        ask = self.ask
        n = 0
        if ask == NONE:
            h = self.hands
            base = seat * 54
            color = self.color
            left = self.ccount[seat * 4 + color] if color < 4 else 0
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
        if seat != self.turn or move >= UNO:
            self._aside(seat, move)
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
                raise ValueError("no such move in UNO: %r" % (move,))
            hands = self.hands
            base = seat * 54
            if not hands[base + kind]:
                raise ValueError("%s is not in seat %d's hand" % (cards.text(kind), seat))
            if ask:
                if ask != DRAWN:
                    raise ValueError("seat %d must answer first: %s" % (seat, self._answers()))
                if kind != self.drawn:
                    raise ValueError(
                        "after drawing only the drawn card (%s) may be played"
                        % cards.text(self.drawn)
                    )
            elif kind < _W and color != self.color and RANK[kind] != RANK[self.top]:
                raise ValueError(
                    "%s does not match %s on %s"
                    % (cards.text(kind), cards.COLORS[self.color], cards.text(self.top))
                )
            size = self.sizes[seat]
            if move & _CALL and size != 2:
                raise ValueError("UNO is called with the second-to-last card only")
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
                raise ValueError("seat %d must answer first: %s" % (seat, self._answers()))
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
                raise ValueError("keep only after drawing a playable card")
            self.ask = NONE
        elif move == ACCEPT or move == CHALLENGE:
            if ask != PLUS4:
                raise ValueError("%s answers a +4 only" % self.move_text(move))
        elif COLOR_MOVE <= move < COLOR_MOVE + 4:
            if ask != NAME:
                raise ValueError("a colour is named this way only for a first card W")
        else:
            raise ValueError("no such move in UNO: %r" % (move,))
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

    def _answers(self):
        buf = bytearray(self.max_moves)
        n = self.legal(self.turn, buf)
        return ", ".join(self.move_text(buf[i]) for i in range(n))

    def _aside(self, seat, move):
        """Moves any seat may make: a catch, a late UNO, resigning."""
        turn = self.turn
        if turn < 0:
            raise ValueError("the hand is over")
        if not 0 <= seat < self.players or self.out[seat]:
            raise ValueError("seat %r is not in the hand" % (seat,))
        c = self.catchable
        if move == UNO:
            if c != seat:
                raise ValueError("seat %d has no missed UNO to call" % seat)
            self.called[seat] = 1
        elif move == RESIGN:
            self._resign(seat)
            return
        elif CATCH <= move < CATCH + self.players:
            target = move - CATCH
            if c < 0 or target != c:
                raise ValueError("seat %d cannot be caught now" % target)
            if target == seat:
                raise ValueError("a seat cannot catch itself: call uno")
            self._take(target, self.penalty)
        elif move < UNO:
            raise ValueError("it is seat %d's turn, not seat %d's" % (turn, seat))
        else:
            raise ValueError("no such move in UNO: %r" % (move,))
        self.catchable = -1
        self.reveal = None
        self.moves += 1

    def _resign(self, seat):
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
        self.nout += 1
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
            if self.ask != NAME:
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
        if move < DRAW:
            kind, color = _card(move)
            if kind < 0:
                return "?%d" % move
            s = cards.text(kind, color if kind >= _W else 4)
            return s + " uno" if move & _CALL else s
        if move >= CATCH:
            return "catch %d" % (move - CATCH)
        if COLOR_MOVE <= move < COLOR_MOVE + 4:
            return "color " + cards.COLORS[move - COLOR_MOVE]
        for word in _WORDS:
            if _WORDS[word] == move:
                return word
        return "?%d" % move

    def parse_move(self, seat, text):
        words = text.strip().lower().split()
        if not words:
            raise ValueError("empty move")
        w = words[0]
        if w in _WORDS:
            if len(words) > 1:
                raise ValueError("%s takes nothing after it: %r" % (w, text))
            return _WORDS[w]
        if w == "color" or w == "colour":
            if len(words) != 2:
                raise ValueError("name one colour: color R, Y, G or B")
            return COLOR_MOVE + cards.color_code(words[1])
        if w == "catch":
            if len(words) != 2:
                raise ValueError("catch a seat: catch 2")
            try:
                t = int(words[1])
            except ValueError:
                raise ValueError("not a seat: %r" % words[1])
            if not 0 <= t < self.players:
                raise ValueError("no seat %d at a %d-player table" % (t, self.players))
            return CATCH + t
        kind, color = cards.parse(w)
        if len(words) > 2 or (len(words) == 2 and words[1] != "uno"):
            raise ValueError("a card move is a card, then uno or nothing: %r" % text)
        if kind >= _W:
            if color >= 4:
                raise ValueError("a wild names its colour: %s:G" % cards.text(kind))
            move = (52 if kind == _W else 56) + color
        else:
            move = kind
        return move | _CALL if len(words) == 2 else move

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
        return {
            "hands": [[cards.text(k) for k in self.hand_kinds(s)] for s in range(self.players)],
            "stock": self.nstock,
            "top": cards.text(self.top),
            "color": cards.COLORS[self.color] if self.color < 4 else None,
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

    # -- bots' rollouts ----------------------------------------------------
    def utility(self, seat):
        """The hand's points as Game.utility once over; while it is still being
        played (a cut rollout), the others' average card points less our own."""
        if self.turn < 0:
            return Game.utility(self, seat)
        n = self.left
        others = 0
        for s in range(self.players):
            if s != seat and not self.out[s]:
                others += self.hand_points(s)
        return others // (n - 1) - self.hand_points(seat) if n > 1 else 0

    def playout(self, rng, buf):
        """Random play, leaning to playing a card: a draw (or keep) picked while
        cards are playable is picked again among the cards, which legal() lists
        first. With `playout_moves` set, stop after that many moves (utility()
        then weighs the cards left)."""
        limit = self.playout_moves
        stop = self.moves + limit if limit else 1 << 30
        while self.turn >= 0 and self.moves < stop:
            seat = self.turn
            n = self.legal(seat, buf)
            i = rng.below(n) if n > 1 else 0
            if i and DRAW <= buf[i] <= KEEP:
                i = rng.below(i)
            self.play(seat, buf[i])

    # -- matches -------------------------------------------------------------
    @classmethod
    def match_over(cls, totals, options, hands_played):
        if options.get("mode") == "single":
            return hands_played >= 1
        return _reached(totals, options)

    @classmethod
    def match_ranks(cls, match):
        """Standard: by totals. Single hand: the hand's winner first, the rest by
        fewest card points left in hand. Resigned seats last either way."""
        from pips.match import ranks

        game = match.game
        last = match.resigned
        if match.options.get("mode") != "single" or game is None:
            return ranks(match.totals, last)
        n = match.players
        keys = []
        for s in range(n):
            keys.append(1 if s == game.winner else -(1000 + game.hand_points(s)))
        return ranks(keys, last)


def _reached(totals, options):
    target = options.get("target", 500)
    for t in totals:
        if t >= target:
            return True
    return False


class UnoView:
    """What one seat of an UNO hand may see.

    Presentation fields for the screens: piece_kind "card", table_kind "pile",
    hand_list(), sizes, top, color (4 while a first W waits for its colour),
    direction, stock, discard, pending (None, "+4", "color", "drawn"), reveal
    (the +4 player's cards, to the challenger only, right after a challenge)."""

    piece_kind = "card"
    table_kind = "pile"

    def __init__(self, game, seat):
        self.game_class = type(game)
        self.seat = seat
        players = game.players
        self.players = players
        self.table_options = game.table_options
        self.turn = game.turn
        self.dealer = game.dealer
        # own hand only: Uno.legal reads these like the game's own arrays
        base = seat * 54
        self.hands = bytearray(players * 54)
        self.hands[base : base + 54] = game.hands[base : base + 54]
        self.ccount = bytearray(players * 4)
        self.ccount[seat * 4 : seat * 4 + 4] = game.ccount[seat * 4 : seat * 4 + 4]
        self.sizes = bytes(game.sizes)
        self.out = bytes(game.out)
        self.called = bytes(game.called)
        self.recent = bytes(game.recent)
        self.top = game.top
        self.color = game.color
        self.direction = game.direction
        self.stock = game.nstock
        self.nbottom = game.nbottom
        self.discard = game.npile
        self.pile = bytes(game.pile[: game.npile])
        self.ask = game.ask
        self.pending = PENDING_TEXT[game.ask]
        self.drawn = game.drawn if game.ask == DRAWN and game.turn == seat else -1
        self.p4seat = game.p4seat
        self.p4color = game.p4color
        self.catchable = game.catchable
        self.reveal = game.reveal if game.reveal_to == seat else None
        self.moves = game.moves
        self.winner = game.winner
        self.scores = list(game.scores)
        self.left = game.left

    def hand_list(self):
        """Own cards sorted by colour then rank (kind order), repeats included."""
        return Uno.hand_kinds(self, self.seat)

    def move_piece(self, move):
        return _card(move)[0]

    def move_text(self, move):
        return Uno.move_text(self, move)

    def legal(self, out):
        return Uno.legal(self, self.seat, out)

    def sample(self, rng, world=None):
        """A whole hand consistent with this view: the unseen cards (the deck less
        our hand, the discard pile, the known W+4s at the bottom of the draw pile,
        and a +4 player's cards just revealed to us) dealt at random to the other
        hands and the draw pile."""
        players = self.players
        if world is None:
            world = Uno(players, self.table_options)
        seat = self.seat
        counts = world.hands  # used as the unseen counts first
        for i in range(players * 54):
            counts[i] = 0
        unseen = counts  # kinds 0..53 of seat 0's block: rebuilt below
        for k in range(54):
            unseen[k] = COPIES[k] - self.hands[seat * 54 + k]
        for k in self.pile:
            unseen[k] -= 1
        unseen[_W4] -= self.nbottom
        reveal = self.reveal
        if reveal is not None:
            for k in reveal:
                unseen[k] -= 1
        pool = world.stock
        n = 0
        for k in range(54):
            for _ in range(unseen[k]):
                pool[n] = k
                n += 1
            unseen[k] = 0
        # now deal: sizes of the other seats come off a shuffled front of the pool
        need = 0
        for s in range(players):
            if s != seat:
                need += self.sizes[s]
        if reveal is not None:
            need -= len(reveal)
        rng.shuffle(pool, n, need)
        hands = world.hands
        ccount = world.ccount
        for i in range(players * 4):
            ccount[i] = 0
        i = 0
        for s in range(players):
            base = s * 54
            if s == seat:
                hands[base : base + 54] = self.hands[base : base + 54]
                ccount[s * 4 : s * 4 + 4] = self.ccount[s * 4 : s * 4 + 4]
                continue
            size = self.sizes[s]
            if reveal is not None and s == self.p4seat:
                for k in reveal:
                    hands[base + k] += 1
                    if k < _W:
                        ccount[s * 4 + COLOR[k]] += 1
                size -= len(reveal)
            for _ in range(size):
                k = pool[i]
                i += 1
                hands[base + k] += 1
                if k < _W:
                    ccount[s * 4 + COLOR[k]] += 1
        # the rest is the draw pile: known W+4s at the bottom, the others above
        stock = world.stock
        rest = n - i
        nb = self.nbottom
        stock[nb : nb + rest] = pool[i:n]
        for j in range(nb):
            stock[j] = _W4
        world.nstock = rest + nb
        world.nbottom = nb
        world.fixed = False
        world.pile[: self.discard] = self.pile
        world.npile = self.discard
        world.sizes[:] = self.sizes
        world.out[:] = self.out
        world.called[:] = self.called
        world.recent[:] = self.recent
        world.nout = players - self.left
        world.left = self.left
        world.dealer = self.dealer
        world.top = self.top
        world.color = self.color
        world.direction = self.direction
        world.turn = self.turn
        world.ask = self.ask if self.ask != DRAWN or self.drawn >= 0 else NONE
        world.drawn = self.drawn
        world.p4seat = self.p4seat
        world.p4color = self.p4color
        world.p4illegal = False
        if self.ask == PLUS4:
            # unknown to us: whether that +4 was a bluff; guess from the cards dealt
            b = self.p4seat
            world.p4illegal = self.p4color < 4 and ccount[b * 4 + self.p4color] > 0
        world.catchable = self.catchable
        world.reveal = None
        world.reveal_to = -1
        world.winner = self.winner
        world.moves = self.moves
        for s in range(players):
            world.scores[s] = self.scores[s]
        world.rng = rng
        return world


def greedy(view, moves, n, rng):
    from pips.uno_bots import greedy as choose

    return choose(view, moves, n, rng)


Uno.greedy = staticmethod(greedy)
