"""UNO's words that only a desktop needs: reading a move written out
(Uno.parse_move), the referee's table (Uno.info) and why a move is refused
(the ValueError of Uno.play). Imported when first asked, so a handheld,
whose screens offer legal moves only, never holds them.
"""

from pips import cards
from pips.games.uno import (
    ACCEPT, CATCH, CHALLENGE, COLOR_MOVE, DRAW, KEEP, PENDING_TEXT, RESIGN, UNO, _card,
)

_WORDS = {"draw": DRAW, "keep": KEEP, "accept": ACCEPT, "challenge": CHALLENGE, "uno": UNO,
          "resign": RESIGN}


def parse_move(self, seat, text):
    """Uno.parse_move: `R7`, `W:G`, `R7 uno`, `draw`, `catch 2`, `color G`... (any case)."""
    typed = text.split()
    if not typed:
        raise ValueError("empty move")
    words = [word.lower() for word in typed]
    w = words[0]
    if w in _WORDS:
        if len(words) > 1:
            raise ValueError("%s takes nothing after it: %r" % (w, text))
        return _WORDS[w]
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
    `reason` numbers the reasons as _NO_SUCH_MOVE .. _NOT_TURN (0..14)."""
    kind = _card(move)[0] if reason else -1
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
