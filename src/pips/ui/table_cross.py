"""The table of a game whose View says table_kind "cross": Bergen's 6-6 in
the centre and its four arms N E S W.

From the View: `phase` (0 while the 6-6 waits to be laid), `arm_pairs(arm)`
(an arm's tiles from the centre outwards as (inner half, outer half)), `ends`
(N E S W; -1 while an arm is empty) and `bank`.

The 6-6 lies crosswise in the middle (lengthwise when the band is too low for
a tile above and below it); E and W run from its sides, N and S from its
ends, each tile turned so that its outer half, the arm's open end, is the
farthest from the centre; a double lies across its arm. Each arm's letter
stands by its open end, as the move text names it (`6-3 N`). An empty arm
shows the outline of its first tile. An arm longer than its room shows the
tiles at its open end and the count of the hidden ones (`+3`): between the
centre and those tiles for E and W, beside the tile for N and S. While a
tile's arm is being chosen (a move text ending " N", " E", ...) that arm's
end is framed and its letter lit. The bank's chips stand in the top left
corner.

Every table module (table_<kind>.py) offers Band(layout, model), given the
table's pips.ui.table.Layout and pips.ui.table_model.TableModel:
items(view), the band's items for a pips.ui.layer.Layer, and paint(s, item,
bg) for its own kinds.
"""

from pips import const, lang
from pips.ui.palette import IVORY, PIP, TEXT, DIM, HIGHLIGHT, HINT
from pips.ui.layer import CENTER, FILL, TEXT_AT

TILE = const(8)  # a: first half * 8 + second; flags (what >> 4): 1 standing, 2 framed
SLOT = const(9)  # an empty place: a's colour outlines it
ARMS = "NESW"
# per arm: the step outwards along x and y (N is up)
_DX = (0, 1, 0, -1)
_DY = (-1, 0, 1, 0)


