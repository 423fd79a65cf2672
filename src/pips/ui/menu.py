"""A screen that is a list to pick from: the title, the table set-up, the pause menu."""

from pips import const, lang
from pips.ui import keys as K
from pips.ui.palette import FELT, TEXT, HIGHLIGHT, BLACK, HINT, WARNING
from pips.ui.screen import Screen

# With the App's clock, a list drawn whole stops before a row once this long
# has passed since the frame began; the rows left are drawn in the next frame
# (MenuScreen.frame): the 320x240 title drawn whole in its first frame took
# 36-38 ms on the emulated Pico with its flush (pips_tools.pico), 1-2 ms a row
_ROWS_MS = const(18)


class MenuScreen(Screen):
    """A title and a list of items; LEFT/UP and RIGHT/DOWN move, A picks, B goes back."""

    title = ""
    title_key = None  # the title's phrase in the catalogue (pips.lang), if not set otherwise
    hint_key = "hint.choose"  # the footer's phrase (None: `hint` says it)

    def __init__(self, app):
        Screen.__init__(self, app)
        if self.title_key is not None:
            self.title = lang.text(self.title_key)
        if self.hint_key is not None:
            self.hint = lang.text(self.hint_key)
        self.cursor = 0
        self.top = 0
        self.drawn_cursor = -1
        self.rest = 0  # the first row a list drawn whole left to the next frame (0: none)

    def items(self):
        return ()

    def enter(self):
        self.s.fill(FELT)
        self.body_y = self.header(self.title) + 4
        s = self.s
        foot = self.app.height - s.char_h - 2
        hint = s.text_fit(K.hint(self.hint, self.app.key_scheme), self.app.width - 8, lang.rtl())
        s.text(hint, self.x_of(hint), foot, HINT)
        self.row_h = s.char_h + 4
        self.rows = max(1, (foot - 2 - self.body_y) // self.row_h)
        self.draw_items()

    def list_width(self):
        return self.app.width

    def draw_items(self, only=(), first=0):
        """The visible rows; `only` names the rows to repaint when the list
        did not scroll (a cursor step repaints two rows, not the list).
        Drawn whole, with the App's clock: the rows from `first` on, none
        begun once _ROWS_MS of the frame have passed (the others wait in
        `rest`)."""
        s = self.s
        items = self.items()
        if self.cursor >= len(items):
            self.cursor = len(items) - 1
        top = self.top
        if self.cursor < self.top:
            self.top = self.cursor
        if self.cursor >= self.top + self.rows:
            self.top = self.cursor - self.rows + 1
        if self.top != top:
            only = ()
            first = 0
        w = self.list_width()
        rtl = lang.rtl()
        clock = None
        if not only:
            if not first:
                s.fill_rect(0, self.body_y, w, self.rows * self.row_h, FELT)
            self.rest = 0
            clock = self.app.clock_ms
        for r in range(first, self.rows):
            i = self.top + r
            if i >= len(items):
                break
            if only and i not in only:
                continue
            # (the first row at least, so that a frame always draws one)
            if r and clock is not None and K.ticks_diff(clock(), self.app.now) >= _ROWS_MS:
                self.rest = r  # this row and those below it: the next frame
                self.drawn_cursor = self.cursor
                return
            y = self.body_y + r * self.row_h
            item = s.text_fit(items[i], w - 20, rtl)  # room for the scroll marks
            if i == self.cursor:
                s.fill_rect(2, y, w - 4, self.row_h - 1, HIGHLIGHT)
                s.text(item, self.x_of(item, 8, w), y + 2, BLACK)
            else:
                if only:  # (drawn whole, the body is felt already)
                    s.fill_rect(2, y, w - 4, self.row_h - 1, FELT)
                s.text(item, self.x_of(item, 8, w), y + 2, TEXT)
        mark_x = 4 if rtl else w - 10  # the scroll marks, on the side the rows end
        if self.top > 0:
            s.text("^", mark_x, self.body_y, TEXT)
        if self.top + self.rows < len(items):
            s.text("v", mark_x, self.body_y + (self.rows - 1) * self.row_h, TEXT)
        self.drawn_cursor = self.cursor

    def frame(self, presses, now):
        if self.rest:
            self.draw_items((), self.rest)  # the rows the last frame left
        n = len(self.items())
        if presses & K.PREV:
            self.cursor = (self.cursor - 1) % n
        if presses & K.NEXT:
            self.cursor = (self.cursor + 1) % n
        if self.cursor != self.drawn_cursor:
            self.draw_items((self.drawn_cursor, self.cursor))
        if presses & K.A:
            self.press(self.cursor, now)
            self.pick(self.cursor)
        elif presses & (K.B | K.MENU):
            self.back()

    def press(self, i, now):
        """Row `i` shown pressed, sent at once: what the pick does next (a
        game's module to load, a screen to draw whole) may take a frame or
        two, the press shows within the frame (pick redraws the row, or the
        next screen covers it). Sent at once only when nothing else waits to
        be sent: behind what is left of a whole screen, the flush took the
        frame's 27 ms and the pick's work came after them (a frame of 44 ms
        on the emulated Pico's 320x240 set-up, pips_tools.pico)."""
        r = i - self.top
        if 0 <= r < self.rows:
            s = self.s
            idle = not s.dirty
            w = self.list_width()
            y = self.body_y + r * self.row_h
            s.fill_rect(2, y, w - 4, self.row_h - 1, TEXT)
            s.text(self.items()[i], 8, y + 2, BLACK)
            if idle:
                s.flush(self.app.clock_ms, now)

    def warn(self, text):
        """`text` in the footer, in the warning's colour, and the pressed row
        as it was: a pick refused, nothing changed."""
        s = self.s
        foot = self.app.height - s.char_h - 2
        s.fill_rect(0, foot, self.app.width, s.char_h + 2, FELT)
        text = s.text_fit(text, self.app.width - 8, lang.rtl())
        s.text(text, self.x_of(text), foot, WARNING)
        self.draw_items((self.cursor,))

    def pick(self, i):
        pass

    def back(self):
        pass
