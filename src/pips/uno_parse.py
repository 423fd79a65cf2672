"""Reading UNO moves as the terminal and the referee type them, the referee's
table (Uno.parse_move, Uno.info), what is said when a move is refused, and
resigning: loaded only where moves are typed (the handheld offers legal moves
only, and resigns from its pause menu with parse_move(seat, "resign"))."""

from pips import cards
from pips.uno import DRAW, KEEP, ACCEPT, CHALLENGE, COLOR_MOVE, UNO, RESIGN, CATCH, PENDING_TEXT
from pips.uno import NAME, NONE
from pips.uno import _card

_WORDS = {"draw": DRAW, "keep": KEEP, "accept": ACCEPT, "challenge": CHALLENGE, "uno": UNO,
          "resign": RESIGN}


def parse_move(self, seat, text):
    """Uno.parse_move: `R7`, `W:G`, `R7 uno`, `draw`, `catch 2`, `color G`... (any case)."""
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
    if kind >= 52:
        if color >= 4:
            raise ValueError("a wild names its colour: %s:G" % cards.text(kind))
        move = (52 if kind == 52 else 56) + color
    else:
        move = kind
    return move | 64 if len(words) == 2 else move


def info(self):
    """Uno.info: the whole table for the referee."""
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


def refusal(game, reason, seat, move):
    """The ValueError of Uno.play refusing `move` from `seat`;
    `reason` numbers the reasons as pips.uno's _NO_SUCH_MOVE .. _NOT_TURN (0..14)."""
    kind = _card(move)[0]
    if reason == 0:
        text = "no such move in UNO: %r" % (move,)
    elif reason == 1:
        text = "seat %d must answer first (%s)" % (seat, PENDING_TEXT[game.ask])
    elif reason == 2:
        text = "%s is not in seat %d's hand" % (cards.text(kind), seat)
    elif reason == 3:
        text = "after drawing only the drawn card (%s) may be played" % cards.text(game.drawn)
    elif reason == 4:
        text = "%s does not match %s on %s" % (
            cards.text(kind),
            cards.COLORS[game.color],
            cards.text(game.top),
        )
    elif reason == 5:
        text = "UNO is called with the second-to-last card only"
    elif reason == 6:
        text = "keep only after drawing a playable card"
    elif reason == 7:
        text = "%s answers a +4 only" % game.move_text(move)
    elif reason == 8:
        text = "a colour is named this way only for a first card W"
    elif reason == 9:
        text = "the hand is over"
    elif reason == 10:
        text = "seat %r is not in the hand" % (seat,)
    elif reason == 11:
        text = "seat %d has no missed UNO to call" % seat
    elif reason == 12:
        text = "seat %d cannot be caught now" % (move - CATCH)
    elif reason == 13:
        text = "a seat cannot catch itself: call uno"
    else:
        text = "it is seat %d's turn, not seat %d's" % (game.turn, seat)
    return ValueError(text)


def resign(self, seat):
    """Uno.play on RESIGN (from any seat still in): the seat's cards go into the
    draw pile and it leaves the hand (the hand ends when one seat is left).
    Rare, so kept out of pips.uno and pips.uno_text."""
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
        if self.ask != NAME:
            self.ask = NONE
        self.turn = self._next(seat)
