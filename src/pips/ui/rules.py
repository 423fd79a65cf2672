"""The rules page of a game (Game.rules()), from the set-up or the pause menu."""

import sys

from pips.ui import keys as K
from pips.ui.palette import FELT, TEXT, DIM
from pips.ui.app import Screen, forget


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


class RulesScreen(Screen):
    """The game's short rules, a page at a time."""

    def __init__(self, app, game_class, back_to):
        Screen.__init__(self, app)
        self.game_class = game_class
        self.back_to = back_to
        self.page = 0

    def uses(self):
        return ("pips.ui.rules",) + self.back_to.uses()

    def enter(self):
        s = self.s
        cols = (self.app.width - 8) // s.char_w
        before = list(sys.modules)
        self.lines = []
        for line in self.game_class.rules() or ("No rules page yet.",):
            self.lines.extend(wrap(line, cols))
        # The text came from a module loaded for the page (Game.rules()): the
        # wrapped lines are all the page needs, the module can go.
        for name in list(sys.modules):
            if name.startswith("pips.") and name not in before:
                forget(name)
        self.draw()

    def draw(self):
        s = self.s
        s.fill(FELT)
        top = self.header("%s rules" % self.game_class.title)
        line_h = s.char_h + 2
        per_page = max(1, (self.app.height - top - line_h - 6) // line_h)
        pages = (len(self.lines) + per_page - 1) // per_page
        self.pages = pages
        if self.page >= pages:
            self.page = pages - 1
        y = top + 3
        for line in self.lines[self.page * per_page : (self.page + 1) * per_page]:
            s.text(line, 4, y, TEXT)
            y += line_h
        s.text("%d/%d  < >  A: back" % (self.page + 1, pages), 4, self.app.height - line_h, DIM)

    def frame(self, presses, now):
        if presses & K.NEXT and self.page + 1 < self.pages:
            self.page += 1
            self.draw()
        elif presses & K.PREV and self.page > 0:
            self.page -= 1
            self.draw()
        elif presses & (K.A | K.B | K.MENU):
            self.app.go(self.back_to)
