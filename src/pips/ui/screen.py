"""What every screen is.

A screen: `enter()` draws it whole, `frame(presses, now)` updates it,
`leave()` forgets what is drawn when another screen comes. A screen goes to
another through its App: `self.app.open(OtherScreen, ...)` for a new one,
`self.app.go(screen)` back to one that exists.

Its words come from the catalogue of the language chosen (pips.lang). In a
language written right to left (Persian) a line of text is laid from the
right edge (x_of()): the header, the menus, the paged screens' rows.
"""

from pips import lang
from pips.ui.palette import PANEL, HIGHLIGHT


def game_title(game_class):
    """A game's name in the language chosen (its card's, pips.lang.title),
    its class's title for a game not registered (a test's own)."""
    from pips import games

    card = games.card(game_class.name)
    return lang.title(card) if card is not None else game_class.title


class Screen:
    def __init__(self, app):
        self.app = app
        self.s = app.surface

    def enter(self):
        """Draw the whole screen (at the start of the first frame it shows)."""
        pass

    def leave(self):
        """Another screen comes: forget what enter() draws again."""
        pass

    def frame(self, presses, now):
        pass

    def x_of(self, text, margin=4, width=0):
        """Where a line of `text` starts: `margin` pixels in from the left, or
        in a language written right to left, from the right edge of `width`
        (the screen's by default)."""
        if lang.rtl():
            return (width or self.app.width) - margin - self.s.text_width(text)
        return margin

    def header(self, title):
        s = self.s
        h = s.char_h + 4
        s.fill_rect(0, 0, self.app.width, h, PANEL)
        title = s.text_fit(title, self.app.width - 8, lang.rtl())
        s.text(title, self.x_of(title), 2, HIGHLIGHT)
        return h
