"""The title screen (the games, the settings and statistics, Quit) and the
table set-up of the game chosen."""

from pips import games
from pips.match import LEVELS
from pips.ui.menu import MenuScreen
from pips.ui.palette import FELT, DIM, BLACK, WARNING, IVORY, PIP
from pips.ui.events import seat_name


class TitleScreen(MenuScreen):
    title = "PIPS  tiles & cards"

    def items(self):
        return [card.TITLE for card, _ in games.GAMES] + ["Settings, statistics", "Quit"]

    def enter(self):
        MenuScreen.enter(self)
        # a little decoration on the right, where the list leaves room: a
        # die's five, drawn here. A tile or a card would bring its piece
        # module into the sessions of the games that draw the other kind.
        w = self.app.width
        x = (self.list_width() + w - 27) // 2
        if x > 110:
            s = self.s
            y = self.body_y + 4
            s.fill_rect(x, y, 27, 27, PIP)
            s.fill_rect(x + 1, y + 1, 25, 25, IVORY)
            at = b"\x05\x05\x12\x05\x0b\x0b\x05\x12\x12\x12"  # the pips' (dx, dy)
            for i in range(0, 10, 2):
                s.fill_rect(x + at[i], y + at[i + 1], 4, 4, PIP)

    def list_width(self):
        # a wide screen keeps its right part for the decoration
        w = self.app.width
        return 130 if w > 200 else w

    def pick(self, i):
        names = games.names()
        if i == len(names):
            self.app.open(__import__("pips.ui.settings", None, None, ("*",)).SettingsScreen)
            return
        if i > len(names):
            self.app.running = False
            self.s.fill(BLACK)
            self.s.text_center("bye", 0, self.app.height // 2, self.app.width, DIM)
            return
        try:
            game_class = games.get(names[i])
        except ImportError:  # a game left out of this board's files: said in the footer
            foot = self.app.height - self.s.char_h - 2
            self.s.text("not on this board", 4, foot, WARNING, FELT)
            return
        self.app.go(SetupScreen(self.app, game_class))


class SetupScreen(MenuScreen):
    """The table: number of seats, each seat human or a bot level, the game's options.
    Moving the cursor picks a row; A changes its value (or starts, or opens the rules)."""

    hint = "A: change  hold A: back"

    def __init__(self, app, game_class):
        MenuScreen.__init__(self, app)
        self.game_class = game_class
        self.title = game_class.title + " - table"
        last = app.last_setup.get(game_class.name)
        if last is not None:
            self.players, self.levels, self.values = last[0], list(last[1]), dict(last[2])
        else:
            self.players = game_class.min_players
            self.levels = ["human"] + [app.level] * (game_class.max_players - 1)
            self.values = game_class.table()

    def rows_spec(self):
        out = [("Seats", None)]
        for seat in range(self.players):
            out.append((seat_name(seat), seat))
        for spec in self.game_class.options:
            out.append((spec[0], spec))
        out.append(("Rules", "rules"))
        out.append(("Start", "start"))
        return out

    def items(self):
        out = []
        for label, what in self.rows_spec():
            if what is None:
                out.append("Seats: %d" % self.players)
            elif isinstance(what, int):
                out.append("%s: %s" % (label, self.levels[what]))
            elif isinstance(what, tuple):
                out.append("%s: %s" % (label, self.values[what[0]]))
            else:
                out.append(label)
        return out

    def pick(self, i):
        label, what = self.rows_spec()[i]
        g = self.game_class
        if what is None:
            self.players = self.players + 1 if self.players < g.max_players else g.min_players
        elif isinstance(what, int):
            self.levels[what] = LEVELS[(LEVELS.index(self.levels[what]) + 1) % len(LEVELS)]
            self.draw_items((i,))
            return
        elif isinstance(what, tuple):
            allowed = what[2]
            at = allowed.index(self.values[what[0]]) if self.values[what[0]] in allowed else -1
            self.values[what[0]] = allowed[(at + 1) % len(allowed)]
            self.draw_items((i,))
            return
        elif what == "rules":
            self.app.open(__import__("pips.ui.rules", None, None, ("*",)).RulesScreen, g, self)
            return
        else:
            self.remember()
            levels = self.levels[: self.players]
            from pips.ui.table import TableScreen  # loaded when the first match starts

            self.app.open(TableScreen, g, self.players, levels, self.values)
            return
        self.draw_items()

    def remember(self):
        self.app.last_setup[self.game_class.name] = (
            self.players,
            list(self.levels),
            dict(self.values),
        )

    def back(self):
        self.remember()
        self.app.home()
