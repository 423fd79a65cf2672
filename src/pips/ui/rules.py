"""The rules page of a game (Game.rules()), from the set-up or the pause menu."""

from pips.ui import keys as K
from pips.ui.palette import TEXT
from pips.ui.paged import PagedScreen


def wrap(text, width):
    """Split text into lines of at most `width` characters, at spaces."""
    out = []
    line = ""
    for word in text.split(" "):
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            out.append(line)
            line = word
        while len(line) > width:
            out.append(line[:width])
            line = line[width:]
    out.append(line)
    return out


class RulesScreen(PagedScreen):
    """The game's short rules, wrapped to the screen, a page at a time; A (or
    B, or MENU) goes back to `back_to`."""

    footer = "A: back"
    done_keys = K.A | K.B | K.MENU

    def __init__(self, app, game_class, back_to):
        PagedScreen.__init__(self, app)
        self.game_class = game_class
        self.back_to = back_to
        self.title = "%s rules" % game_class.title

    def content(self):
        cols = (self.app.width - 8) // self.s.char_w
        self.lines = []
        for line in self.game_class.rules() or ("No rules page yet.",):
            self.lines.extend(wrap(line, cols))
        return [], [(line, TEXT) for line in self.lines]

    def done(self):
        self.app.go(self.back_to)
