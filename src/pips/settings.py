"""The player's settings, kept as pips.save keeps a match (a new file renamed
over the old, checked, one generation more): the backlight's brightness, the
bots' level a new table starts with (the player sees Easy, Normal, Hard for
easy, greedy, smart; Normal first), picture or pip tiles, the tables as
last set up from the settings screen (the UNO table's options), and the
Sound setting (a last byte, 1 on; a record without it leaves the sound as
the board has it).

The App holds them (brightness, level, picture_tiles, last_setup) and starts
from the first ones; this module is imported only to read a record kept or
to write one."""

from pips.bots import level_name
from pips.lang import CODES
from pips.save import LEVELS, Store, put, put_options

BRIGHTNESS = (20, 40, 60, 80, 100)  # the steps the settings screen offers


def stats_lines(rows, title):
    """The statistics (pips.stats.read) as text lines under HEAD, game
    by game (title(name): the game's title)."""
    out = []
    for key in sorted(rows):
        played, won, best = rows[key]
        level = "no bots" if key[1] == "human" else level_name(key[1])
        out.append("%-10s %-7s %3d/%-3d %5d" % (title(key[0])[:10], level, won, played, best))
    return out


HEAD = "game       bots    won/play best"


def write_settings(app):
    """Keep the app's settings (in its folder, if it has one)."""
    from pips.games import get

    if app.data is None:
        return
    out = bytearray((1, app.brightness, LEVELS.index(app.level), app.picture_tiles))
    setups = app.last_setup
    out.append(len(setups))
    for name in setups:
        players, levels, options = setups[name]
        put(out, name)
        out.append(players)
        out.append(len(levels))
        for level in levels:
            out.append(LEVELS.index(level))
        put_options(out, get(name), options)
    out.append(1 if app.sound.on else 0)
    out.append(CODES.index(app.language) if app.language in CODES else 0)  # after the rest: older records end before it
    Store(app.data).write("settings", (out,))


def read_settings(store, app):
    """Give the app the settings kept in `store`, if a record is there."""
    store.read("settings", lambda data: _take(data, app))


def _take(data, app):
    from pips.games import get
    from pips.restore import get_options, get_text

    if data[0] != 1 or data[1] > 100:
        raise ValueError("not settings")
    setups = {}
    at = 5
    for _ in range(data[4]):
        name, at = get_text(data, at)
        players = data[at]
        levels = [LEVELS[data[at + 2 + i]] for i in range(data[at + 1])]
        at += 2 + data[at + 1]
        options, at = get_options(data, at, get(name))
        setups[name] = (players, levels, options)
    # after the rest, each in the order it came (an older record ends before it):
    # the Sound setting, then the language
    sound = data[at] if at < len(data) else -1
    if at + 1 < len(data):
        if data[at + 1] >= len(CODES):
            raise ValueError("not settings")
        app.language = CODES[data[at + 1]]  # the App loads its catalogue (pips.lang.use)
    app.brightness = data[1]
    app.level = LEVELS[data[2]]
    app.picture_tiles = bool(data[3])
    app.last_setup = setups
    if sound >= 0:
        app.sound.on = bool(sound) and app.sound.tone is not None
