"""What a start does when the app's folder holds records: the settings kept,
and the screen that offers to resume a match kept (pips.save): resume it, or
start anew (the kept match is forgotten)."""

from pips.ui.menu import MenuScreen


def start(app):
    """Read the folder's records into `app`; open the resume screen when a
    match is kept."""
    from pips.restore import read_match
    from pips.save import Store, match_record
    from pips.settings import read_settings

    from pips import games

    store = Store(app.data)
    read_settings(store, app)
    for name in games.names():
        if store.kept(match_record(name)):
            kept = read_match(store, name)[0]
            if kept is not None:
                app.open(ResumeScreen, kept)
                return


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
            self.kept.store.clear(self.kept.name)
            app.home()
        self.kept = None
