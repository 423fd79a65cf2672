"""The table of a game whose View says table_kind "austrian": Domino Uno's line
laid the Austrian way (docs/rules/domino-uno.md).

Matching tiles touch along their long sides, but only for the length of the
matching half: the line is two rows of lying tiles, each tile half a tile
(12 px on a 240x135 panel, Band.step) to the right of the one before and in the other row, so that its
left half lies against the right half of the one before, the two equal
numbers one above the other. Tiles in one row stand a pixel apart. Doubles lie
like the other tiles (the source lays no spinner).

    [5|1]   [3|2]             row 0:  tiles 0, 2, ...
        [1|3]   [2|6]         row 1:  tiles 1, 3, ...

The View gives line_pairs() (the halves of each tile from the left end) and
`taken` (a mask of the tiles of the last take-back, until the next player
acts). While the line fits, each tile keeps its place and row from move to
move (a tile still on the line anchors the others), so a move redraws the tile
laid; when it is wider than the screen, both ends stay in view with the count
of hidden tiles between (`+12`). While a tile's end is being chosen (a move
text ending " L" or " R", or either with " uno"), the tile at that end is
framed.

The take-back is shown as it happens: under the line, at the end the tiles
came off, "P2 took back" and the tiles taken (framed in the warning colour),
as they lay, until the next player acts.

The tiles are drawn by the table's piece module (layout.piece.tile: pips or
pictures, pips.ui.piece_picture), so the line follows the display setting.

Every table module (table_<kind>.py) offers Band(layout, model), given the
table's pips.ui.table.Layout and pips.ui.table_model.TableModel:
items(view), the band's items for a pips.ui.layer.Layer, and paint(s, item,
bg) for its own kinds.
"""

from pips import const, lang
from pips.tiles import HI, LO, code
from pips.ui.palette import IVORY, PIP, DIM, HIGHLIGHT, WARNING, HINT
from pips.ui.layer import CENTER, FILL, TEXT_AT
from pips.ui.events import seat_name

TILE = const(8)  # a: the halves, left * 8 + right; flags (what >> 4): 1 framed, 2 taken back
_STRIP_GAP = const(3)  # between the line and the take-back strip under it


