"""The handheld application: every screen, driven one frame at a time.

Entry point for a board (firmware/main.py) and for the simulator:

    from pips.ui.app import App
    app = App(surface, width, height, clock_ms)
    while app.running:
        app.frame(raw_keys, now_ms)      # once per frame

- `surface`: a pips.ui.surface.Surface (FbSurface on framebuf, DioSurface on
  displayio). `width`, `height`: the screen in pixels (0 takes the surface's).
- `clock_ms()`: milliseconds, read once to seed the first match's shuffle.
- `raw_keys`: the keys held right now, a mask of pips.ui.keys bits; the app
  debounces, latches and turns a long A into B itself (pips.ui.keys.Keys). A
  board that can poll faster than it draws may also call `app.keys.poll(raw,
  now_ms)` between frames: no tap is lost.
- `frame()` ends with `surface.flush()`, which sends only the areas that
  changed (display.show(x, y, w, h) per dirty rectangle on framebuf).
- `app.running` turns False when the player picks Quit on the title screen.

Screens reach games only through the protocol (pips.game): they know how to
draw a tile, a card, a line and a pile, never a game by name.
"""

from pips.ui import keys as K
from pips.ui.keys import Keys
from pips.ui.palette import FELT, PANEL, TEXT, HIGHLIGHT, DIM, BLACK
from pips.ui import pieces

LEVELS = ("human", "random", "greedy", "smart")
_PREV = K.LEFT | K.UP
_NEXT = K.RIGHT | K.DOWN


def seat_name(seat):
    return "P%d" % (seat + 1)


class Screen:
    """One screen: `enter()` draws it whole, `frame(presses, now)` updates it."""

    def __init__(self, app):
        self.app = app
        self.s = app.surface

    def enter(self):
        pass

    def frame(self, presses, now):
        pass

    def header(self, title):
        s = self.s
        h = s.char_h + 4
        s.fill_rect(0, 0, self.app.width, h, PANEL)
        s.text(title, 4, 2, HIGHLIGHT)
        return h


