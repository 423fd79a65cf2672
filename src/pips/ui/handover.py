"""Pass-and-play: the hand-over screen between two humans' turns."""

from pips.compat import const
from pips.ui import keys as K
from pips.ui.palette import FELT_DARK, TEXT, HIGHLIGHT, DIM
from pips.ui.app import Screen, seat_name, load

_CHOOSE = const(3)  # pips.ui.table's state: the seat acting picks a move


class HandOverScreen(Screen):
    """The next player's name and nothing else, no hand at all, until that
    player presses A."""

    def __init__(self, app, table, seat):
        Screen.__init__(self, app)
        self.table = table
        self.seat = seat

    def uses(self):
        return ("pips.ui.handover",) + self.table.uses()

    def enter(self):
        s = self.s
        w = self.app.width
        h = self.app.height
        s.fill(FELT_DARK)
        s.text_center("Pass to", 0, h // 2 - 2 * s.char_h, w, TEXT)
        s.text_center(seat_name(self.seat), 0, h // 2 - s.char_h // 2, w, HIGHLIGHT)
        s.text_center("then press A", 0, h // 2 + 2 * s.char_h, w, DIM)

    def frame(self, presses, now):
        if presses & K.A:
            # the device is the seat's now, who acts at once (done here, not
            # in pips.ui.table: only pass-and-play needs it)
            table = self.table
            seat = self.seat
            table.viewer = seat
            table.acting = seat
            load("pips.ui.table_choose").choices(table, seat)
            table.state = _CHOOSE
            table.message = ""
            self.app.go(table)
        elif presses & K.MENU:
            # back from the pause lands here again, never on the last hand shown
            self.app.open("pips.ui.pause", "PauseScreen", self.table, self, self.seat)
