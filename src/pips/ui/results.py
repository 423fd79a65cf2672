"""The screens after a hand and after the match: who won, the pieces left,
points and totals; then the ranks."""

from pips import lang
from pips.ui import keys as K
from pips.ui.palette import TEXT, HIGHLIGHT, HINT
from pips.ui.events import over, seat_name
from pips.ui.paged import PagedScreen


def piece_list(view, text, room, measure):
    """The seat's pieces as notation ("  6-3 5-5", "  R7 W+4"), cut to
    `room` pixels (measure(text): a text's width), ".." saying more are held;
    text(code) writes one (the piece module's)."""
    out = " "
    for code in view.hand_list():
        word = text(code)
        if measure(out + " " + word) > room:
            while out.strip() and measure(out + " ..") > room:
                out = out[: out.rindex(" ")]
            return out + " .."
        out += " " + word
    return out


# the results' columns after the seat's name: pieces left, points, total, at
# least so many digits wide (a heading wider than that widens its column)
_DIGITS = (3, 4, 5)


def column_stops(measure, digit, heads):
    """The right edges of the results' number columns, from the line's
    start: the seat's name first ("P10", or its heading), then each column
    as wide as its heading or its digits, a space between."""
    at = max(measure(heads[0]), measure("P10"))
    stops = [0]
    for i in range(len(_DIGITS)):
        at += digit + max(measure(heads[i + 1]), _DIGITS[i] * digit)
        stops.append(at)
    return tuple(stops)


class HandResultScreen(PagedScreen):
    """The hand's winner, each seat's pieces left, points for the hand and
    total. A game may add its own once the hand is over: `results()` gives
    (lines, words): lines under the winner (Matador's tiles out of play;
    a game of one says there whether it was won, Solitaire with the tiles
    laid), and a word per seat after its pieces (a Twenty-one total), or
    None."""

    def __init__(self, app, table, over):
        PagedScreen.__init__(self, app)
        self.table = table
        self.over = over
        self.title = lang.text("hand_over", lang.num(table.model.match.hands_played))
        self.footer = lang.text("foot.results" if over else "foot.next_hand")

    def content(self):
        model = self.table.model
        game = model.game
        match = model.match
        notation = self.table.layout.piece.text  # a piece's (the piece module's)
        lines, words = game.results() if game.turn < 0 else ((), None)
        if model.players == 1 and lines:
            heads = []  # the game's own line says it
        elif game.winner >= 0:
            heads = [(lang.text("wins_hand", seat_name(game.winner)), HIGHLIGHT)]
        elif game.turn < 0:
            heads = [(lang.text("tied"), HIGHLIGHT)]
        else:
            heads = [(lang.text("stopped"), HIGHLIGHT)]
        for line in lines:
            heads.append((line, TEXT if heads else HIGHLIGHT))
        end = over(game, game.view(0))
        if end is not None:  # "blocked: lowest count wins"
            heads.append((end, TEXT))
        names = [lang.text(k) for k in ("res.seat", "res.left", "res.points", "res.total")]
        stops = column_stops(self.s.text_width, self.s.char_w, names)
        heads.append((names, HINT, stops))
        rows = []
        room = self.app.width - 8
        measure = self.s.text_width
        for seat in range(model.players):
            view = game.view(seat)
            left = view.sizes[seat]
            points = game.scores[seat]
            cells = [seat_name(seat), lang.num(left), lang.num(points), lang.num(match.totals[seat])]
            rows.append((cells, HINT if seat in match.resigned else TEXT, stops))
            if left and seat not in match.resigned:  # the hand is shown at the end
                if words is None:
                    rows.append((piece_list(view, notation, room, measure), HINT))
                else:
                    word = " " + words[seat]
                    rows.append((piece_list(view, notation, room - measure(word), measure) + word, TEXT))
        return heads, rows

    def done(self):
        table = self.table
        if self.over:
            self.app.open(MatchResultScreen, table)
            return
        table.model.next_hand()
        self.app.go(table)


class MatchResultScreen(PagedScreen):
    """Ranks by total; equal totals share a rank, a resigned seat ranks last.
    A plays again at the same table (seats, levels, options); a long A (B) or
    MENU goes to the title."""

    title_key = "match_over"
    footer_key = "foot.again"
    done_keys = K.A | K.B | K.MENU

    def __init__(self, app, table):
        PagedScreen.__init__(self, app)
        self.table = table

    def content(self):
        match = self.table.model.match
        digit = self.s.char_w
        stops = (3 * digit, 0, 12 * digit)  # the rank, the seat, the total's right edge
        ranks = match.ranks()
        self.ranks = ranks
        rows = []
        for rank in range(1, match.players + 1):  # by rank, seats of a shared rank in order
            for seat in range(match.players):
                if ranks[seat] == rank:
                    cells = [lang.text("res.rank", lang.num(rank)), seat_name(seat),
                             lang.num(match.totals[seat])]
                    if seat in match.resigned:
                        cells.append(lang.text("res.resigned"))
                    rows.append((cells, HIGHLIGHT if rank == 1 else TEXT, stops + (0,)))
        return [], rows

    def frame(self, presses, now):
        if presses & K.A:  # play again: a new match, the next seed, the same table
            self.app.go(self.table.again())
            return
        PagedScreen.frame(self, presses, now)

    def done(self):
        self.app.home()
