"""The table set-up of a game: the seats, each one human or a bot's level,
the game's own options, its rules page, Start. The last set-up of each game
is remembered (app.last_setup), for the next table and for the settings,
which show UNO's options."""

from pips import lang
from pips.ui.screen import game_title
from pips.bots import level_name
from pips.match import SEAT_CHOICES
from pips.ui.events import seat_name
from pips.ui.menu import MenuScreen

# The table's own modules, loaded one a frame while the set-up waits for a key
# (then the game's bot policy and the language's phrases): opening the table
# loaded them all at once, a frame of 34-40 ms on the emulated Pico (UNO and
# Block, docs/figures.md). Loaded, a module stays, as every module does.
_PRELOADS = 4  # the table's modules loaded one a frame while the set-up waits: _preload(k)


def _preload(k):
    """The k-th of the table's modules, imported plainly."""
    if k == 0:
        import pips.ui.table_choose  # noqa: F401
    elif k == 1:
        import pips.ui.table_model  # noqa: F401
    elif k == 2:
        import pips.ui.layer  # noqa: F401
    else:
        import pips.ui.table  # noqa: F401


class SetupScreen(MenuScreen):
    """The table: number of seats, each seat human or a bot level, the game's options.
    Moving the cursor picks a row; A changes its value (or starts, or opens the rules)."""

    hint_key = "hint.change"

    def __init__(self, app, game_class):
        MenuScreen.__init__(self, app)
        self.game_class = game_class
        self.title = lang.text("setup.title", game_title(game_class))
        last = app.last_setup.get(game_class.name)
        if last is not None:
            self.players, self.levels, self.values = last[0], list(last[1]), dict(last[2])
        else:
            self.players = game_class.min_players
            self.levels = ["human"] + [app.level] * (game_class.max_players - 1)
            self.values = game_class.table()
        self.loaded = 0  # the steps of the table's loading done (frame())
        self.starting = False  # Start pressed: the table opens in the next frame

    def frame(self, presses, now):
        if self.starting:
            # the frame after Start was pressed: the match is dealt and the
            # table made (with the press in one frame, 33 ms on the emulated
            # Pico for UNO's 320x240 table, docs/figures.md)
            self.starting = False
            self.app.keys.pending |= presses  # a key pressed meanwhile goes to the table
            self.start()
            return
        rows_left = self.rest  # rows of the list this frame draws first: no loading step in it
        MenuScreen.frame(self, presses, now)
        if presses or self.app.screen is not self or rows_left or self.rest:
            return
        k = self.loaded  # a frame without a key: one step more of the table's loading
        if k < _PRELOADS:
            _preload(k)
        elif k == _PRELOADS:
            from pips.bots import policy

            policy(self.game_class)
        elif k == _PRELOADS + 1:
            from pips import lang

            lang.text("first", "")  # the catalogue the table's messages come from
        else:
            return
        self.loaded = k + 1

    def rows_spec(self):
        out = [("Seats", None)]
        for seat in range(self.players):
            out.append((seat_name(seat), seat))
        for spec in self.game_class.options:
            out.append((spec[0], spec))
        out.append((lang.text("setup.rules"), "rules"))
        out.append((lang.text("setup.start"), "start"))
        return out

    def items(self):
        out = []
        for label, what in self.rows_spec():
            if what is None:
                out.append(lang.text("setup.seats", lang.num(self.players)))
            elif isinstance(what, int):
                level = self.levels[what]
                out.append(lang.text("setup.seat", label, level_name(level)))
            elif isinstance(what, tuple):
                out.append(lang.text("setup.option", label, self.values[what[0]]))
            else:
                out.append(label)
        return out

    def pick(self, i):
        label, what = self.rows_spec()[i]
        g = self.game_class
        if what is None:
            self.players = self.players + 1 if self.players < g.max_players else g.min_players
        elif isinstance(what, int):
            choices = SEAT_CHOICES
            level = self.levels[what]
            # (a seat set to the random bot elsewhere moves on to Easy)
            at = choices.index(level) if level in choices else 0
            self.levels[what] = choices[(at + 1) % len(choices)]
            self.draw_items((i,))
            return
        elif isinstance(what, tuple):
            allowed = what[2]
            at = allowed.index(self.values[what[0]]) if self.values[what[0]] in allowed else -1
            self.values[what[0]] = allowed[(at + 1) % len(allowed)]
            self.draw_items((i,))
            return
        elif what == "rules":
            from pips.ui.rules import RulesScreen  # loaded when first opened

            self.app.open(RulesScreen, g, self)
            return
        else:
            self.starting = True  # the table opens next frame: Start shows pressed first
            return
        self.draw_items()

    def start(self):
        self.remember()
        levels = self.levels[: self.players]
        from pips.ui.table import TableScreen  # loaded when the first match starts

        self.app.open(TableScreen, self.game_class, self.players, levels, self.values)

    def remember(self):
        self.app.last_setup[self.game_class.name] = (
            self.players,
            list(self.levels),
            dict(self.values),
        )

    def back(self):
        self.remember()
        self.app.home()
