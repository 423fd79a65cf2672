"""The settings screen and the statistics screen, both reached from the title
(pips.settings keeps what they show)."""

from pips.settings import BRIGHTNESS, level_name, read_stats, HEAD
from pips.ui.menu import MenuScreen
from pips.ui.pages import PagedScreen
from pips.ui.palette import DIM, TEXT

TABLE_GAME = "uno"  # the game whose table options the settings show


class SettingsScreen(MenuScreen):
    """A row a setting; A changes it, B (or hold A) keeps them and goes back."""

    title = "Settings"
    hint = "A: change  hold A: back"

    def __init__(self, app):
        MenuScreen.__init__(self, app)
        from pips import games

        self.game_class = games.get(TABLE_GAME)

    def table(self):
        """The table game's last set-up, made from the defaults the first time."""
        from pips.ui.title import first_levels

        setups = self.app.settings.setups
        g = self.game_class
        if g.name not in setups:
            setups[g.name] = (g.min_players, first_levels(g, self.app.settings.level), g.table())
        return setups[g.name][2]

    def items(self):
        st = self.app.settings
        out = [
            "Brightness: %d%%" % st.brightness,
            "Bots: %s" % level_name(st.level),
            "Tiles: %s" % ("pictures" if self.app.picture_tiles else "pips"),
        ]
        options = self.table()
        for key, default, allowed in self.game_class.options:
            out.append("%s %s: %s" % (self.game_class.title, key, options[key]))
        return out

    def pick(self, i):
        app = self.app
        st = app.settings
        if i == 0:
            at = BRIGHTNESS.index(st.brightness) if st.brightness in BRIGHTNESS else -1
            st.brightness = BRIGHTNESS[(at + 1) % len(BRIGHTNESS)]
            if app.backlight is not None:
                app.backlight(st.brightness)
        elif i == 1:
            levels = ("random", "greedy", "smart")
            st.level = levels[(levels.index(st.level) + 1) % 3]
            # the tables set up before take the new level for their bots
            for name in st.setups:
                players, seats, options = st.setups[name]
                seats = [lv if lv == "human" else st.level for lv in seats]
                st.setups[name] = (players, seats, options)
        elif i == 2:
            app.picture_tiles = not app.picture_tiles
        else:
            key, default, allowed = self.game_class.options[i - 3]
            options = self.table()
            at = allowed.index(options[key]) if options[key] in allowed else -1
            options[key] = allowed[(at + 1) % len(allowed)]
        self.draw_items((i,))

    def back(self):
        self.app.keep_settings()
        self.app.home()


class StatsScreen(PagedScreen):
    """Per game and bots' level: matches played, won, the best score."""

    title = "Statistics"
    footer = "A: back"

    def content(self):
        from pips import games

        lines = read_stats(self.app.store).lines(games.title)
        rows = [(line, TEXT) for line in lines] or [("no match played yet", DIM)]
        return [(HEAD, DIM)], rows

    def done(self):
        self.app.home()
