"""The handheld on the desktop: `pips sim` (= `make sim`).

A window (Blinka displayio + blinka_displayio_pygamedisplay.PyGameDisplay)
shows the 240x135 screen scaled up, with the key map beside it:

    arrows       LEFT RIGHT UP DOWN
    z, Enter     A   (hold it for B)
    x, Backspace B
    Esc          MENU (pause)

The screens are the device's own (pips.ui.app.App) drawing on a DioSurface.

`pips sim --keys FILE` plays a key file in the window first, then the
keyboard takes over; `--frames N --window-shot w.png` closes the window after
N frames and saves it.

Headless, for scripts, tests and README screenshots (no window at all):

    pips sim --headless --keys session.keys --shot out.png
    pips sim --headless --lang fa --keys session.keys --shot out.png   (in Persian)

Link play over TCP, the window's wire (pips.ui.link): `pips sim --host block`
opens Block's linked set-up (Start opens the lobby, listening on --port,
7700 by default), `pips sim --join 127.0.0.1:7700` joins it; the title's
Link entry does the same.

A key file holds one command a line (`#` starts a comment):

    A | B | LEFT | RIGHT | UP | DOWN | MENU   tap the key (held 3 frames, then 3 up)
    hold A 25          hold a key for 25 frames (a long A is B)
    wait 30            30 frames with no key (a frame is 33 ms)
    shot NAME          save the screen now as --shot-dir/NAME.png (or shot path.png),
                       scaled by --scale
    until match 4000   tap A every few frames until the match result shows (at most
                       4000 frames); also `until hand`, `until table`, `until handover`,
                       `until linked` (a linked table: --host, --join); `until idle`
                       waits, tapping nothing, until a linked table's last messages
                       are acknowledged
    seed 7             (first line only) the seed of the app's matches
    seat 2 random      on the set-up screen, seat 2 (from 0) taken by a bot the
                       screen does not offer (the random bot, for tests)

`--shot out.png` also saves the last screen when the script ends.
"""

import argparse
import os
import struct
import sys
import time
import zlib

# pygame's banner and the sound system's complaints are not the player's business:
# the simulator makes no sound
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

FRAME_MS = 33
TAP_FRAMES = 3

KEY_NAMES = ("LEFT", "RIGHT", "UP", "DOWN", "A", "B", "MENU")


def key_bit(name):
    from pips.ui import keys as K

    name = name.upper()
    if name not in KEY_NAMES:
        raise ValueError("no key %r (keys: %s)" % (name, " ".join(KEY_NAMES)))
    return getattr(K, name)


