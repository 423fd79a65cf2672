"""The pause menu of a match: resume, the rules, resign, quit to the title.
Resigning and quitting ask first ("Resign the match?"), the cursor on No.
Resigning is done here, on the table (this module is loaded only when a
player pauses)."""

from pips.match import Turns
from pips.ui.menu import MenuScreen
from pips.ui.events import seat_name


class PauseScreen(MenuScreen):
    title = "Paused"
    hint = "A: choose  hold A: resume"

    def __init__(self, app, table, back_to=None, seat=-1):
        MenuScreen.__init__(self, app)
        self.table = table
        self.back_to = back_to if back_to is not None else table  # the hand-over, when paused there
        self.seat = seat  # who resigns: the hand-over's seat, else the viewer

    def items(self):
        return ("Resume", "Rules", "Resign", "Quit to menu")

    def pick(self, i):
        app = self.app
        if i == 0:
            self.back()
        elif i == 1:
            from pips.ui.rules import RulesScreen

            app.open(RulesScreen, self.table.game_class, self)
        else:
            app.open(ConfirmScreen, self, i == 2)

    def back(self):
        self.app.go(self.back_to)

    def confirmed(self, resigning):
        if resigning:
            resign(self.table, self.seat)
            self.app.go(self.table)
        else:
            self.app.home()


class ConfirmScreen(MenuScreen):
    """Resign or quit? No (the cursor's first place) goes back to the pause menu."""

    hint = "A: choose  hold A: no"

    def __init__(self, app, pause, resigning):
        MenuScreen.__init__(self, app)
        self.pause = pause
        self.resigning = resigning
        self.title = "Resign the match?" if resigning else "Quit the match?"

    def items(self):
        return ("No", "Yes, resign" if self.resigning else "Yes, quit to menu")

    def pick(self, i):
        if i:
            self.pause.confirmed(self.resigning)
        else:
            self.back()

    def back(self):
        self.app.go(self.pause)


def resign(table, seat=-1):
    """A human resigns the match: `seat`, else the viewer (the human holding
    the device), else the only human. The table then asks who acts next."""
    if seat < 0:
        seat = table.viewer
    if seat < 0 and len(table.humans) == 1:
        seat = table.humans[0]
    match = table.match
    if seat < 0 or seat in match.resigned:
        return
    game = table.game
    if table.game_class.resign_in_hand and game.turn >= 0:
        try:
            game.play(seat, game.parse_move(seat, "resign"))
        except ValueError:
            pass
    match.resign(seat)
    table.turns = Turns(game)  # the loop starts over after a resignation (a replay's too)
    if table.app.data is not None:
        from pips.save import keep

        keep(table, seat, -1)
    table.lines.append("%s resigned" % seat_name(seat))
    if table.viewer == seat or len(table.humans) > 1:
        table.viewer = -1  # pass-and-play: no hand shows until the next hand-over
    table.choice = None
    table.state = 0  # pips.ui.table's _NEXT_ACTOR: ask who acts next
