"""The rules page of a game (Game.rules()), from the set-up or the pause menu."""

from pips import lang
from pips.ui.screen import game_title
from pips.ui import keys as K
from pips.ui.palette import TEXT
from pips.ui.paged import PagedScreen


def wrap(text, room, measure, rtl=False):
    """Split text into lines at most `room` pixels wide (`measure(text)`: a
    text's width), at spaces; a word wider than a line is cut. Right to left
    (`rtl`, a text in visual order): the words are read from the right, so
    the first line holds the rightmost words, in their order."""
    words = text.split(" ")
    if rtl:
        words.reverse()
    out = []
    line = []
    width = 0
    space = measure(" ")
    for word in words:
        w = measure(word)
        while w > room:  # a word wider than the line: cut it where it must be
            n = len(word) - 1
            while n > 1 and measure(word[:n]) > room:
                n -= 1
            if line:
                out.append(line)
                line = []
                width = 0
            head, word = (word[len(word) - n:], word[: len(word) - n]) if rtl else (word[:n], word[n:])
            out.append([head])
            w = measure(word)
        if line and width + space + w > room:
            out.append(line)
            line = []
            width = 0
        width += (space if line else 0) + w
        line.append(word)
    out.append(line)
    if rtl:
        return [" ".join(reversed(words)) for words in out]
    return [" ".join(words) for words in out]


class RulesScreen(PagedScreen):
    """The game's short rules, wrapped to the screen, a page at a time; A (or
    B, or MENU) goes back to `back_to`."""

    footer_key = "hint.back"
    done_keys = K.A | K.B | K.MENU

    def __init__(self, app, game_class, back_to):
        PagedScreen.__init__(self, app)
        self.game_class = game_class
        self.back_to = back_to
        self.title = lang.text("rules.title", game_title(game_class))

    def content(self):
        room = self.app.width - 8
        rtl = lang.rtl()
        self.lines = []
        for line in self.game_class.rules() or (lang.text("rules.none"),):
            self.lines.extend(wrap(line, room, self.s.text_width, rtl))
        return [], [(line, TEXT) for line in self.lines]

    def done(self):
        self.app.go(self.back_to)