# -- screenshots ---------------------------------------------------------------
def png_bytes(width, height, rgb_rows):
    """A PNG file from rows of RGB bytes (no pygame or PIL needed)."""

    def chunk(tag, data):
        body = tag + data
        crc = struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
        return struct.pack(">I", len(data)) + body + crc

    raw = b"".join(b"\x00" + row for row in rgb_rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def indexes(surface):
    """The screen as one palette index a pixel, row by row (bytes)."""
    w = surface.width
    h = surface.height
    out = bytearray(w * h)
    get = surface.get_pixel
    for y in range(h):
        for x in range(w):
            out[y * w + x] = get(x, y)
    return bytes(out)


def save_png(surface, path, scale=2):
    write_png(path, surface.width, surface.height, indexes(surface), scale)


def write_png(path, w, h, pixels, scale=2):
    """Palette indexes (one byte a pixel, row by row) to a PNG file."""
    from pips.ui.palette import RGB888

    colors = [bytes(((c >> 16) & 255, (c >> 8) & 255, c & 255)) * scale for c in RGB888]
    rows = []
    for y in range(h):
        row = b"".join(colors[i] for i in pixels[y * w : (y + 1) * w])
        for _ in range(scale):
            rows.append(row)
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    with open(path, "wb") as f:
        f.write(png_bytes(w * scale, h * scale, rows))


# -- running a key script ---------------------------------------------------------
class Driver:
    """Feeds an App frames with synthetic time (tests and headless runs)."""

    def __init__(self, app):
        self.app = app
        self.now = 0
        self.frames = 0

    def step(self, raw=0):
        self.now += FRAME_MS
        self.frames += 1
        self.app.frame(raw, self.now)

    def tap(self, bit, frames=TAP_FRAMES):
        for _ in range(frames):
            self.step(bit)
        for _ in range(TAP_FRAMES):
            self.step(0)

    def wait(self, frames):
        for _ in range(frames):
            self.step(0)

    def screen_name(self):
        return type(self.app.screen).__name__

    def until(self, what, limit):
        """Tap A now and then until the named screen shows; False if it never
        did. `idle`: no tap, until a linked table's messages are all
        acknowledged (its last ones out before the run ends)."""
        from pips.ui.keys import A

        if what == "idle":
            start = self.frames
            while self.frames - start < limit:
                linked = self.app.linked
                if linked is None or linked.idle():
                    return True
                self.step(0)
            return False

        target = {
            "match": ("MatchResultScreen", "GuestResultScreen"),  # (a linked guest's: pips.ui.link)
            "hand": "HandResultScreen",
            "table": "TableScreen",
            "linked": "LinkTableScreen",
            "handover": "HandOverScreen",
        }[what]
        if not isinstance(target, tuple):
            target = (target,)
        start = self.frames
        while self.frames - start < limit:
            if self.screen_name() in target:
                return True
            self.tap(A)
        return self.screen_name() in target


def run_script(app, lines, shot_scale=2, shots=None, shot_dir=".", driver=None):
    """Run key-file lines against app; return the Driver. `shots` collects
    (name, palette indexes of the screen) when given, else shots are written
    as PNG files (a bare name goes to shot_dir/name.png). Pass the driver of
    an earlier run to go on from it (its clock goes on)."""
    d = driver if driver is not None else Driver(app)
    for number, line in enumerate(lines, 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        cmd = words[0].lower()
        try:
            if cmd == "wait":
                frames = int(words[1])
                if frames < 0:
                    raise ValueError("wait takes frames, 0 or more")
                d.wait(frames)
            elif cmd == "hold":
                bit = key_bit(words[1])
                d.tap(bit, int(words[2]) if len(words) > 2 else 25)
            elif cmd == "shot":
                if shots is not None:
                    shots.append((words[1], indexes(app.surface)))
                else:
                    path = words[1]
                    if not path.endswith(".png"):
                        path = os.path.join(shot_dir, path + ".png")
                    save_png(app.surface, path, shot_scale)
            elif cmd == "until":
                if not d.until(words[1], int(words[2]) if len(words) > 2 else 6000):
                    if words[1] == "idle":
                        raise ValueError("the linked table's messages never all went out")
                    raise ValueError("never reached the %s screen" % words[1])
            elif cmd == "seed":
                pass
            elif cmd == "seat":
                from pips.bots import BOTS

                if words[2] not in BOTS:
                    raise ValueError("no bot %r" % words[2])
                if d.screen_name() != "SetupScreen":
                    raise ValueError("seat: not on a table's set-up screen")
                app.screen.levels[int(words[1])] = words[2]
            else:
                d.tap(key_bit(cmd))
        except (IndexError, ValueError) as e:
            raise ValueError("key file line %d (%r): %s" % (number, line, e))
    return d


def setup_script(game_index, game_class, levels, options=None):
    """Key lines that pick a game on a fresh title screen and set its table:
    `levels` one per seat ("human", "easy", "greedy", "smart"; or "random",
    which the screen does not offer: set by a `seat` line), then Start."""
    from pips.match import SEAT_CHOICES as LEVELS

    out = ["RIGHT"] * game_index + ["A"]
    out += ["A"] * (len(levels) - game_class.min_players)  # seats
    from pips.ui.app import App

    default = ["human"] + [App.level] * (game_class.max_players - 1)  # a new app's
    row = 0
    for seat, level in enumerate(levels):
        out += ["RIGHT"] * (1 + seat - row)
        row = 1 + seat
        if level not in LEVELS:
            out.append("seat %d %s" % (seat, level))  # a bot for tests, not on the screen
            continue
        out += ["A"] * ((LEVELS.index(level) - LEVELS.index(default[seat])) % len(LEVELS))
    for i, (key, value, allowed) in enumerate(game_class.options):
        want = (options or {}).get(key, value)
        out += ["RIGHT"] * (1 + len(levels) + i - row)
        row = 1 + len(levels) + i
        out += ["A"] * ((list(allowed).index(want) - list(allowed).index(value)) % len(allowed))
    start = 1 + len(levels) + len(game_class.options) + 1
    out += ["RIGHT"] * (start - row)
    out.append("A")
    return out


def script_seed(lines, default=1):
    for number, line in enumerate(lines, 1):
        words = line.split("#", 1)[0].split()
        if words and words[0].lower() == "seed":
            if len(words) != 2 or not words[1].isdigit() or not words[1].isascii():
                raise ValueError("key file line %d (%r): a seed is a whole number" % (number, line))
            return int(words[1])
    return default


def read_keys(path):
    """The lines of a key file; ValueError saying why it cannot be read."""
    try:
        with open(path) as f:
            return f.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError("cannot read the key file %s: %s" % (path, getattr(e, "strerror", e) or e))


def make_app(width=240, height=135, seed=1, display=None, data=None, keys=None, language=None,
             force_language=False, link=None):
    """The device's App on a DioSurface (shown on `display` if given);
    `data`: the folder it keeps its match, settings and statistics in;
    `keys`: the board's key scheme (boards/board_table.py); `language`: its
    words' (pips.lang.CODES; English by default), unless the settings kept
    in `data` name another, or `force_language`; `link`: its wire for link
    play (App's: ("tcp", port, address) in the window)."""
    from pips.ui.diosurface import DioSurface
    from pips.ui.app import App

    surface = DioSurface(width, height, display)
    app = App(surface, width, height, None, seed, data, keys=keys, language=language, link=link)
    if force_language and language and app.language != language:
        from pips import lang

        app.language = language
        lang.use(language)
        app.home()
    return app


def link_of(args):
    """The window's wire for link play: TCP, listening on --port, joining
    --join's address (or this machine's --port)."""
    return ("tcp", args.port, args.join or "127.0.0.1:%d" % args.port)


def open_link(app, args):
    """--host GAME: the linked set-up of GAME first; --join: the join screen."""
    if args.host:
        from pips import games
        from pips.ui.link import HostSetupScreen

        app.open(HostSetupScreen, games.get(args.host))
    elif args.join:
        from pips.ui.link import JoinScreen

        app.open(JoinScreen)


def headless(args):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    lines = read_keys(args.keys) if args.keys else []
    app = make_app(args.width, args.height, script_seed(lines, args.seed), keys=args.key_scheme,
                   language=args.language, link=link_of(args))
    open_link(app, args)
    d = run_script(app, lines, args.scale, None, args.shot_dir)
    if args.frames > 0:  # after the key file (if any), so many frames more
        d.wait(args.frames)
    for path in args.shot or ():
        save_png(app.surface, path, args.scale)
    print(
        "%d frames, screen %s, %d pixels sent in %d windows"
        % (d.frames, d.screen_name(), app.surface.pixels_sent, app.surface.windows_sent)
    )
    return 0


# -- the window ------------------------------------------------------------------------
LEGEND = (
    "keys",
    "arrows  move",
    "z Enter A",
    "hold A  B",
    "x Bksp  B",
    "Esc  menu",
    "",
    "close the",
    "window to",
    "quit",
)


def window(args):
    import contextlib
    import io

    import pygame
    from pips.ui import keys as K

    # Blinka's board detection prints a warning that this desktop is not a
    # microcontroller, twice: true, and nothing a player needs to read
    with contextlib.redirect_stdout(io.StringIO()):
        import displayio
        import terminalio
        from adafruit_display_text import label
        from blinka_displayio_pygamedisplay import PyGameDisplay
        import busdisplay

    class HandheldDisplay(PyGameDisplay):
        """PyGameDisplay redraws its whole window on every refresh; displayio's
        own bookkeeping knows the dirty areas, so refresh only those (a move
        then costs a few tiles' worth of Python pixel loops, not the window)."""

        def _get_refresh_areas(self):
            return busdisplay.BusDisplay._get_refresh_areas(self)

    scale = args.zoom
    legend_w = 200
    display = HandheldDisplay(
        width=args.width * scale + legend_w,
        height=max(args.height * scale, 150),
        caption="Pips handheld",
        auto_refresh=False,
    )
    # play the key file first, then hand over to the keyboard
    lines = read_keys(args.keys) if args.keys else []
    seed = script_seed(lines, args.seed if args.seed is not None else int(time.time()))
    # played by hand, the window keeps its match as `pips play` does (a key
    # file plays from a fresh start)
    from pips_sim.folders import data_folder

    app = make_app(args.width, args.height, seed, display, None if lines else data_folder(),
                   args.key_scheme, args.language, args.lang is not None, link_of(args))
    open_link(app, args)
    played = run_script(app, lines, args.scale, None, args.shot_dir).now if lines else 0
    root = displayio.Group()
    screen = displayio.Group(scale=scale)
    screen.append(app.surface.group)
    root.append(screen)
    for i, text in enumerate(LEGEND):
        root.append(
            label.Label(
                terminalio.FONT,
                text=text,
                color=0xFFB000 if i == 0 else 0xF0F0F0,
                x=args.width * scale + 12,
                y=14 + 24 * i,
                scale=2,
            )
        )
    display.root_group = root
    keymap = {
        pygame.K_LEFT: K.LEFT,
        pygame.K_RIGHT: K.RIGHT,
        pygame.K_UP: K.UP,
        pygame.K_DOWN: K.DOWN,
        pygame.K_z: K.A,
        pygame.K_RETURN: K.A,
        pygame.K_x: K.B,
        pygame.K_BACKSPACE: K.B,
        pygame.K_ESCAPE: K.MENU,
    }
    held = 0
    start = time.monotonic()
    display.refresh()
    frames = 0
    while app.running and frames != args.frames:
        frames += 1
        now = played + int((time.monotonic() - start) * 1000)
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                app.running = False
            elif event.type == pygame.KEYDOWN and event.key in keymap:
                held |= keymap[event.key]
                app.keys.poll(held, now)  # a tap shorter than a frame still counts
            elif event.type == pygame.KEYUP and event.key in keymap:
                held &= ~keymap[event.key]
                app.keys.poll(held, now)
        app.frame(held, now)
        display.refresh()
        time.sleep(max(0, FRAME_MS / 1000 - (time.monotonic() - start - (now - played) / 1000)))
    if args.window_shot and display._pygame_screen is not None:
        pygame.image.save(display._pygame_screen, args.window_shot)
    pygame.quit()
    return 0


# The largest window (and headless screenshot) the simulator makes, in pixels
MAX_WIDTH = 1280
MAX_HEIGHT = 960


class OneLineParser(argparse.ArgumentParser):
    """Errors in one line on stderr, exit 2 (as the pips command's)."""

    def error(self, message):
        self.exit(2, "%s: error: %s\n" % (self.prog, message))


def main(argv=None):
    p = OneLineParser(prog="pips sim", description=__doc__.split("\n\n")[0])
    p.add_argument("--headless", action="store_true", help="no window: run --keys and save --shot")
    p.add_argument("--keys", help="key file (see the module docstring); with a window, it is "
                   "played first and the keyboard takes over")
    p.add_argument("--shot", action="append", help="PNG of the last screen (repeatable)")
    p.add_argument("--shot-dir", default=".", help="where `shot NAME` lines save NAME.png")
    p.add_argument("--board", help="a board of boards/board_table.py: its panel's size and its "
                   "key scheme (default: 240x135, the joystick)")
    p.add_argument("--width", type=int, help="the screen's width (default 240, or the board's)")
    p.add_argument("--height", type=int, help="the screen's height (default 135, or the board's)")
    p.add_argument("--scale", type=int, default=2, help="screenshot scale (default 2)")
    p.add_argument("--zoom", type=int, default=3, help="window scale (default 3)")
    p.add_argument("--seed", type=int, help="seed of the matches, 0 or more (default: the clock; "
                   "headless 1)")
    p.add_argument("--frames", type=int, help="close the window after this many frames (headless: "
                   "so many frames after the key file)")
    p.add_argument("--window-shot", help="save the whole window (PNG) when it closes")
    p.add_argument("--host", metavar="GAME", help="host a linked table of GAME over TCP: its set-up, "
                   "then the lobby (the title's Link entry does the same)")
    p.add_argument("--join", metavar="ADDRESS", help="join a linked table over TCP at HOST:PORT")
    p.add_argument("--port", type=int, default=7700, help="the TCP port a host listens on "
                   "(default 7700)")
    p.add_argument("--lang", help="the screens' language: en, cs, pl or fa (default: the settings "
                   "kept, else from the LANG environment variable, else English)")
    args = p.parse_args(argv)
    from pips import lang

    if args.lang is not None and args.lang not in lang.CODES:
        p.error("--lang: no language %r (try: %s)" % (args.lang, ", ".join(lang.CODES)))
    args.language = args.lang or lang.from_environment(os.environ.get("LANG"))
    args.key_scheme = None
    if args.board:
        from pips_tools.firmware import boards

        try:
            row = boards().entry(args.board)
        except ValueError as e:
            p.error(str(e))
        args.width = args.width or row[1]
        args.height = args.height or row[2]
        args.key_scheme = row[3]
    args.width = 240 if args.width is None else args.width
    args.height = 135 if args.height is None else args.height
    for name in ("width", "height", "scale", "zoom"):
        if getattr(args, name) <= 0:
            p.error("--%s must be 1 or more" % name)
    if args.seed is not None and args.seed < 0:
        p.error("--seed takes a whole number 0 or more, not %d" % args.seed)
    if args.frames is not None and args.frames < 1:
        p.error("--frames takes 1 or more, not %d" % args.frames)
    if args.frames is None:
        args.frames = -1
    if args.host is not None:
        from pips import games

        if args.host not in games.names():
            p.error("--host: no game %r (games: %s)" % (args.host, ", ".join(games.names())))
    if args.join is not None and (":" not in args.join or not args.join.rsplit(":", 1)[1].isdigit()):
        p.error("--join takes HOST:PORT, not %r" % args.join)
    if not 0 < args.port < 65536:
        p.error("--port takes 1 to 65535, not %d" % args.port)
    if args.width < 64 or args.height < 64:
        p.error("the screen must be at least 64x64 pixels")
    largest = max(args.scale, 1 if args.headless else args.zoom)
    if args.width * largest > MAX_WIDTH or args.height * largest > MAX_HEIGHT:
        p.error("%dx%d at %dx is over %dx%d pixels: make --width, --height or --%s smaller"
                % (args.width, args.height, largest, MAX_WIDTH, MAX_HEIGHT,
                   "scale" if largest == args.scale else "zoom"))
    try:
        if args.headless:
            if args.seed is None:
                args.seed = 1
            return headless(args)
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                or os.environ.get("SDL_VIDEODRIVER") or sys.platform in ("darwin", "win32")):
            sys.stderr.write(
                "pips sim: error: no display to open a window on (DISPLAY is not set);"
                " try pips sim --headless --keys FILE --shot out.png\n"
            )
            return 1
        return window(args)
    except ValueError as e:
        sys.stderr.write("pips sim: error: %s\n" % e)
        return 2


if __name__ == "__main__":
    sys.exit(main())
