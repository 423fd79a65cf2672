"""The settings screen, reached from the title, and the statistics screen,
reached from the settings (pips.settings and pips.stats keep what they
show)."""

from pips.settings import BRIGHTNESS, level_name, write_settings
from pips.ui.menu import MenuScreen
from pips.ui.paged import PagedScreen
from pips.ui.table_setup import SetupScreen
from pips.ui.palette import TEXT, HINT

TABLE_GAME = "uno"  # the game whose table options the settings show
_BOTS = ("easy", "greedy", "smart")


class SettingsScreen(MenuScreen):
    """A row a setting; A changes it, B (or hold A) keeps them and goes back."""

    title = "Settings"
    hint = "A: change  hold A: back"

    def __init__(self, app):
        MenuScreen.__init__(self, app)
        from pips import games

        self.game_class = games.get(TABLE_GAME)

    def options(self):
        """The table game's options as last set up (the set-up's first ones
        until then)."""
        setups = self.app.last_setup
        g = self.game_class
        if g.name not in setups:
            SetupScreen(self.app, g).remember()
        return setups[g.name][2]

    def items(self):
        app = self.app
        out = [
            "Brightness: %d%%" % app.brightness,
            "Bots: %s" % level_name(app.level),
            "Tiles: %s" % ("pictures" if app.picture_tiles else "pips"),
        ]
        options = self.options()
        for spec in self.game_class.options:
            out.append("%s %s: %s" % (self.game_class.title, spec[0], options[spec[0]]))
        if app.sound.tone is not None:  # a board with a buzzer
            from pips import lang

            out.append(lang.text("sound", lang.text("sound.on" if app.sound.on else "sound.off")))
        return out + ["Statistics"]

    def pick(self, i):
        app = self.app
        if i == 0:
            steps = BRIGHTNESS
            app.brightness = steps[(steps.index(app.brightness) + 1) % len(steps)] if (
                app.brightness in steps) else steps[-1]
            if app.backlight is not None:
                app.backlight(app.brightness)
        elif i == 1:
            at = _BOTS.index(app.level) if app.level in _BOTS else -1
            app.level = _BOTS[(at + 1) % 3]
            # the tables set up before take the new level for their bots
            setups = app.last_setup
            for name in setups:
                players, seats, options = setups[name]
                seats = [lv if lv == "human" else app.level for lv in seats]
                setups[name] = (players, seats, options)
        elif i == 2:
            app.picture_tiles = not app.picture_tiles
        elif i == 3 + len(self.game_class.options) and app.sound.tone is not None:
            app.sound.on = not app.sound.on
        elif i == 3 + len(self.game_class.options) + (app.sound.tone is not None):
            write_settings(app)
            app.open(StatsScreen)
            return
        else:
            key, default, allowed = self.game_class.options[i - 3]
            options = self.options()
            at = allowed.index(options[key]) if options[key] in allowed else -1
            options[key] = allowed[(at + 1) % len(allowed)]
        self.draw_items((i,))

    def back(self):
        write_settings(self.app)
        self.app.home()


class StatsScreen(PagedScreen):
    """Per game and bots' level: matches won of played, the best score."""

    title = "Statistics"
    footer = "A: back"

    def content(self):
        from pips import games
        from pips.save import Store
        from pips.settings import HEAD, stats_lines
        from pips import stats

        rows = stats.read(Store(self.app.data) if self.app.data else None)
        lines = stats_lines(rows, games.title)
        rows = [(line, TEXT) for line in lines] or [("no match played yet", HINT)]
        return [(HEAD, HINT)], rows

    def done(self):
        self.app.open(SettingsScreen)
