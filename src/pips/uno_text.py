"""What the screens show of UNO: move text, match ranks, a view's hand list and
pending answer, and the rare resignation. A bots-only match never needs it,
so it is kept out of pips.uno and the device's heap holds less. Reading moves
(pips.uno_parse) and the rules page (pips.uno_rules) are modules of their own:
the handheld never reads a typed move."""

from pips import cards
from pips.cards import WILD
from pips.compat import const
from pips.uno import DRAW, CHALLENGE, COLOR_MOVE, UNO, RESIGN, CATCH, PENDING_TEXT
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
