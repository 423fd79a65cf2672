"""A screen of text a page at a time: a title, a few heading lines, rows
paged with LEFT/RIGHT when they do not fit, and a footer. The results, the
rules page and the statistics are such screens."""

from pips.ui import keys as K
from pips.ui.palette import FELT, HINT
from pips.ui.screen import Screen


class PagedScreen(Screen):
    """`content()` gives the headings and rows; the keys in `done_keys`
    call `done()`."""

    title = ""
    footer = "A: go on"
    done_keys = K.A

    def __init__(self, app):
        Screen.__init__(self, app)
        self.page = 0
        self.pages = 1

    def content(self):
        """([(text, colour)] headings, [(text, colour)] rows)."""
        return [], []

    def enter(self):
        self.heads, self.rows = self.content()
        self.draw()

    def draw(self):
        s = self.s
        s.fill(FELT)
        y = self.header(self.title) + 3
        line_h = s.char_h + 3
        for text, ink in self.heads:
            s.text(text, 4, y, ink)
            y += line_h
        foot = self.app.height - line_h
        per_page = max(1, (foot - y) // line_h)
        self.pages = max(1, (len(self.rows) + per_page - 1) // per_page)
        if self.page >= self.pages:
            self.page = self.pages - 1
        for text, ink in self.rows[self.page * per_page : (self.page + 1) * per_page]:
            s.text(text, 4, y, ink)
            y += line_h
        more = "  < %d/%d >" % (self.page + 1, self.pages) if self.pages > 1 else ""
        s.text(K.hint(self.footer, self.app.key_scheme) + more, 4, foot + 1, HINT)

    def frame(self, presses, now):
        if presses & K.NEXT and self.page + 1 < self.pages:
            self.page += 1
            self.draw()
        elif presses & K.PREV and self.page > 0:
            self.page -= 1
            self.draw()
        elif presses & self.done_keys:
            self.done()

    def done(self):
        pass
