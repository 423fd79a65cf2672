"""Reading UNO moves as the terminal and the referee type them, and the
referee's table (Uno.parse_move, Uno.info): loaded only where moves are typed."""

from pips import cards
from pips.uno import DRAW, KEEP, ACCEPT, CHALLENGE, COLOR_MOVE, UNO, RESIGN, CATCH, PENDING_TEXT

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
