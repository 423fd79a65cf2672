"""The handheld application: the screens, driven one frame at a time.

Entry point for a board (firmware/main.py) and for the simulator:

    from pips.ui.app import App
    app = App(surface, width, height, clock_ms)
    while app.running:
        app.frame(raw_keys, now_ms)      # once per frame

- `surface`: a pips.ui.surface.Surface (FbSurface on framebuf, DioSurface on
  displayio). `width`, `height`: the screen in pixels (0 takes the surface's).
- `clock_ms()`: milliseconds (the board's ticks_ms), read to seed the first
  match's shuffle and to time a bot's thinking: as much of it a frame as fits
  a slice of the frame (pips.ui.table). None: seed 1 (or the seed given), and
  a fixed number of rollouts a frame (the simulator and the tests, which
  drive the time themselves).
- `raw_keys`: the keys held right now, a mask of pips.ui.keys bits; the app
  debounces, latches and turns a long A into B itself (pips.ui.keys.Keys). A
  board that can poll faster than it draws may also call `app.keys.poll(raw,
  now_ms)` between frames: no tap is lost.
- `frame()` ends with `surface.flush()`, which sends only the areas that
  changed (display.show(x, y, w, h) per dirty rectangle on framebuf), half a
  screen at most: a whole screen goes out over two frames.
- `app.running` turns False when the player picks Quit on the title screen.
- `data`: the folder where the match in play is kept after every move
  (pips.save, a match per game; the title marks the games with one kept,
  and offers to resume it or start anew, pips.ui.resume),
  with the settings and the statistics; None keeps nothing.
  `backlight(percent)`: the board's, set from the settings.
- `tone(hz)`: the board's buzzer (0 Hz: silence), None without one: the
  table's cues (pips.ui.sound), the Sound setting.
- `link`: the board's wire for link play, (name, where): a name of
  pips.link.wire.WIRES ("uart" on the RP2040 boards, "espnow" on the ESP32
  ones, "tcp" in the desktop window) and where it goes (a TCP port or
  address; None on a board); None: no link play (pips.ui.link).
- `peek()`: the board's keys held right now (its peek_keys), or None: the
  flush stops sending once they differ from the frame's `raw_keys`, so that
  the next frame takes the key at once.
- `keys`: the board's key scheme ("joystick", "four", "two", "keyboard";
  None: the joystick's), which Keys reads and the hints name.

Screens reach games only through the protocol (pips.game): they know how to
draw a tile, a card, a line and a pile, never a game by name. Each screen is
a class (pips.ui.screen.Screen): the title (title.py), the table set-up
(table_setup.py), the settings and statistics (settings_screen.py), the
table (table.py), the hand-over (handover.py), the pause menu (pause.py),
the results (results.py) and the rules page (rules.py). A screen opens
another by its class. The screens every match shows come with the title;
the ones a player may never open (the settings, the pause menu, the rules
page, the hand-over) are imported, by an import statement inside the
function that opens them, when first opened. Like every module, they then
stay; but with the .mpy files, where a module's code is in RAM
(pips.datafile.IN_RAM), the menus' modules (MENUS) are dropped whenever a
table is shown, and imported again when a menu is opened.
"""

import sys

from pips import const
from pips.datafile import IN_RAM
from pips.ui.keys import Keys
from pips.ui.sound import Sound

# The menus' modules, dropped while a match is on the table in the .mpy form:
# the title, the set-up, the settings, a kept match's, the pause menu, and the
# menu they are made from (pips.ui.menu last: the others' base).
MENUS = (
    ("pips.ui", "title"), ("pips.ui", "table_setup"), ("pips.ui", "settings_screen"),
    ("pips.ui", "resume"), ("pips.ui", "pause"), ("pips.ui", "menu"),
)

# A linked table left with messages still unacknowledged (the host's last
# views and the match's end, at 16 bytes a frame on the cable) goes on being
# heard this long at most while the title shows.
_DRAIN_MS = const(15000)


