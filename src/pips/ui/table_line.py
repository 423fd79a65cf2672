"""The table of a game whose View says table_kind "line": a line of tiles
(line_pairs(), the halves of each tile from the left end), doubles crosswise.

The tiles are large (13x13 halves, pips.ui.piece_tile) while the whole line
fits the screen's width so, else of the hand's size. When the line is wider
than the screen, both ends stay in view with the count of hidden tiles
between ("+5"). A game with a stock to draw from (Draw's reserve: the
view's `stock`) shows it top left, a tile face down and its count. The
opening tile stays put while the line fits, so a
move redraws the one tile laid. While a tile's end is being chosen (a move text
ending " L" or " R"), the tile at that end is framed.

Every table module (table_<kind>.py) offers Band(layout, model), given the
table's pips.ui.table.Layout and pips.ui.table_model.TableModel:
items(view), the band's items for a pips.ui.layer.Layer, and paint(s, item,
bg) for its own kinds.
"""

from pips import const, lang
from pips.ui.palette import IVORY, PIP, DIM, HIGHLIGHT, HINT, TEXT
from pips.ui.layer import CENTER, FILL, TEXT_AT

TILE = const(8)  # a: the halves, left * 8 + right; flags (what >> 4): 1 standing, 2 framed
BACK = const(11)  # a tile face down, lying (the stock)
# the halves of the line's tiles, the largest first: 13 on a 240x135 panel while the
# line fits (else 10), up to Layout.line_n on a larger one
_SIZES = (20, 16, 13, 10)


class Band:
    def __init__(self, layout, model):
        self.layout = layout
        self.model = model
        # where the opening tile is, followed move by move: (hand, tiles, the
        # opening's index, the first pair), None before the first tile
        self.track = None
        self.shown = (0, 0)  # tiles drawn from each end (tests read it)

    def items(self, view):
        out = self.line_items(view)
        if view.stock is not None:
            stock_items(self.layout, view.stock, out)
        return out

    def line_items(self, view):
        layout = self.layout
        s = layout.s
        pairs = view.line_pairs()
        w = layout.width
        mid_y = layout.table_y + layout.table_h // 2
        text_y = mid_y - s.char_h // 2
        if not pairs:
            self.shown = (0, 0)
            return [(0, text_y, w, s.char_h, CENTER | HINT << 4, lang.text("lay_any"))]
        margin = s.char_w + 5  # room for the L and R labels
        room = w - 2 * margin
        for n in _SIZES:  # the largest halves that fit the band and the line, else 10
            if n > layout.line_n or (n > 10 and layout.table_h < 4 * n + 8):
                continue
            widths = [n + 2 if a == b else 2 * n + 3 for a, b in pairs]
            total = sum(widths) + len(pairs) - 1
            if total <= room or n == 10:
                break
        gap_w = 4 * s.char_w  # "+12" between the ends of a long line
        if total <= room:
            left = len(pairs)
            right = 0
            # where the opening tile sits: fixed at the centre unless the line
            # would run off an edge. Its index in the line: the tiles laid at the
            # left end since, tracked from the line's growth, move by move
            count = len(pairs)
            last = self.track
            hands = self.model.match.hands_played
            if last is None or last[0] != hands or count < last[1]:
                opening = 0
            else:
                opening = last[2]
                if count > last[1] and pairs[0] != last[3]:
                    opening += count - last[1]  # tiles were added at the left end
            self.track = (hands, count, opening, pairs[0])
            opening = min(opening, count - 1)
            x = w // 2 - (sum(widths[:opening]) + opening) - widths[opening] // 2
            x = max(margin, min(x, w - margin - total))
        else:
            left = 0
            right = 0
            used = gap_w
            while True:  # take tiles alternately from each end while they fit
                i = left if left <= right else len(pairs) - 1 - right
                if used + widths[i] + 1 > room:
                    break
                used += widths[i] + 1
                if left <= right:
                    left += 1
                else:
                    right += 1
            total = used
            x = (w - total) // 2
        self.shown = (left, right)
        # while a tile's end is being chosen: 0 marks the left end, 1 the right
        mark = -1
        text = self.model.alternative()  # the text of the move under the cursor
        if text is not None:
            if text.endswith(" L"):
                mark = 0
            elif text.endswith(" R"):
                mark = 1
        # each label's box as wide as its ink (the font's "R" is wider than a
        # digit): a box a digit wide, cleared when the line moved, left the
        # R's last column on the panel
        out = [
            (x - s.char_w - 3, text_y, s.text_width("L"), s.char_h, TEXT_AT | HINT << 4, "L"),
            (x + total + 3, text_y, s.text_width("R"), s.char_h, TEXT_AT | HINT << 4, "R"),
        ]
        for i in range(left):
            x = _tile(out, pairs[i], x, mid_y, mark == 0 and i == 0, n)
        if right:
            hidden = len(pairs) - left - right
            out.append((x, text_y, gap_w, s.char_h, CENTER | HIGHLIGHT << 4, "+%d" % hidden))
            out.append((x + 2, text_y + s.char_h + 2, gap_w - 4, 1, FILL, DIM))
            x += gap_w
            for i in range(len(pairs) - right, len(pairs)):
                x = _tile(out, pairs[i], x, mid_y, mark == 1 and i == len(pairs) - 1, n)
        elif mark == 1:  # mark the right end's tile: the last one drawn
            last = out.pop()
            out.append(last[:4] + (last[4] | 2 << 4, last[5]))
        return out

    def paint(self, s, it, bg):
        if it[4] & 15 == BACK:
            s.fill_rect(it[0], it[1], it[2], it[3], PIP)
            s.fill_rect(it[0] + 1, it[1] + 1, it[2] - 2, it[3] - 2, DIM)
            s.fill_rect(it[0] + it[2] // 2, it[1] + 2, 1, it[3] - 4, PIP)
            return
        flags = it[4] >> 4
        edge = HIGHLIGHT if flags & 2 else PIP
        n = (it[2] if flags & 1 else it[3]) - 2  # the halves' size, from the item's
        self.layout.piece.tile(s, it[0], it[1], it[5] >> 3, it[5] & 7, flags & 1, IVORY, edge, n)


def stock_items(layout, count, out):
    """The stock, top left of the band: a tile face down and how many are left."""
    s = layout.s
    piece = layout.piece
    y = layout.table_y + 2
    out.append((2, y, piece.W, piece.H, BACK, 0))
    text = "%d" % count
    ty = y + (piece.H - s.char_h) // 2
    out.append((piece.W + 5, ty, s.text_width(text), s.char_h, TEXT_AT | TEXT << 4, text))


def _tile(out, pair, x, mid_y, marked, n):
    """A tile of the line, of n x n halves, at x; the x after it."""
    a, b = pair
    what = TILE | 2 << 4 if marked else TILE
    long = 2 * n + 3
    if a == b:
        out.append((x, mid_y - long // 2, n + 2, long, what | 1 << 4, a * 8 + b))
        return x + n + 3
    out.append((x, mid_y - (n + 2) // 2, long, n + 2, what, a * 8 + b))
    return x + long + 1
