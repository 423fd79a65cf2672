"""The title screen: the games, the settings and statistics, link play
(pips.ui.link), Quit. A game picked opens its table set-up
(pips.ui.table_setup)."""

from pips import games, lang
from pips.ui.menu import MenuScreen
from pips.ui.palette import FELT, BLACK, WARNING, IVORY, PIP, HINT
from pips.ui.table_setup import SetupScreen


class TitleScreen(MenuScreen):
    hint_key = None  # the hint says whether a match is kept
    picked = -1  # a game picked, its module loaded in the next frame

    @property
    def title(self):
        return lang.text("title")

    def frame(self, presses, now):
        i = self.picked
        if i >= 0:
            # the frame after the pick: the row showed pressed, now the game's
            # module loads (with the press in one frame, 34 ms on the emulated
            # Pico for Matador's, docs/figures.md)
            self.picked = -1
            self.app.keys.pending |= presses  # a key pressed meanwhile goes to the next screen
            self.open_game(i)
            return
        MenuScreen.frame(self, presses, now)

    def items(self):
        kept = self.app.kept  # games with a match kept: marked
        titles = [lang.title(card) + (" *" if card.NAME in kept else "") for card, _ in games.GAMES]
        return titles + [lang.text("title.settings"), lang.text("title.link"), lang.text("title.quit")]

    @property
    def hint(self):
        return lang.text("hint.kept" if self.app.kept else "hint.choose")

    def enter(self):
        MenuScreen.enter(self)
        # a little decoration on the right, where the list leaves room: a
        # die's five, drawn here. A tile or a card would bring its piece
        # module into the sessions of the games that draw the other kind.
        w = self.app.width
        x = (self.list_width() + w - 27) // 2
        if x > 110:
            s = self.s
            y = self.body_y + 4
            s.fill_rect(x, y, 27, 27, PIP)
            s.fill_rect(x + 1, y + 1, 25, 25, IVORY)
            at = b"\x05\x05\x12\x05\x0b\x0b\x05\x12\x12\x12"  # the pips' (dx, dy)
            for i in range(0, 10, 2):
                s.fill_rect(x + at[i], y + at[i + 1], 4, 4, PIP)

    def list_width(self):
        # a wide screen keeps its right part for the decoration (as wide as
        # 13 lines of text are high: 130 pixels at 240x135)
        w = self.app.width
        return min(w - 40, 13 * self.s.char_h) if w > 200 else w

    def pick(self, i):
        names = games.names()
        if i == len(names):
            from pips.ui.settings_screen import SettingsScreen  # loaded when first opened

            self.app.open(SettingsScreen)
            return
        if i == len(names) + 1:
            from pips.ui.link import LinkScreen  # loaded when first opened

            self.app.open(LinkScreen)
            return
        if i > len(names):
            self.app.running = False
            self.s.fill(BLACK)
            self.s.text_center(lang.text("bye"), 0, self.app.height // 2, self.app.width, HINT)
            return
        self.picked = i

    def open_game(self, i):
        names = games.names()
        try:
            game_class = games.get(names[i])
        except ImportError:  # a game left out of this board's files: said in the footer
            foot = self.app.height - self.s.char_h - 2
            self.s.text(lang.text("not_here"), self.x_of(lang.text("not_here")), foot, WARNING, FELT)
            self.draw_items((i,))  # no longer pressed
            return
        if names[i] in self.app.kept:
            from pips.ui.resume import KeptScreen  # resume it, or a new match

            self.app.go(KeptScreen(self.app, game_class))
            return
        self.app.go(SetupScreen(self.app, game_class))
