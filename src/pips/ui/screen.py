"""What every screen is.

A screen: `enter()` draws it whole, `frame(presses, now)` updates it,
`leave()` forgets what is drawn when another screen comes. A screen goes to
another through its App: `self.app.open(OtherScreen, ...)` for a new one,
`self.app.go(screen)` back to one that exists.
"""

from pips.ui.palette import PANEL, HIGHLIGHT


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

    def header(self, title):
        s = self.s
        h = s.char_h + 4
        s.fill_rect(0, 0, self.app.width, h, PANEL)
        s.text(title, 4, 2, HIGHLIGHT)
        return h
