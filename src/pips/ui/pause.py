"""The pause menu of a match: resume, the rules, resign, quit to the title.

Resigning is done here, not in pips.ui.table: the table's code stays in the
heap for the whole match, this module only while the menu shows."""

from pips.compat import const
from pips.ui.menu import MenuScreen
from pips.ui.app import seat_name

# pips.ui.table's states
_NEXT_ACTOR = const(0)
_CHOOSE = const(3)
_ALT = const(4)


def resign(table, seat=-1):
    """A human resigns the match: `seat`, else the viewer (the human holding
    the device), else the only human."""
    if seat < 0:
        seat = table.viewer if table.viewer >= 0 else -1
    if seat < 0 and len(table.humans) == 1:
        seat = table.humans[0]
    if seat < 0 or seat in table.match.resigned:
        return
    game = table.game
    if table.game_class.resign_in_hand and game.turn >= 0:
        try:
            game.play(seat, game.parse_move(seat, "resign"))
        except ValueError:
            pass
    table.match.resign(seat)
    table.message = "%s resigned" % seat_name(seat)
    if table.viewer == seat or len(table.humans) > 1:
        table.viewer = -1  # pass-and-play: no hand shows until the next hand-over
    table.state = _NEXT_ACTOR


class PauseScreen(MenuScreen):
    title = "Paused"
    hint = "A: choose  hold A: resume"

    def __init__(self, app, table, back_to=None, seat=-1):
        MenuScreen.__init__(self, app)
        self.table = table
        self.back_to = back_to  # the hand-over screen, when paused from there
        self.seat = seat  # who resigns: the hand-over's seat, else the viewer

    def uses(self):
        behind = self.back_to if self.back_to is not None else self.table
        return ("pips.ui.pause", "pips.ui.menu") + behind.uses()

    def items(self):
        return ("Resume", "Rules", "Resign", "Quit to menu")

    def pick(self, i):
        table = self.table
        app = self.app
        if i == 0:
            self.back()
        elif i == 1:
            app.open("pips.ui.rules", "RulesScreen", table.game_class, self)
        elif i == 2:
            resign(table, self.seat)
            app.go(table)
        else:
            app.home()

    def back(self):
        if self.back_to is not None:
            self.app.go(self.back_to)
            return
        table = self.table
        if table.state == _ALT:  # a second-step choice starts over
            table.state = _CHOOSE
        self.app.go(table)
