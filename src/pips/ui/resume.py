"""The matches kept in the app's folder (pips.save: one per game), and the
screen a game with a match kept opens: resume it, or start anew (asked
twice: the kept match is lost).

At start the folder is only looked at (which games have a record there):
the settings are read, nothing is replayed, so the title comes up as fast
whatever is kept. A match is read back and replayed when the player resumes
it; a damaged record is said on the table ("resumed one move earlier"), or
here when nothing of it can be read."""

from pips import lang
from pips.ui.screen import game_title
from pips.ui.menu import MenuScreen
from pips.ui.palette import FELT, WARNING


def start(app):
    """Read the folder's settings into `app`, and note the games whose match
    is kept (app.kept)."""
    from pips import games
    from pips.save import Store, match_record
    from pips.settings import read_settings

    store = Store(app.data)
    read_settings(store, app)
    app.kept = [name for name in games.names() if store.kept(match_record(name))]


class KeptScreen(MenuScreen):
    """A game whose match is kept: resume it, or a new match (asked again:
    the kept match is then forgotten), or back to the title (B)."""

    hint_key = "hint.choose_back"

    def __init__(self, app, game_class):
        from pips.restore import peek_match
        from pips.save import Store

        MenuScreen.__init__(self, app)
        self.game_class = game_class
        self.store = Store(app.data)
        head = peek_match(self.store, game_class.name)
        if head is not None:
            self.question = lang.text("kept.hand", game_title(game_class), lang.num(head[0] + 1))
        else:
            self.question = lang.text("kept.match", game_title(game_class))
        self.title = self.question
        self.replacing = False  # the second question: replace the kept match?
        self.note = None  # why the kept match could not be resumed

    def items(self):
        if self.replacing:
            return (lang.text("kept.keep"), lang.text("kept.replace_yes"))
        if self.note is not None:
            return (lang.text("kept.new"),)
        return (lang.text("kept.resume"), lang.text("kept.new"))

    def enter(self):
        MenuScreen.enter(self)
        if self.note is not None:
            s = self.s
            foot = self.app.height - 2 * (s.char_h + 2)
            s.fill_rect(0, foot, self.app.width, s.char_h + 2, FELT)
            note = s.text_fit(self.note, self.app.width - 8)
            s.text(note, self.x_of(note), foot, WARNING)

    def pick(self, i):
        if self.replacing:
            if i == 0:
                self.ask(False)
                return
            from pips.save import match_record

            self.store.clear(match_record(self.game_class.name))
            self.unmark()
            self.open_setup()
            return
        if self.note is None and i == 0:
            self.resume()
            return
        if self.note is not None:  # nothing to keep: a new match, no question
            self.open_setup()
            return
        self.ask(True)

    def ask(self, replacing):
        self.replacing = replacing
        self.title = lang.text("kept.replace") if replacing else self.question
        self.cursor = 0
        self.app.go(self)  # drawn whole again next frame

    def resume(self):
        from pips.restore import read_match
        from pips.ui.table import TableScreen

        app = self.app
        kept, note = read_match(self.store, self.game_class.name)
        if kept is None:
            self.note = note or lang.text("kept.unread")
            self.unmark()
            self.cursor = 0
            app.go(self)  # drawn again, with the note
            return
        m = kept.match
        table = TableScreen(app, m.game_class, m.players, kept.levels, m.options, kept)
        lines = table.model.lines
        kept.store.warn = lines.append  # a write that fails later, said on the table
        lines.append(lang.text("kept.resumed", lang.num(m.hands_played + 1)))
        if note is not None:
            lines.append(note)
        app.go(table)

    def unmark(self):
        name = self.game_class.name
        if name in self.app.kept:
            self.app.kept.remove(name)

    def open_setup(self):
        from pips.ui.table_setup import SetupScreen

        self.app.go(SetupScreen(self.app, self.game_class))

    def back(self):
        if self.replacing:
            self.ask(False)
        else:
            self.app.home()
