"""A screen of text a page at a time: a title, a few heading lines, rows
paged with LEFT/RIGHT when they do not fit, and a footer. The results, the
rules page and the statistics are such screens."""

from pips import lang
from pips.ui import keys as K
from pips.ui.palette import FELT, HINT
from pips.ui.screen import Screen


class PagedScreen(Screen):
    """`content()` gives the headings and rows; the keys in `done_keys`
    call `done()`."""

    title = ""
    title_key = None  # the title's phrase in the catalogue (pips.lang), if not set otherwise
    footer_key = "go_on"  # the footer's
    done_keys = K.A

    def __init__(self, app):
        Screen.__init__(self, app)
        if self.title_key is not None:
            self.title = lang.text(self.title_key)
        self.footer = lang.text(self.footer_key)
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
        for row in self.heads:
            self.row(row, y)
            y += line_h
        foot = self.app.height - line_h
        per_page = max(1, (foot - y) // line_h)
        self.pages = max(1, (len(self.rows) + per_page - 1) // per_page)
        if self.page >= self.pages:
            self.page = self.pages - 1
        for row in self.rows[self.page * per_page : (self.page + 1) * per_page]:
            self.row(row, y)
            y += line_h
        foot_text = K.hint(self.footer, self.app.key_scheme)
        if self.pages > 1:
            more = "< %s/%s >" % (lang.num(self.page + 1), lang.num(self.pages))
            foot_text = lang.join((foot_text, more), "  ")
        foot_text = s.text_fit(foot_text, self.app.width - 8, lang.rtl())
        s.text(foot_text, self.x_of(foot_text), foot + 1, HINT)

    def row(self, row, y):
        """Draw a row: (text, colour), or (cells, colour, stops): the cells
        (texts) in columns, the i-th cell's right edge stops[i] pixels in from
        the line's start (a column of numbers lines up on its right)."""
        s = self.s
        if len(row) == 2:
            text = s.text_fit(row[0], self.app.width - 8, lang.rtl())
            s.text(text, self.x_of(text), y, row[1])
            return
        cells, ink, stops = row
        rtl = lang.rtl()
        start = 0
        for i in range(len(cells)):
            w = s.text_width(cells[i])
            x = 4 + (stops[i] - w if stops[i] else start)
            if rtl:
                x = self.app.width - x - w
            s.text(cells[i], x, y, ink)
            start = (stops[i] if stops[i] else start + w) + s.char_w

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
