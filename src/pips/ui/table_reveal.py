"""The table band while a seat's hand is revealed (UNO: a challenged +4
player's cards, shown to the challenger alone). Rare, so kept out of
pips.ui.table: loaded when a reveal shows."""

from pips.ui.palette import TEXT
from pips.ui import table as T


def items(table, view):
    """The band's items: a caption, then the pieces overlapping by half."""
    s = table.s
    items = [(4, table.table_y + 2, 11 * s.char_w, s.char_h, T.TEXT_AT | TEXT << 4, "their hand:")]
    w = table.piece.W
    h = table.piece.H
    step = w // 2 + 2
    x = 4
    y = table.table_y + s.char_h + 4
    for code in view.reveal:
        if x + w > table.app.width:
            break
        items.append((x, y, w, h, T.PIECE | 1 << 4, code))  # 1: bright
        x += step
    return items
