"""The player's settings and statistics, kept as pips.save keeps a match
(a new file renamed over the old, checked, one generation more).

Settings: the backlight's brightness, the bots' level a new table starts
with (the player sees Easy, Normal, Hard for random, greedy, smart; Normal
first), picture or pip tiles, and each game's table as last set up (seats,
levels, options: the UNO table's options among them).

Statistics: per game and bots' level, the matches played and won and the
best score (a human's total). A match counts for the strongest bot level at
its table; a table of humans only (or Solitaire) counts as level "human".
"""

from pips.bots import SEAT_LEVELS as LEVELS
NAMES = ("Easy", "Normal", "Hard")  # what the player sees for LEVELS[1:]
BRIGHTNESS = (20, 40, 60, 80, 100)  # the steps the settings screen offers


def level_name(level):
    """"Normal" for "greedy"; a level without a name as it is."""
    i = LEVELS.index(level) - 1 if level in LEVELS else -1
    return NAMES[i] if i >= 0 else level


class Settings:
    def __init__(self):
        self.brightness = 100
        self.level = "greedy"  # the middle level, not the strongest
        self.picture_tiles = False
        self.setups = {}  # game name -> (players, levels, options) last set up

    def encode(self, games_get):
        from pips.save import put_options, put_text

        out = bytearray((1, self.brightness, LEVELS.index(self.level), self.picture_tiles))
        out.append(len(self.setups))
        for name in self.setups:
            players, levels, options = self.setups[name]
            put_text(out, name)
            out.append(players)
            out.append(len(levels))
            for level in levels:
                out.append(LEVELS.index(level))
            put_options(out, games_get(name), options)
        return out

    def decode(self, data, games_get):
        from pips.save import get_options, get_text

        if data[0] != 1 or data[1] > 100:
            raise ValueError("not settings")
        self.brightness = data[1]
        self.level = LEVELS[data[2]]
        self.picture_tiles = bool(data[3])
        at = 5
        for _ in range(data[4]):
            name, at = get_text(data, at)
            players = data[at]
            levels = [LEVELS[data[at + 2 + i]] for i in range(data[at + 1])]
            at += 2 + data[at + 1]
            options, at = get_options(data, at, games_get(name))
            self.setups[name] = (players, levels, options)
        return self


def read_settings(store):
    """The kept settings, or the first ones."""
    from pips.games import get
    from pips.save import SETTINGS

    got = store.read(SETTINGS, lambda data: Settings().decode(data, get)) if store else None
    return got if got is not None else Settings()


def write_settings(store, settings):
    from pips.games import get
    from pips.save import SETTINGS

    store.write(SETTINGS, (settings.encode(get),))


class Stats:
    """(game name, level) -> [played, won, best]"""

    def __init__(self):
        self.rows = {}

    def count(self, name, level, won, score):
        row = self.rows.get((name, level))
        if row is None:
            row = self.rows[(name, level)] = [0, 0, score]
        row[0] += 1
        row[1] += 1 if won else 0
        if score > row[2]:
            row[2] = score

    def encode(self):
        from pips.save import put_int, put_text

        out = bytearray((1, len(self.rows) >> 8, len(self.rows) & 255))
        for key in self.rows:
            put_text(out, key[0])
            out.append(LEVELS.index(key[1]))
            for n in self.rows[key]:
                put_int(out, n)
        return out

    def decode(self, data):
        from pips.save import get_int, get_text

        if data[0] != 1:
            raise ValueError("not statistics")
        at = 3
        for _ in range((data[1] << 8) | data[2]):
            name, at = get_text(data, at)
            level = LEVELS[data[at]]
            row = [0, 0, 0]
            at += 1
            for i in range(3):
                row[i], at = get_int(data, at)
            self.rows[(name, level)] = row
        return self

    def lines(self, titles):
        """The table as text lines, game by game (titles: name -> title)."""
        out = []
        for key in sorted(self.rows):
            played, won, best = self.rows[key]
            level = "no bots" if key[1] == "human" else level_name(key[1])
            out.append("%-10s %-7s %3d %3d %5d" % (titles(key[0])[:10], level, played, won, best))
        return out


HEAD = "game       bots   play won  best"


def read_stats(store):
    from pips.save import STATS

    got = store.read(STATS, lambda data: Stats().decode(data)) if store else None
    return got if got is not None else Stats()


def count_match(store, match, levels):
    """Count a finished match with a human at its table in the statistics."""
    humans = [s for s in range(match.players) if levels[s] == "human"]
    if not humans:
        return
    level = "human"
    for lv in levels:
        if LEVELS.index(lv) > LEVELS.index(level):
            level = lv
    winner = match.winner()
    best = max(match.totals[s] for s in humans)
    stats = read_stats(store)
    stats.count(match.game_class.name, level, winner in humans, best)
    from pips.save import STATS

    store.write(STATS, (stats.encode(),))
