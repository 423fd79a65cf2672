"""Pass-and-play: the hand-over screen between two humans' turns."""

from pips import lang
from pips.ui import keys as K
from pips.ui.palette import FELT_DARK, TEXT, HIGHLIGHT, HINT
from pips.ui.events import seat_name
from pips.ui.screen import Screen


class HandOverScreen(Screen):
    """The next player's name and nothing else, no hand at all, until that
    player presses A: then the table is theirs to play."""

    def __init__(self, app, table, seat):
        Screen.__init__(self, app)
        self.table = table
        self.seat = seat

    def enter(self):
        s = self.s
        w = self.app.width
        h = self.app.height
        s.fill(FELT_DARK)
        s.text_center(lang.text("pass_to"), 0, h // 2 - 2 * s.char_h, w, TEXT)
        s.text_center(seat_name(self.seat), 0, h // 2 - s.char_h // 2, w, HIGHLIGHT)
        s.text_center(K.hint(lang.text("then_a"), self.app.key_scheme), 0, h // 2 + 2 * s.char_h, w, HINT)

    def frame(self, presses, now):
        if presses & K.A:
            self.table.model.hand_to(self.seat)
            self.app.go(self.table)
        elif presses & K.MENU:
            # back from the pause lands here again, never on the last hand shown
            from pips.ui.pause import PauseScreen

            self.app.open(PauseScreen, self.table, self, self.seat)
