"""The handheld application: the screens, driven one frame at a time.

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

Each screen lives in a module of its own (title.py: the title and the table
set-up, table.py, handover.py, pause.py, results.py, rules.py), imported when
the screen is first shown; the drawing of a piece or a table kind is a module
too (piece_tile.py, table_line.py...). On a small heap the bytecode is the
biggest cost, so `App.go` lets go of every module no screen in use needs:
the title and set-up code during a match, the results between hands, the games
themselves back at the title.
"""

import sys

from pips.compat import forget
from pips.ui.keys import Keys
from pips.ui.palette import PANEL, HIGHLIGHT


def seat_name(seat):
    return "P%d" % (seat + 1)


def load(name):
    """The module `name` ("pips.ui.piece_tile"), imported if it is not yet."""
    __import__(name)
    return sys.modules[name]


class Screen:
    """One screen: `enter()` draws it whole, `frame(presses, now)` updates it."""

    modules = ()  # what uses() names, unless a screen works it out

    def __init__(self, app):
        self.app = app
        self.s = app.surface

    def uses(self):
        """The modules this screen and the screens it goes back to need (its own
        module, the drawing modules it loads, ...): App.go lets go of those the
        screen left behind used and the next one does not."""
        return self.modules

    def enter(self):
        """Draw the whole screen (at the start of the first frame it shows)."""
        pass

    def leave(self):
        """Another screen comes: let go of what enter() makes again."""
        pass

    def frame(self, presses, now):
        pass

    def header(self, title):
        s = self.s
        h = s.char_h + 4
        s.fill_rect(0, 0, self.app.width, h, PANEL)
        s.text(title, 4, 2, HIGHLIGHT)
        return h


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
        # what was loaded before the App (the board, the surfaces, this module)
        # stays; the pips modules the screens load come and go with them
        self.resident = tuple(sys.modules)
        self.screen = None
        self.entered = None  # the screen whose enter() has run
        self.home()

    def go(self, screen):
        """Show another screen, drawn whole at the start of the next frame, and
        let go of the modules the screen left behind used and this one does
        not. The screen left is still running (it called this): its code and
        objects are freed after it returns, before the new screen draws."""
        left = self.screen
        self.screen = screen
        self.entered = None
        if left is not None and left is not screen:
            left.leave()
            keep = screen.uses()
            for name in left.uses():
                if name not in keep and name not in self.resident and name in sys.modules:
                    forget(name)

    def open(self, module, name, *args):
        """Go to a new screen: class `name` of `module`, made with (app, *args).
        The screen shown lets go of its drawing before that module loads."""
        if self.screen is not None:
            self.screen.leave()
        self.go(getattr(load(module), name)(self, *args))

    def home(self):
        """The title screen. No match goes on from there: every pips module
        loaded since the App started goes first (the match's, its screens', the
        games'), so the title starts from the heap the App started with."""
        if self.screen is not None:
            self.screen.leave()
            self.screen = None
        for name in list(sys.modules):
            if name.startswith("pips.") and name not in self.resident:
                forget(name)
        self.go(load("pips.ui.title").TitleScreen(self))

    def next_seed(self):
        self.seed = (self.seed * 1103515245 + 12345) & 0x3FFFFFFF
        return self.seed

    def frame(self, raw, now):
        self.keys.poll(raw, now)
        presses = self.keys.take()
        self.now = now
        self.frames += 1
        if self.running:
            screen = self.screen
            if self.entered is not screen:
                self.entered = screen
                screen.enter()
            screen.frame(presses, now)
        self.surface.flush()
