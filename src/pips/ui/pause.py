"""The pause menu of a match: resume, the rules, resign, quit to the title.
Resigning and quitting ask first ("Resign the match?"), the cursor on No.
The table's model resigns the seat (pips.ui.table_model)."""

from pips import lang
from pips.ui.menu import MenuScreen


class PauseScreen(MenuScreen):
    title_key = "paused"
    hint_key = "hint.pause"

    def __init__(self, app, table, back_to=None, seat=-1):
        """The pause of `table` (a pips.ui.table.TableScreen); `back_to` the
        screen to resume (the table, or the hand-over paused at), `seat` the
        seat that may resign (-1: the model's choice)."""
        MenuScreen.__init__(self, app)
        self.table = table
        self.back_to = back_to if back_to is not None else table  # the hand-over, when paused there
        self.seat = seat  # who resigns: the hand-over's seat, else the viewer

    def items(self):
        return tuple(lang.text(k) for k in ("pause.resume", "pause.rules", "pause.resign", "pause.quit"))

    def pick(self, i):
        app = self.app
        if i == 0:
            self.back()
        elif i == 1:
            from pips.ui.rules import RulesScreen

            app.open(RulesScreen, self.table.model.game_class, self)
        else:
            app.open(ConfirmScreen, self, i == 2)

    def back(self):
        self.app.go(self.back_to)

    def confirmed(self, resigning):
        if resigning:
            self.table.model.resign(self.seat)
            self.app.go(self.table)
        else:
            self.app.home()


class ConfirmScreen(MenuScreen):
    """Resign or quit? No (the cursor's first place) goes back to the pause menu."""

    hint_key = "hint.no"

    def __init__(self, app, pause, resigning):
        MenuScreen.__init__(self, app)
        self.pause = pause
        self.resigning = resigning
        self.title = lang.text("ask.resign" if resigning else "ask.quit")

    def items(self):
        return (lang.text("no"), lang.text("yes.resign" if self.resigning else "yes.quit"))

    def pick(self, i):
        if i:
            self.pause.confirmed(self.resigning)
        else:
            self.back()

    def back(self):
        self.app.go(self.pause)
