"""The screens after a hand and after the match: who won, the pieces left,
points and totals; then the ranks."""

from pips.compat import const
from pips.ui import keys as K
from pips.ui.palette import FELT, TEXT, HIGHLIGHT, DIM
from pips.ui.app import Screen, seat_name, load

_DEAL = const(6)  # pips.ui.table's state: deal the next hand on showing


def piece_list(view, text, cols):
    """The seat's pieces as notation ("  6-3 5-5", "  R7 W+4"), cut to cols;
    text(code) writes one (the piece module's)."""
    out = " "
    for code in view.hand_list():
        word = text(code)
        if len(out) + 1 + len(word) > cols:
            return out[: cols - 2] + ".." if len(out) + 2 > cols else out + " .."
        out += " " + word
    return out


class ListScreen(Screen):
    """A title, a few heading lines and rows, a page at a time (LEFT/RIGHT)
    when the seats do not fit, and a footer; A goes on."""

    title = ""
    footer = "A: go on"

    def __init__(self, app, table):
        Screen.__init__(self, app)
        self.table = table
        self.page = 0

    def uses(self):
        return ("pips.ui.results",) + self.table.uses()

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
        self.pages = (len(self.rows) + per_page - 1) // per_page
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
        elif presses & K.A:
            self.go_on()

    def go_on(self):
        pass


class HandResultScreen(ListScreen):
    """The hand's winner, each seat's pieces left, points for the hand and total."""

    def __init__(self, app, table, over):
        ListScreen.__init__(self, app, table)
        self.over = over
        self.title = "Hand %d over" % table.match.hands_played
        self.footer = "A: results" if over else "A: next hand"

    def content(self):
        table = self.table
        game = table.game
        match = table.match
        if game.winner >= 0:
            heads = [("%s wins the hand" % seat_name(game.winner), HIGHLIGHT)]
        elif game.turn < 0:
            heads = [("tied: nobody scores", HIGHLIGHT)]
        else:
            heads = [("hand stopped", HIGHLIGHT)]
        heads.append(("seat left +pts total", DIM))
        rows = []
        cols = (self.app.width - 8) // self.s.char_w
        for seat in range(table.players):
            view = game.view(seat)
            left = view.sizes[seat]
            points = game.scores[seat]
            text = "%-4s%4d %4d %5d" % (seat_name(seat), left, points, match.totals[seat])
            rows.append((text, DIM if seat in match.resigned else TEXT))
            if left and seat not in match.resigned:  # the hand is shown at the end
                # the piece module's text(): table.piece is None while a bot thinks
                rows.append((piece_list(view, load(table.modules[1]).text, cols), DIM))
        return heads, rows

    def go_on(self):
        table = self.table
        if self.over:
            self.app.go(MatchResultScreen(self.app, table))
            return
        # the table deals as it shows again: by then this screen and its
        # module have left the heap, and the new hand does not meet them there
        table.state = _DEAL
        self.app.go(table)


class MatchResultScreen(ListScreen):
    """Ranks by total; equal totals share a rank, a resigned seat ranks last."""

    title = "Match over"
    footer = "A: menu"

    def content(self):
        match = self.table.match
        ranks = match.ranks()
        self.ranks = ranks
        order = sorted(range(match.players), key=lambda seat: (ranks[seat], seat))
        rows = []
        for seat in order:
            note = " resigned" if seat in match.resigned else ""
            text = "%d. %-3s %5d%s" % (ranks[seat], seat_name(seat), match.totals[seat], note)
            rows.append((text, HIGHLIGHT if ranks[seat] == 1 else TEXT))
        return [], rows

    def go_on(self):
        self.app.home()