class Band:
    def __init__(self, layout, model):
        self.layout = layout
        self.model = model
        self.shown = [0, 0, 0, 0]  # per arm, the tiles drawn (tests read it)

    def items(self, view):
        layout = self.layout
        s = layout.s
        w = layout.width
        y0 = layout.table_y
        h = layout.table_h
        mid = y0 + h // 2
        cx = w // 2
        out = []
        # the bank, top left
        text = lang.text("bank")
        out.append((2, y0 + 2, s.text_width(text), s.char_h, TEXT_AT | HINT << 4, text))
        text = lang.num(view.bank)
        y = y0 + 3 + s.char_h
        out.append((2, y, s.text_width(text), s.char_h, TEXT_AT | TEXT << 4, text))
        # the centre: crosswise when a tile fits above and below it
        n = layout.tile_n  # the tiles' halves: larger on a larger panel
        long = 2 * n + 3
        short = n + 2
        standing = (h - long) // 2 >= long + 1
        cw = short if standing else long
        ch = long if standing else short
        box = (cx - cw // 2, mid - ch // 2, cw, ch)  # x, y, w, h
        if not view.phase:
            out.append(box + (SLOT, DIM))
            text = lang.text("opens")
            out.append((0, y0 + h - s.char_h - 1, w, s.char_h, CENTER | HINT << 4, text))
            self.shown = [0, 0, 0, 0]
            return out
        out.append(box + (TILE | (1 if standing else 0) << 4, 6 * 8 + 6))
        # the arm being chosen for a tile (the second step), else -1
        mark = -1
        text = self.model.alternative()
        if text is not None and len(text) > 2 and text[-2] == " ":
            mark = ARMS.find(text[-1])
        for arm in range(4):
            self.shown[arm] = _arm(out, s, arm, view.arm_pairs(arm), box, y0, h, w, arm == mark, n)
        return out

    def paint(self, s, it, bg):
        flags = it[4] >> 4
        if it[4] & 15 == TILE:
            edge = HIGHLIGHT if flags & 2 else PIP
            # the table's tile module: pips, or pictures (the display setting)
            n = (it[2] if flags & 1 else it[3]) - 2  # the halves' size, from the item's
            self.layout.piece.tile(s, it[0], it[1], it[5] >> 3, it[5] & 7, flags & 1, IVORY, edge, n)
        else:
            s.rect(it[0], it[1], it[2], it[3], it[5])


def _arm(out, s, arm, pairs, box, y0, h, w, marked, halves):
    """The items of one arm from the centre's `box` outwards, its tiles of
    `halves` x `halves` halves; the number of tiles drawn."""
    long = 2 * halves + 3  # a tile's length, and its width
    short = halves + 2
    across = _DX[arm] != 0  # E and W run across the screen
    # room along the arm: from the centre's edge (and a pixel) to the band's
    # edge, less a letter's room across the screen
    if across:
        margin = s.char_w + 5
        room = (w - margin - (box[0] + box[2]) - 1) if arm == 1 else (box[0] - 1 - margin)
    else:
        room = (box[1] - 1 - y0) if arm == 0 else (y0 + h - (box[1] + box[3]) - 1)
    # the length of each tile along the arm: a double lies across it
    sizes = [short if a == b else long for a, b in pairs]
    if not pairs:
        sizes = [long]  # an empty arm: its first tile's outline
    n = len(sizes)
    total = sum(sizes) + n - 1
    first = 0  # the first tile drawn (from the centre); those before are hidden
    gap = 0  # room for the hidden ones' count
    if total > room:
        gap = 3 * s.char_w + 4 if across else 3
        used = sizes[-1]
        first = n - 1
        while first > 0 and used + 1 + sizes[first - 1] + gap <= room:
            first -= 1
            used += 1 + sizes[first]
        if used + gap > room:
            gap = max(0, room - used)
        total = used + gap
    hidden = first
    if sizes[-1] > room:  # not even the end tile fits: the letter and its number
        text = ARMS[arm] + ("%d" % pairs[-1][1] if pairs else "")
        if across:
            tx = box[0] + box[2] + 3 if arm == 1 else box[0] - 3 - s.text_width(text)
            ty = box[1] + box[3] // 2 - s.char_h // 2
        else:
            tx = box[0] + box[2] + 3
            ty = box[1] if arm == 0 else box[1] + box[3] - s.char_h
        ink = (HIGHLIGHT if marked else TEXT) << 4
        out.append((tx, ty, s.text_width(text), s.char_h, TEXT_AT | ink, text))
        return 0
    # the place of each tile along the arm: `at` is its distance from the
    # centre's edge; x, y is the top left of the tile drawn
    ink = (HIGHLIGHT if marked else TEXT) << 4
    at = 1 + gap
    x = y = 0
    tw = th = 0
    for i in range(first, n):
        size = sizes[i]
        if across:
            tw = size
            th = long if size == short else short
            x = box[0] + box[2] + at if arm == 1 else box[0] - at - size
            y = box[1] + box[3] // 2 - th // 2
        else:
            th = size
            tw = long if size == short else short
            x = box[0] + box[2] // 2 - tw // 2
            y = box[1] - at - size if arm == 0 else box[1] + box[3] + at
        if not pairs:
            out.append((x, y, tw, th, SLOT, HIGHLIGHT if marked else DIM))
        else:
            a, b = pairs[i]  # inner, outer
            if arm == 0 or arm == 3:  # the outer half first: on top, on the left
                a, b = b, a
            standing = 1 if (th > tw) else 0
            flags = standing | (2 if marked and i == n - 1 else 0)
            out.append((x, y, tw, th, TILE | flags << 4, a * 8 + b))
        at += size + 1
    # x, y, tw, th: the outermost tile. Its letter beyond it (E, W), or beside
    # its outer half (N, S); the hidden count between it and the centre (E,
    # W), or on the other side (N, S)
    cw = s.text_width(ARMS[arm])  # the letter's ink, its box
    chh = s.char_h
    if across:
        ty = box[1] + box[3] // 2 - chh // 2
        lx = x + tw + 3 if arm == 1 else x - 3 - cw
        out.append((lx, ty, cw, chh, TEXT_AT | ink, ARMS[arm]))
        if hidden:
            gx = box[0] + box[2] + 1 if arm == 1 else box[0] - 1 - gap
            out.append((gx, ty, gap, chh, CENTER | HIGHLIGHT << 4, "+%d" % hidden))
            out.append((gx + 2, ty + chh + 2, gap - 4, 1, FILL, DIM))
    else:
        oy = y if arm == 0 else y + th - min(th, long // 2 + 1)  # the outer half's top
        ty = oy + (min(th, short) - chh) // 2
        out.append((x - 3 - cw, ty, cw, chh, TEXT_AT | ink, ARMS[arm]))
        if hidden:
            text = "+%d" % hidden
            out.append((x + tw + 3, ty, s.text_width(text), chh, TEXT_AT | HIGHLIGHT << 4, text))
    return n - first if pairs else 0
