"""The pause menu of a match: resume, the rules, resign, quit to the title."""

from pips.ui.menu import MenuScreen


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
            table.resign(self.seat)
            app.go(table)
        else:
            app.home()

    def back(self):
        if self.back_to is not None:
            self.app.go(self.back_to)
            return
        self.table.resume()
        self.app.go(self.table)
