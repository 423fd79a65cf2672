"""The table of a game whose View says table_kind "solo": Solitaire's line
(pips.ui.table_line's, as it is) with the stock above it.

From the View, besides the line's fields: `stock` (the tiles still face
down) and `round` (the tiles laid this round: as many are turned up when
none of the face-up tiles fits). The face-up tiles are the hand, the ones
that can be laid raised.

Top left, a tile face down and the stock's count; top right, the tiles laid
this round ("this round 2": as many will be turned up). Once the game is
over, what came of it: won, or how many of the 28 tiles made the line.

Every table module (table_<kind>.py) offers Band(layout, model), given the
table's pips.ui.table.Layout and pips.ui.table_model.TableModel:
items(view), the band's items for a pips.ui.layer.Layer, and paint(s, item,
bg) for its own kinds.
"""

from pips import const, lang
from pips.ui.palette import PIP, DIM, TEXT, HIGHLIGHT, WARNING
from pips.ui.layer import TEXT_AT
from pips.ui import table_line
from pips.ui import piece_tile as P

BACK = const(12)  # a tile face down, lying (table_line's kinds are below)


class Band(table_line.Band):
    def items(self, view):
        out = table_line.Band.line_items(self, view)
        layout = self.layout
        s = layout.s
        y = layout.table_y + 2
        chh = s.char_h
        stock = view.stock
        out.append((2, y, P.W, P.H, BACK, 0))
        text = "%d" % stock
        ty = y + (P.H - chh) // 2
        out.append((P.W + 5, ty, s.text_width(text), chh, TEXT_AT | TEXT << 4, text))
        w = layout.width
        if view.turn < 0:  # over
            laid = len(view.line_pairs())
            if view.winner == 0:
                text = lang.text("solo.won")
                ink = HIGHLIGHT
            else:
                text = lang.text("solo.lost", lang.num(laid))
                ink = WARNING
        elif view.round and stock:
            text = lang.text("solo.round", lang.num(view.round))
            ink = TEXT
        else:
            text = ""
        if text:
            tw = s.text_width(text)
            out.append((w - 2 - tw, ty, tw, chh, TEXT_AT | ink << 4, text))
        return out

    def paint(self, s, it, bg):
        if it[4] & 15 == BACK:
            s.fill_rect(it[0], it[1], it[2], it[3], PIP)
            s.fill_rect(it[0] + 1, it[1] + 1, it[2] - 2, it[3] - 2, DIM)
            s.fill_rect(it[0] + it[2] // 2, it[1] + 2, 1, it[3] - 4, PIP)
        else:
            table_line.Band.paint(self, s, it, bg)
