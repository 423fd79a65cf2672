"""The settings screen, reached from the title, and the statistics screen,
reached from the settings (pips.settings and pips.stats keep what they
show)."""

from pips import lang
from pips.ui.screen import game_title
from pips.settings import BRIGHTNESS, level_name, write_settings
from pips.ui.menu import MenuScreen
from pips.ui.paged import PagedScreen
from pips.ui.table_setup import SetupScreen
from pips.ui.palette import TEXT, HINT

TABLE_GAME = "uno"  # the game whose table options the settings show
_BOTS = ("easy", "greedy", "smart")


class SettingsScreen(MenuScreen):
    """A row a setting; A changes it, B (or hold A) keeps them and goes back."""

    title_key = "settings"
    hint_key = "hint.change"

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
            lang.text("set.brightness", lang.num(app.brightness)),
            lang.text("set.bots", level_name(app.level)),
            lang.text("set.tiles", lang.text("set.pictures" if app.picture_tiles else "set.pips")),
        ]
        options = self.options()
        title = game_title(self.game_class)
        for spec in self.game_class.options:
            out.append(lang.text("set.option", title, spec[0], options[spec[0]]))
        if app.sound.tone is not None:  # a board with a buzzer
            out.append(lang.text("sound", lang.text("sound.on" if app.sound.on else "sound.off")))
        language = lang.NAMES[lang.CODES.index(app.language)] if app.language in lang.CODES else app.language
        return out + [lang.text("set.language", language), lang.text("statistics")]

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
        elif i == 4 + len(self.game_class.options) + (app.sound.tone is not None):
            write_settings(app)
            app.open(StatsScreen)
            return
        elif i == 3 + len(self.game_class.options) + (app.sound.tone is not None):  # the language: the next one, every word anew
            codes = lang.CODES
            app.language = codes[(codes.index(app.language) + 1) % len(codes)] if (
                app.language in codes) else codes[0]
            lang.use(app.language)
            self.title = lang.text(self.title_key)
            self.hint = lang.text(self.hint_key)
            app.go(self)  # drawn whole again next frame, right to left in Persian
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

    title_key = "statistics"
    footer_key = "hint.back"

    def content(self):
        from pips import games
        from pips.save import Store
        from pips.settings import HEAD, stats_lines
        from pips import stats

        rows = stats.read(Store(self.app.data) if self.app.data else None)
        lines = []
        for key in sorted(rows):
            played, won, best = rows[key]
            level = lang.text("stats.no_bots") if key[1] == "human" else level_name(key[1])
            title = lang.title(games.card(key[0])) if games.card(key[0]) else key[0]
            lines.append((lang.text("stats.row", title, level, lang.num(won), lang.num(played),
                                    lang.num(best)), TEXT))
        return [(lang.text("stats.head"), HINT)], lines or [(lang.text("stats.none"), HINT)]

    def done(self):
        self.app.open(SettingsScreen)
