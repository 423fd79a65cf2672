"""The screen a start shows when a match was kept (pips.save): resume it, or
start anew (the kept match is forgotten)."""

from pips.ui.menu import MenuScreen


class ResumeScreen(MenuScreen):
    hint = "A: choose"

    def __init__(self, app, kept):
        MenuScreen.__init__(self, app)
        self.kept = kept
        match = kept.match
        self.title = "%s: hand %d" % (match.game_class.title, match.hands_played + 1)

    def items(self):
        return ("Resume the match", "New match")

    def pick(self, i):
        app = self.app
        if i == 0:
            from pips.ui.table import TableScreen

            kept = self.kept
            m = kept.match
            app.open(TableScreen, m.game_class, m.players, kept.levels, m.options, kept)
        else:
            self.kept.done()
            app.home()
        self.kept = None
