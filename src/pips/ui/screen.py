"""What every screen is, and what every surface tells of a table.

A screen: `enter()` draws it whole, `frame(presses, now)` updates it,
`leave()` forgets what is drawn when another screen comes. A screen goes to
another through its App: `self.app.open(OtherScreen, ...)` for a new one,
`self.app.go(screen)` back to one that exists.

What happened at a table, told in short lines: the one path from a game to
the messages of every surface (the table's message band, the hand result,
and the terminal game, pips_sim.term_play). Nothing here knows a game by
name, and a game reports nothing itself: a move's events are read from what
the views show before and after it (the hand sizes, the viewer's own
pieces, the turn, a question put to a seat, the top card) and from the
move's text. A game's `dealer` (UNO's) is named at the deal, and its class
attribute `blocked_text` words a hand that ends with nobody out ("blocked:
lowest count wins"). What a seat takes in (drawn, a penalty, tiles taken
back) is shown piece by piece only to its holder (the viewer); the others
read the count. The words are mostly whole phrases of 11 characters or more:
on the device a shorter string is a name, and every name is interned for
good (docs/figures.md).

A PagedScreen is a screen of text a page at a time: a title, a few heading
lines, rows paged with LEFT/RIGHT when they do not fit, and a footer. The
results, the rules page and the statistics are such screens.
"""

from pips.ui import keys as K
from pips.ui.palette import PANEL, HIGHLIGHT, FELT, DIM


def seat_name(seat):
    """P1, P2...: every surface's name for a seat (seat 0 is P1)."""
    return "P%d" % (seat + 1)


def label(text):
    """A move's text as a player reads it, on its button and in the events:
    capitalised, the call `uno` reads UNO!, and a trailing seat number
    (`catch 2`) names the seat as the status strip does (`Catch P3`)."""
    parts = text.split(" ")
    for i in range(len(parts)):
        if parts[i] == "uno":
            parts[i] = "UNO!"
    last = parts[-1]
    if len(parts) > 1 and last.isdigit():
        parts[-1] = seat_name(int(last))
    out = " ".join(parts)
    return out[:1].upper() + out[1:]


def over(game, view):
    """How the hand ended when nobody went out (the game's `blocked_text`),
    else None; `view`: any seat's view of the game."""
    blocked = getattr(game, "blocked_text", None)  # (a long name: interned only when asked)
    if blocked is None or game.turn >= 0:
        return None
    for size in getattr(view, "sizes", b""):
        if size == 0:
            return None
    return blocked


def deal(game, view):
    """The lines of a new hand: who deals or starts; at a pile table, the
    first card turned up and what it did (pips.ui.table_pile.deal: who took
    cards, the direction, who plays). `view`: the viewer's view of the game
    (any seat's, when nobody holds the device)."""
    dealer = getattr(game, "dealer", -1)
    if dealer >= 0:
        head = "%s is the dealer" % seat_name(dealer)
    else:
        head = "%s plays first" % seat_name(game.turn)
    if getattr(view, "table_kind", None) != "pile":
        return [head]
    # what a first card turned up did: pips.ui.table_pile's deal()
    return __import__("pips.ui.table_pile", None, None, ("deal",)).deal(game, view, head)


def before(view, viewer):
    """What a move's events are read against, from the view before the move
    (as move() takes it, for the viewer)."""
    return bytes(getattr(view, "sizes", b"")), view.hand_list() if viewer >= 0 else None


def move(game, seat, text, before, view, viewer):
    """The lines of `seat`'s move `text` (its text before it was played):
    the move with who took how many, then what only the viewer sees, a
    question put to the viewer, how the hand ended. `before` from before(),
    `view` the viewer's view after the move (any seat's, when nobody holds
    the device; the same seat's as before())."""
    sizes, hand = before
    after = getattr(view, "sizes", b"")
    name = seat_name(seat)
    took = []  # the seats whose hands grew
    for s in range(len(after)):
        if s < len(sizes) and after[s] > sizes[s]:
            took.append(s)
    mine = hand is not None and viewer in took
    if text == "draw" and took == [seat]:
        line = "%s drew %d" % (name, after[seat] - sizes[seat])
        took = ()
    else:
        line = "%s: %s" % (name, label(text))  # as its button reads
    if text == "challenge":  # the +4 challenged: who takes the cards tells the outcome
        line = ("%s: +4 was fair" if seat in took else "%s: bluff caught") % name
    for s in took:
        if s == viewer:
            line += ", you take %d" % (after[s] - sizes[s])
        else:
            line += ", %s takes %d" % (seat_name(s), after[s] - sizes[s])
    out = [line]
    if mine:  # the pieces new in the viewer's hand, by name
        # pips.cards' or pips.tiles' text, by the view's kind of piece
        kind = getattr(view, "piece_kind", "tile")
        name = __import__("pips.%ss" % kind, None, None, ("text",)).text
        rest = list(hand)
        got = []
        for code in view.hand_list():
            if code in rest:
                rest.remove(code)
            else:
                got.append(name(code))
        out.append(("you drew %s" if text == "draw" else "into your hand: %s") % " ".join(got))
    turn = game.turn
    if turn == viewer and turn != seat and getattr(view, "pending", None):
        # a question put to the viewer by another's move: UNO's +4
        out.append("%s on you: accept or challenge?" % text.split(":")[0])
    if turn < 0:
        end = over(game, view)
        if end is not None:
            out.append(end)
        elif 0 <= game.winner < len(after) and after[game.winner] == 0:
            out.append("%s goes out" % seat_name(game.winner))
    return out


class Screen:
    def __init__(self, app):
        self.app = app
        self.s = app.surface

    def enter(self):
        """Draw the whole screen (at the start of the first frame it shows)."""
        pass

    def leave(self):
        """Another screen comes: forget what enter() draws again."""
        pass

    def frame(self, presses, now):
        pass

    def header(self, title):
        s = self.s
        h = s.char_h + 4
        s.fill_rect(0, 0, self.app.width, h, PANEL)
        s.text(title, 4, 2, HIGHLIGHT)
        return h


# -- a screen of text a page at a time -----------------------------------------


class PagedScreen(Screen):
    """`content()` gives the headings and rows; the keys in `done_keys`
    call `done()`."""

    title = ""
    footer = "A: go on"
    done_keys = K.A

    def __init__(self, app):
        Screen.__init__(self, app)
        self.page = 0
        self.pages = 1

    def content(self):
        """([(text, colour)] headings, [(text, colour)] rows)."""
        return [], []

    def enter(self):
        self.heads, self.rows = self.content()
        self.draw()

    def draw(self):
        s = self.s
        s.fill(FELT)
        y = self.header(self.title) + 3
        line_h = s.char_h + 3
        for text, ink in self.heads:
            s.text(text, 4, y, ink)
            y += line_h
        foot = self.app.height - line_h
        per_page = max(1, (foot - y) // line_h)
        self.pages = max(1, (len(self.rows) + per_page - 1) // per_page)
        if self.page >= self.pages:
            self.page = self.pages - 1
        for text, ink in self.rows[self.page * per_page : (self.page + 1) * per_page]:
            s.text(text, 4, y, ink)
            y += line_h
        more = "  < %d/%d >" % (self.page + 1, self.pages) if self.pages > 1 else ""
        s.text(self.footer + more, 4, foot + 1, DIM)

    def frame(self, presses, now):
        if presses & K.NEXT and self.page + 1 < self.pages:
            self.page += 1
            self.draw()
        elif presses & K.PREV and self.page > 0:
            self.page -= 1
            self.draw()
        elif presses & self.done_keys:
            self.done()

    def done(self):
        pass
