"""A band of the table drawn as a list of items, redrawn by difference.

An item is a tuple (x, y, w, h, what, a). `what` holds the item's kind in its
low 4 bits and, above them (what >> 4), a text's ink or a piece's flags; `a`
is what the kind draws (a colour, a text, a piece's code). Six fields keep an
item small. The kinds below are drawn by every band; a table module
(table_<kind>.py) numbers its own kinds from 8 and paints them itself.
"""

from pips import const

FILL = const(0)  # a: colour
TEXT_AT = const(1)  # a: text, in the ink above the kind
CENTER = const(2)  # text centred in the item's width
PIECE = const(3)  # a piece (the piece module draws it): a code; flags 1 bright, 2 selected


class Layer:
    """`update(items)` compares with what is on screen: items gone are cleared
    to the background, new ones drawn, and unchanged ones left alone unless
    something cleared or drawn below them overlaps (painter's order: later
    items lie on top). A move then redraws a tile or a card, not the band.
    Fills and text are drawn here, other items by `paint(item, bg)`.
    `items` is what is on screen: [] after the band was cleared."""

    def __init__(self, surface, bg, paint):
        self.s = surface
        self.bg = bg
        self.paint = paint
        self.items = []
        self.touched = []  # what an update has cleared or drawn, one list for every update
        self.pending = None  # the items of an update cut short (update's `late`)

    def update(self, items, late=None):
        """Show `items`. With `late` (a function: whether the frame's time is
        up), the update stops after the item it is clearing or drawing once
        late() says so; `pending` then holds `items`, and update(pending) goes
        on where it stopped (a whole band of pieces, a dealt table, took 30-40
        ms of an emulated Pico's frame; a frame whose allocations were slow,
        the heap full of small holes, cleared and drew 32 ms of a band's
        fills and text before its first piece, pips_tools.pico). Returns
        whether it is done."""
        s = self.s
        old = self.items
        touched = self.touched
        n = 0
        cleared = 0  # how many of `old` were looked at for clearing
        for it in old:
            cleared += 1
            if it not in items:
                s.fill_rect(it[0], it[1], it[2], it[3], self.bg)
                if n == len(touched):
                    touched.append(it)
                else:
                    touched[n] = it
                n += 1
                if late is not None and cleared < len(old) and late():
                    break
        done = True
        shown = items
        if cleared < len(old):
            # stopped while clearing: on screen, the old items not yet looked
            # at, and those kept
            done = False
            shown = []
            for i in range(len(old)):
                it = old[i]
                if i >= cleared or it in items:
                    shown.append(_kept(it, touched, n))
        else:
            for i in range(len(items)):
                it = items[i]
                # an unchanged item is drawn again if something touched overlaps it
                if it not in old or _overlaps(it, touched, n):
                    what = it[4]
                    kind = what & 15
                    if kind == FILL:
                        s.fill_rect(it[0], it[1], it[2], it[3], it[5])
                    elif kind == TEXT_AT:
                        s.text(it[5], it[0], it[1], what >> 4, _ground(it, items, self.bg))
                    elif kind == CENTER:
                        s.text_center(it[5], it[0], it[1], it[2], what >> 4, _ground(it, items, self.bg))
                    else:
                        self.paint(it, self.bg)
                    if n == len(touched):
                        touched.append(it)
                    else:
                        touched[n] = it
                    n += 1
                    if late is not None and i < len(items) - 1 and late():
                        # on screen: the items up to here, and those after
                        # it that were there
                        done = False
                        shown = items[: i + 1]
                        for k in range(i + 1, len(items)):
                            if items[k] in old:
                                shown.append(_kept(items[k], touched, n))
                        break
        self.pending = None if done else items
        for k in range(n):  # the items of this update are not held past it
            touched[k] = None
        self.items = shown
        return done


def _kept(it, touched, n):
    """Item `it`, left on screen by an update cut short: itself where nothing
    the update cleared or drew overlaps it, else a box to clear (a fill of
    colour -1, no band's item): the next update clears it, or draws it anew."""
    if _overlaps(it, touched, n):
        return (it[0], it[1], it[2], it[3], FILL, -1)
    return it


def _overlaps(it, touched, n):
    """Whether item `it` overlaps one of the first n of `touched`."""
    x0 = it[0]
    y0 = it[1]
    x1 = x0 + it[2]
    y1 = y0 + it[3]
    for k in range(n):
        r = touched[k]
        if r[0] < x1 and x0 < r[0] + r[2] and r[1] < y1 and y0 < r[1] + r[3]:
            return True
    return False


def _ground(it, items, bg):
    """The band's background under text item `it` when no other item lies
    under or over it (a column either side: the ink may reach it), else -1.
    Drawn with it, the line's background is known to a surface without a
    frame buffer (pips.ui.directsurface), which then sends the line whole
    rather than a run of ink at a time; the pixels are the same."""
    x0 = it[0] - 1
    y0 = it[1]
    x1 = it[0] + it[2] + 1
    y1 = y0 + it[3]
    for r in items:
        if r is not it and r[0] < x1 and x0 < r[0] + r[2] and r[1] < y1 and y0 < r[1] + r[3]:
            return -1
    return bg