class App:
    level = "greedy"  # the bots of a new table at first: Normal, not the strongest

    def __init__(
        self, surface, width=0, height=0, clock_ms=None, seed=-1, data=None, backlight=None,
        keys=None, tone=None, language=None, link=None, peek=None,
    ):
        from pips import lang

        self.surface = surface
        self.width = width or surface.width
        self.height = height or surface.height
        self.clock_ms = clock_ms
        if seed < 0:
            seed = clock_ms() if clock_ms is not None else 1
        self.seed = seed & 0x3FFFFFFF
        self.keys = Keys(keys)  # the board's key scheme (boards/board_table.py)
        self.key_scheme = keys or "joystick"
        self.peek = peek  # the board's keys as they are (peek_keys), None without
        self.running = True
        self.now = 0
        self.frames = 0
        self.data = data
        self.backlight = backlight
        self.sound = Sound(tone)  # on by default where there is a buzzer
        # the settings (pips.settings keeps them): the first ones, unless kept
        self.brightness = 100
        self.picture_tiles = False  # tiles with pictures, not pips
        self.language = language or "en"  # pips.lang.CODES: the screens' words
        self.last_setup = {}  # game name -> (players, levels, options) picked last
        self.kept = []  # the games whose match is kept in `data` (pips.ui.resume)
        self.link = link
        self.linked = None  # a linked table's model, heard every frame (pips.ui.link_model)
        self.draining = None  # a linked table left, its last messages still going (unlink)
        self.drain_until = 0
        self.screen = None
        self.entered = None  # the screen whose enter() has run
        if data is not None:
            import os

            try:
                kept = os.listdir(data)
            except OSError:  # no folder yet: nothing kept
                kept = ()
            if kept:  # the records' code is imported only when there is something to read
                from pips.ui.resume import start

                start(self)  # the settings kept, and which games have a match kept
        # the language chosen (kept in the settings, or given): its catalogue
        # only, loaded once the settings are read
        lang.use(self.language)
        if backlight is not None:
            backlight(self.brightness)
        if self.screen is None:
            self.home()

    def go(self, screen):
        """Show `screen`, drawn whole at the start of the next frame; the
        screen left forgets its drawing (Screen.leave)."""
        left = self.screen
        self.screen = screen
        self.entered = None
        if left is not None and left is not screen:
            left.leave()
        if IN_RAM and getattr(screen, "model", None) is not None:  # a table
            drop(MENUS)

    def open(self, kind, *args):
        """Go to a new screen of class `kind`, made with (app, *args)."""
        self.go(kind(self, *args))

    def home(self):
        """The title screen: whatever match went on is over."""
        self.unlink()
        from pips.ui.title import TitleScreen  # dropped while a table is shown (MENUS)
        self.go(TitleScreen(self))

    def unlink(self, drain=True):
        """A linked table is left: its wires closed, once what it sent is
        acknowledged (`drain`: the host's last messages, the match's end
        among them, go on while the title shows, _DRAIN_MS at most); at once
        without `drain` (the power cut, in the tests) or when a new link
        starts (end_drain)."""
        self.end_drain()
        linked = self.linked
        if linked is not None:
            self.linked = None
            if drain and not linked.idle():
                self.draining = linked
                self.drain_until = self.now + _DRAIN_MS
            else:
                linked.close()

    def end_drain(self):
        draining = self.draining
        if draining is not None:
            self.draining = None
            draining.close()

    def next_seed(self):
        self.seed = (self.seed * 1103515245 + 12345) & 0x3FFFFFFF
        return self.seed

    def frame(self, raw, now):
        self.keys.poll(raw, now)
        presses = self.keys.take()
        self.now = now
        self.frames += 1
        if self.sound.notes:
            self.sound.frame(now)
        if self.linked is not None:  # the other devices heard, whatever the screen
            self.linked.link_step(now)
        elif self.draining is not None:
            self.draining.link_step(now)
            if self.draining.idle() or now - self.drain_until >= 0:
                self.end_drain()
        if self.running:
            screen = self.screen
            if self.entered is not screen:
                self.entered = screen
                screen.enter()
            screen.frame(presses, now)
        # with the board's clock: no piece begun late in the frame, nor once a key changed
        self.surface.flush(self.clock_ms, now, self.peek, raw)
        if self.linked is not None:
            # heard again once drawn: an acknowledgement that came meanwhile
            # lets the next piece go now, not a frame later (stop and wait)
            self.linked.link_step(now)


def drop(modules):
    """Forget the modules (package, name): out of sys.modules and their
    package, so that their code is collected once nothing else holds it."""
    for package, name in modules:
        full = package + "." + name
        if full in sys.modules:
            del sys.modules[full]
            try:
                delattr(sys.modules[package], name)  # the package's attribute
            except (KeyError, AttributeError):
                pass
