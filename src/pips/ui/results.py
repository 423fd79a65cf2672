"""The screens after a hand and after the match: who won, the pieces left,
points and totals; then the ranks."""

from pips.ui import keys as K
from pips.ui.palette import TEXT, HIGHLIGHT, HINT
from pips.ui.events import over, seat_name
from pips.ui.paged import PagedScreen


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
        self.title = "Hand %d over" % table.model.match.hands_played
        self.footer = "A: results" if over else "A: next hand"

    def content(self):
        model = self.table.model
        game = model.game
        match = model.match
        notation = self.table.layout.piece.text  # a piece's (the piece module's)
        lines, words = game.results() if game.turn < 0 else ((), None)
        if model.players == 1 and lines:
            heads = []  # the game's own line says it
        elif game.winner >= 0:
            heads = [("%s wins the hand" % seat_name(game.winner), HIGHLIGHT)]
        elif game.turn < 0:
            heads = [("tied: nobody scores", HIGHLIGHT)]
        else:
            heads = [("hand stopped", HIGHLIGHT)]
        for line in lines:
            heads.append((line, TEXT if heads else HIGHLIGHT))
        end = over(game, game.view(0))
        if end is not None:  # "blocked: lowest count wins"
            heads.append((end, TEXT))
        heads.append(("seat left +pts total", HINT))
        rows = []
        cols = (self.app.width - 8) // self.s.char_w
        for seat in range(model.players):
            view = game.view(seat)
            left = view.sizes[seat]
            points = game.scores[seat]
            text = "%-4s%4d %4d %5d" % (seat_name(seat), left, points, match.totals[seat])
            rows.append((text, HINT if seat in match.resigned else TEXT))
            if left and seat not in match.resigned:  # the hand is shown at the end
                if words is None:
                    rows.append((piece_list(view, notation, cols), HINT))
                else:
                    word = " " + words[seat]
                    rows.append((piece_list(view, notation, cols - len(word)) + word, TEXT))
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

    title = "Match over"
    footer = "A: play again  hold A: menu"
    done_keys = K.A | K.B | K.MENU

    def __init__(self, app, table):
        PagedScreen.__init__(self, app)
        self.table = table

    def content(self):
        match = self.table.model.match
        ranks = match.ranks()
        self.ranks = ranks
        rows = []
        for rank in range(1, match.players + 1):  # by rank, seats of a shared rank in order
            for seat in range(match.players):
                if ranks[seat] == rank:
                    note = " resigned" if seat in match.resigned else ""
                    text = "%d. %-3s %5d%s" % (rank, seat_name(seat), match.totals[seat], note)
                    rows.append((text, HIGHLIGHT if rank == 1 else TEXT))
        return [], rows

    def frame(self, presses, now):
        if presses & K.A:  # play again: a new match, the next seed, the same table
            self.app.go(self.table.again())
            return
        PagedScreen.frame(self, presses, now)

    def done(self):
        self.app.home()