class MenuScreen(Screen):
    """A title and a list of items; LEFT/UP and RIGHT/DOWN move, A picks, B goes back."""

    title = ""
    hint = "A: choose"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.cursor = 0
        self.top = 0
        self.drawn_cursor = -1

    def items(self):
        return ()

    def enter(self):
        self.s.fill(FELT)
        self.body_y = self.header(self.title) + 4
        s = self.s
        foot = self.app.height - s.char_h - 2
        s.text(self.hint, 4, foot, DIM)
        self.row_h = s.char_h + 4
        self.rows = max(1, (foot - 2 - self.body_y) // self.row_h)
        self.draw_items()

    def list_width(self):
        return self.app.width

    def draw_items(self, only=()):
        """The visible rows; `only` names the rows to repaint when the list
        did not scroll (a cursor step repaints two rows, not the list)."""
        s = self.s
        items = self.items()
        if self.cursor >= len(items):
            self.cursor = len(items) - 1
        top = self.top
        if self.cursor < self.top:
            self.top = self.cursor
        if self.cursor >= self.top + self.rows:
            self.top = self.cursor - self.rows + 1
        if self.top != top:
            only = ()
        w = self.list_width()
        if not only:
            s.fill_rect(0, self.body_y, w, self.rows * self.row_h, FELT)
        for r in range(self.rows):
            i = self.top + r
            if i >= len(items):
                break
            if only and i not in only:
                continue
            y = self.body_y + r * self.row_h
            if i == self.cursor:
                s.fill_rect(2, y, w - 4, self.row_h - 1, HIGHLIGHT)
                s.text(items[i], 8, y + 2, BLACK)
            else:
                s.fill_rect(2, y, w - 4, self.row_h - 1, FELT)
                s.text(items[i], 8, y + 2, TEXT)
        if self.top > 0:
            s.text("^", w - 10, self.body_y, TEXT)
        if self.top + self.rows < len(items):
            s.text("v", w - 10, self.body_y + (self.rows - 1) * self.row_h, TEXT)
        self.drawn_cursor = self.cursor

    def frame(self, presses, now):
        n = len(self.items())
        if presses & _PREV:
            self.cursor = (self.cursor - 1) % n
        if presses & _NEXT:
            self.cursor = (self.cursor + 1) % n
        if self.cursor != self.drawn_cursor:
            self.draw_items((self.drawn_cursor, self.cursor))
        if presses & K.A:
            self.pick(self.cursor)
        elif presses & (K.B | K.MENU):
            self.back()

    def pick(self, i):
        pass

    def back(self):
        pass


class TitleScreen(MenuScreen):
    title = "PIPS  tiles & cards"

    def __init__(self, app):
        MenuScreen.__init__(self, app)
        self.games = []
        from pips import games

        for name in games.names():
            try:
                self.games.append(games.get(name))
            except ImportError:
                pass  # a game not installed on this board

    def items(self):
        return [g.title for g in self.games] + ["Quit"]

    def enter(self):
        MenuScreen.enter(self)
        # a little decoration on the right: a double standing and a wild card
        s = self.s
        x = self.app.width - pieces.CARD_W - pieces.TILE_H - 16
        if x > 110:
            y = self.body_y + 2
            pieces.tile(s, x, y, 6, 6, True)
            pieces.card(s, x + pieces.TILE_H + 6, y, 52, FELT)

    def list_width(self):
        # a wide screen keeps its right part for the decoration
        w = self.app.width
        return 130 if w > 200 else w

    def pick(self, i):
        if i >= len(self.games):
            self.app.running = False
            self.s.fill(BLACK)
            self.s.text_center("bye", 0, self.app.height // 2, self.app.width, DIM)
            return
        self.app.go(SetupScreen(self.app, self.games[i]))


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
            self.levels = ["human"] + ["smart"] * (game_class.max_players - 1)
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
            self.app.go(RulesScreen(self.app, g, self))
            return
        else:
            self.remember()
            from pips.ui.table import TableScreen

            self.app.go(
                TableScreen(self.app, g, self.players, self.levels[: self.players], self.values)
            )
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
        self.app.go(TitleScreen(self.app))


def wrap(text, width):
    """Split text into lines of at most `width` characters, at spaces."""
    out = []
    line = ""
    for word in text.split(" "):
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            out.append(line)
            line = word
        while len(line) > width:
            out.append(line[:width])
            line = line[width:]
    out.append(line)
    return out


class RulesScreen(Screen):
    """The game's short rules (Game.rules()), a page at a time."""

    def __init__(self, app, game_class, back_to):
        Screen.__init__(self, app)
        self.game_class = game_class
        self.back_to = back_to
        self.page = 0

    def enter(self):
        s = self.s
        cols = (self.app.width - 8) // s.char_w
        self.lines = []
        for line in self.game_class.rules() or ("No rules page yet.",):
            self.lines.extend(wrap(line, cols))
        self.body_y = 0
        self.draw()

    def draw(self):
        s = self.s
        s.fill(FELT)
        top = self.header("%s rules" % self.game_class.title)
        line_h = s.char_h + 2
        per_page = max(1, (self.app.height - top - line_h - 6) // line_h)
        pages = (len(self.lines) + per_page - 1) // per_page
        self.pages = pages
        if self.page >= pages:
            self.page = pages - 1
        y = top + 3
        for line in self.lines[self.page * per_page : (self.page + 1) * per_page]:
            s.text(line, 4, y, TEXT)
            y += line_h
        s.text(
            "%d/%d  < >  A: back" % (self.page + 1, pages), 4, self.app.height - line_h, DIM
        )

    def frame(self, presses, now):
        if presses & _NEXT and self.page + 1 < self.pages:
            self.page += 1
            self.draw()
        elif presses & _PREV and self.page > 0:
            self.page -= 1
            self.draw()
        elif presses & (K.A | K.B | K.MENU):
            self.app.go(self.back_to)


class App:
    def __init__(self, surface, width=0, height=0, clock_ms=None, seed=-1):
        self.surface = surface
        self.width = width or surface.width
        self.height = height or surface.height
        self.clock_ms = clock_ms
        if seed < 0:
            seed = clock_ms() if clock_ms is not None else 1
        self.seed = seed & 0x3FFFFFFF
        self.keys = Keys()
        self.running = True
        self.now = 0
        self.frames = 0
        self.last_setup = {}  # game name -> (players, levels, options) picked last
        self.screen = None
        self.go(TitleScreen(self))

    def go(self, screen):
        """Show another screen (drawn whole)."""
        self.screen = screen
        screen.enter()

    def next_seed(self):
        self.seed = (self.seed * 1103515245 + 12345) & 0x3FFFFFFF
        return self.seed

    def frame(self, raw, now):
        self.keys.poll(raw, now)
        presses = self.keys.take()
        self.now = now
        self.frames += 1
        if self.running:
            self.screen.frame(presses, now)
        self.surface.flush()
