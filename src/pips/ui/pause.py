"""The pause menu of a match: resume, the rules, resign, quit to the title."""

from pips.ui.menu import MenuScreen


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
        elif i == 2:
            self.table.resign(self.seat)
            app.go(self.table)
        else:
            app.home()

    def back(self):
        self.app.go(self.back_to)
