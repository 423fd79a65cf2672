"""UNO's notation, the referee's table, match ranks and what the screens ask of a
view: what a bots-only match never needs, kept out of pips.uno so that the
device's heap holds less."""

from pips import cards
from pips.cards import WILD
from pips.compat import const
from pips.uno import DRAW, KEEP, ACCEPT, CHALLENGE, COLOR_MOVE, UNO, RESIGN, CATCH, PENDING_TEXT
from pips.uno import NAME, NONE
from pips.uno import _card

_CALL = const(64)  # pips.uno's UNO flag on a card move
_NAMES = ("draw", "keep", "accept", "challenge")  # DRAW .. CHALLENGE


def move_text(game, move):
    """Uno.move_text (and UnoView's): `R7`, `W+4:G`, `R7 uno`, `draw`, `catch 2`..."""
    if move < DRAW:
        kind, color = _card(move)
        if kind < 0:
            return "?%d" % move
        s = cards.text(kind, color if kind >= WILD else cards.NO_COLOR)
        return s + " uno" if move & _CALL else s
    if move >= CATCH:
        return "catch %d" % (move - CATCH)
    if COLOR_MOVE <= move < COLOR_MOVE + 4:
        return "color " + cards.COLORS[move - COLOR_MOVE]
    if move <= CHALLENGE:
        return _NAMES[move - DRAW]
    if move == UNO:
        return "uno"
    if move == RESIGN:
        return "resign"
    return "?%d" % move


class ViewText:
    """UnoView's methods for the screens (see pips.game.View)."""

    def hand_list(self):
        """Own cards sorted by colour then rank (kind order), repeats included."""
        out = []
        for k in range(54):
            for _ in range(self.hands[k]):
                out.append(k)
        return out

    @property
    def pending(self):
        """What the seat to act must answer: None, "+4", "color" or "drawn"."""
        return PENDING_TEXT[self.ask]

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


def match_ranks(match):
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


RULES = (
    "Match the top card by colour, number or symbol. W and W+4 go on anything"
    " and name the colour.",
    "Can't or won't play? Draw one; you may play it at once or keep it.",
    "S skips the next player, V reverses, +2 makes them draw 2 and miss the turn.",
    "W+4: the next player draws 4 and misses the turn, or challenges: a bluff"
    " (you held the colour) costs you 4, an honest +4 costs them 6.",
    "Going down to one card: press UNO! with the card. Others can catch"
    " a missed call for a 4-card penalty (or 2).",
    "First out scores the cards left in the other hands: numbers at face"
    " value, S V +2 20, W W+4 50.",
    "First to the target (500 or 200) wins; single-hand mode ends after one hand.",
)


def resign(self, seat):
    """Uno._resign: the seat's cards go into the draw pile and it leaves the hand
    (the hand ends when one seat is left). Rare, so kept out of pips.uno."""
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