class Band:
    def __init__(self, layout, model):
        self.layout = layout
        self.model = model
        self.hand = -1  # the hand (match.hands_played) the band last drew
        # tile code -> x * 2 + row of the line last drawn (-1: not on it);
        # `placed` while that line fit
        self.pos = [-1] * 28
        self.placed = False
        self.prev = None  # the line and the seat to act when last drawn
        self.prev_turn = -1
        # the last take-back: (mask, seat, side 0 L / 1 R / -1 unknown, its pairs)
        self.took = None
        self.shown = (0, 0)  # tiles drawn from each end (tests read it)
        self.top = -1  # the line's top row, set on the first draw
        # the tiles' size: larger on a larger panel (Layout.tile_n); from a
        # tile to the next, half a tile (a half and the divider); from one
        # row to the other, a tile's height (the rows touch)
        n = layout.tile_n
        self.tw = 2 * n + 3
        self.th = n + 2
        self.step = n + 2
        self.row = n + 2

    def items(self, view):
        layout = self.layout
        s = layout.s
        w = layout.width
        pairs = view.line_pairs()
        if self.hand != self.model.match.hands_played:  # a new hand: nothing to follow
            self.hand = self.model.match.hands_played
            self.placed = False
            self.prev = None
            self.took = None
        self.follow_take(view.taken, pairs)
        self.prev = pairs
        self.prev_turn = view.turn
        if self.top < 0:
            self.place_rows(s)
        top = self.top
        mid_y = top + self.row  # the line's two rows meet here
        text_y = mid_y - s.char_h // 2
        out = []
        if not pairs:
            self.shown = (0, 0)
            self.placed = False
            out.append((0, text_y, w, s.char_h, CENTER | HINT << 4, lang.text("lay_any")))
            self.strip(out, w // 2, w // 2)
            return out
        n = len(pairs)
        margin = s.char_w + 5  # room for the L and R labels
        room = w - 2 * margin
        total = self.step * (n - 1) + self.tw
        # while a tile's end is being chosen: 0 marks the left end, 1 the right
        mark = -1
        text = self.model.alternative()  # the text of the move under the cursor
        if text is not None:
            if text.endswith(" uno"):
                text = text[:-4]
            if text.endswith(" L"):
                mark = 0
            elif text.endswith(" R"):
                mark = 1
        if total <= room:
            x0, r0 = self.anchor(pairs, w, total, margin)
            pos = self.pos
            for t in range(28):
                pos[t] = -1
            for i in range(n):
                a, b = pairs[i]
                x = x0 + self.step * i
                row = (r0 + i) & 1
                pos[code(a, b)] = x * 2 + row
                framed = (mark == 0 and i == 0) or (mark == 1 and i == n - 1)
                out.append(self.tile(pairs[i], x, top + self.row * row, framed))
            self.placed = True
            self.shown = (n, 0)
            right_x = x0 + total
        else:
            self.placed = False
            gap_w = 4 * s.char_w + 2  # "+12" between the two ends, a pixel clear each side
            left = right = 0
            used = gap_w + 2 * (self.tw - self.step)
            while True:  # take tiles alternately from each end while they fit
                if used + self.step > room:
                    break
                used += self.step
                if left <= right:
                    left += 1
                else:
                    right += 1
            self.shown = (left, right)
            x0 = (w - used) // 2
            x = x0
            for i in range(left):
                framed = mark == 0 and i == 0
                out.append(self.tile(pairs[i], x, top + self.row * (i & 1), framed))
                x += self.step
            x += self.tw - self.step + 1
            hidden = n - left - right
            out.append((x, text_y, gap_w - 2, s.char_h, CENTER | HIGHLIGHT << 4, "+%d" % hidden))
            out.append((x + 2, text_y + s.char_h + 1, gap_w - 6, 1, FILL, DIM))
            x += gap_w - 1
            for k in range(right):
                i = n - right + k
                framed = mark == 1 and i == n - 1
                out.append(self.tile(pairs[i], x, top + self.row * (k & 1), framed))
                x += self.step
            right_x = x - self.step + self.tw
        # a label's box is its ink (a band clears what it leaves by the box)
        out.append((x0 - s.char_w - 3, text_y, s.text_width("L"), s.char_h, TEXT_AT | HINT << 4, "L"))
        out.append((right_x + 3, text_y, s.text_width("R"), s.char_h, TEXT_AT | HINT << 4, "R"))
        self.strip(out, x0, right_x)
        return out

    def place_rows(self, s):
        """Where the line's two rows go in the table band: centred, or higher
        when the take-back strip would not fit under them."""
        layout = self.layout
        bottom = layout.table_y + layout.table_h - 1
        top = layout.table_y + layout.table_h // 2 - self.row
        if top + 2 * self.row + _STRIP_GAP + self.th > bottom:
            top = bottom - (2 * self.row + _STRIP_GAP + self.th)
        if top < layout.table_y + 1:
            top = layout.table_y + 1
        self.top = top

    def anchor(self, pairs, w, total, margin):
        """The first tile's x and row: a tile still on the line since the last
        draw stays where it was; else the line is centred. Kept on screen."""
        x0 = (w - total) // 2
        r0 = 0
        pos = self.pos
        if self.placed:
            for i in range(len(pairs)):
                a, b = pairs[i]
                at = pos[code(a, b)]
                if at >= 0:
                    x0 = (at >> 1) - self.step * i
                    r0 = ((at & 1) - i) & 1
                    break
        if x0 < margin:
            x0 = margin
        if x0 > w - margin - total:
            x0 = w - margin - total
        return x0, r0

    def follow_take(self, taken, pairs):
        """Note a take-back the first time it shows: which end it came off and
        as what tiles, from the line as it was drawn before (the seat to act
        then took them). Forgotten once `taken` is clear."""
        if not taken:
            self.took = None
            return
        if self.took is not None and self.took[0] == taken:
            return
        prev = self.prev
        k = 0
        m = taken
        while m:
            k += m & 1
            m >>= 1
        side = -1
        got = None
        seat = -1
        if prev is not None and k <= len(prev):
            seat = self.prev_turn
            if k < len(prev) or not pairs:
                if _mask(prev[:k]) == taken:
                    side = 0
                    got = prev[:k]
                elif _mask(prev[len(prev) - k :]) == taken:
                    side = 1
                    got = prev[len(prev) - k :]
                if got is not None and k == len(prev):
                    side = -1  # the whole line: no end to point at
        if got is None:
            got = [(HI[t], LO[t]) for t in range(28) if taken >> t & 1]
            if prev is None:
                seat = -1
        self.took = (taken, seat, side, got)

    def strip(self, out, left, right):
        """The take-back under the line, at the end it came off: "P2 took
        back" and the tiles, as they lay, framed in the warning colour (the
        line runs from x `left` to x `right`)."""
        took = self.took
        if took is None:
            return
        layout = self.layout
        s = layout.s
        w = layout.width
        y = self.top + 2 * self.row + _STRIP_GAP
        if y + self.th > layout.table_y + layout.table_h:
            y = self.top + 2 * self.row  # no room: the band's last rows
        _, seat, side, pairs = took
        step = self.tw + 2
        forms = (lang.text("took_back.short"), lang.text("took_back.shortest"))
        if seat >= 0:
            forms = (lang.text("took_back", seat_name(seat)),) + forms
        # the longest label that leaves room for two tiles (or all of them)
        need = min(len(pairs), 2) * step
        label = forms[-1]
        for form in forms:
            if s.text_width(form) + 4 + need <= w - 4:
                label = form
                break
        label_w = s.text_width(label) + 4
        fit = (w - 4 - label_w) // step
        shown = pairs if len(pairs) <= fit else pairs[: max(fit - 1, 0)]
        more = len(pairs) - len(shown)
        more_text = "+%d" % more if more else ""
        width = label_w + len(shown) * step + s.text_width(more_text)
        if side == 0:
            x = left - s.char_w - 3
        elif side == 1:
            x = right + 3 + s.char_w - width
        else:
            x = (left + right - width) // 2
        if x + width > w - 2:
            x = w - 2 - width
        if x < 2:
            x = 2
        text_y = y + (self.th - s.char_h) // 2
        out.append((x, text_y, s.text_width(label), s.char_h, TEXT_AT | WARNING << 4, label))
        x += label_w
        for pair in shown:
            out.append(self.tile(pair, x, y, False, 2))
            x += step
        if more_text:
            out.append((x, text_y, s.text_width(more_text), s.char_h, TEXT_AT | WARNING << 4,
                        more_text))

    def paint(self, s, it, bg):
        flags = it[4] >> 4
        edge = HIGHLIGHT if flags & 1 else (WARNING if flags & 2 else PIP)
        self.layout.piece.tile(s, it[0], it[1], it[5] >> 3, it[5] & 7, False, IVORY, edge, it[3] - 2)

    def tile(self, pair, x, y, framed, flags=0):
        """A tile of the line (or of the strip), lying, as an item."""
        a, b = pair
        if framed:
            flags |= 1
        return (x, y, self.tw, self.th, TILE | flags << 4, a * 8 + b)


def _mask(pairs):
    m = 0
    for a, b in pairs:
        m |= 1 << code(a, b)
    return m
