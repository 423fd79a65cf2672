"""The table of a game whose View says table_kind "matador": Matador's line,
drawn by pips.ui.table_line, with the matadors and the blank end marked.

From the View, besides the line's fields: `ends` (left, right), `stock` (the
reserve), and `out` (the 3 tiles set aside, a mask: 0 until the hand is over).

- A matador (0-0, 6-1, 5-2, 4-3: the blank double and the tiles of 7 pips,
  which go anywhere) has each half framed in red, in the line and in the hand
  (mark_piece: the table calls it after drawing a piece in hand). The tiles
  are the table's tile module's, pips or pictures as the display setting
  says.
- A blank end, an end showing 0 that only a matador covers: a red star in
  its blank half, its letter (L or R) in red, and the words under the line.
- Top left, the reserve: a tile face down and its count. Top right, the 3
  tiles set aside: face down, and face up once the hand is over.

Every table module (table_<kind>.py) offers Band(layout, model), given the
table's pips.ui.table.Layout and pips.ui.table_model.TableModel:
items(view), the band's items for a pips.ui.layer.Layer, and paint(s, item,
bg) for its own kinds.
"""

from pips import const, lang
from pips.games.matador.game import MATADORS
from pips.tiles import HI, LO, code, codes
from pips.ui.palette import RED, WARNING, HINT
from pips.ui.layer import CENTER, TEXT_AT
from pips.ui import table_line
from pips.ui import piece_tile as P

# table_line's TILE, marked: flags (what >> 4) 1 standing, 2 framed, 4 a matador,
# 8 the first half a blank end, 16 the second
MTILE = const(10)
BACK = table_line.BACK  # a tile face down, lying
_BLANK_FIRST = const(8)
_BLANK_SECOND = const(16)


class Band(table_line.Band):
    def items(self, view):
        out = table_line.Band.line_items(self, view)
        layout = self.layout
        s = layout.s
        chh = s.char_h
        ends = view.ends
        blank_l = len(ends) == 2 and ends[0] == 0
        blank_r = len(ends) == 2 and ends[1] == 0
        # the tiles in the line: the first item of table_line's TILE kind is
        # the left end, the last the right end
        tiles = []
        for i in range(len(out)):
            if out[i][4] & 15 == table_line.TILE:
                tiles.append(i)
        for k in range(len(tiles)):
            i = tiles[k]
            it = out[i]
            a = it[5] >> 3
            b = it[5] & 7
            flags = it[4] >> 4
            if MATADORS >> code(a, b) & 1:
                flags |= 4
            if k == 0 and blank_l:
                flags |= _BLANK_FIRST | (_BLANK_SECOND if a == b else 0)
            if k == len(tiles) - 1 and blank_r:
                flags |= _BLANK_SECOND | (_BLANK_FIRST if a == b else 0)
            if flags & (4 | _BLANK_FIRST | _BLANK_SECOND):
                out[i] = it[:4] + (MTILE | flags << 4, it[5])
        # the blank end's letter in red, and the words under the line
        if blank_l or blank_r:
            for i in range(len(out)):
                it = out[i]
                if it[4] & 15 == TEXT_AT and (it[5] == "L" and blank_l or it[5] == "R" and blank_r):
                    out[i] = it[:4] + (TEXT_AT | RED << 4, it[5])
            if blank_l and blank_r:
                text = lang.text("matador_only")
            else:
                text = lang.text("matador_at", "L" if blank_l else "R")
            y = layout.table_y + layout.table_h - chh - 2
            out.append((0, y, layout.width, chh, CENTER | WARNING << 4, text))
        # the reserve, top left; the 3 tiles set aside, top right
        table_line.stock_items(layout, view.stock, out)
        y = layout.table_y + 2
        ty = y + (P.H - chh) // 2
        aside = view.set_aside
        x = layout.width - 2 - aside * (P.W + 1) + 1
        if aside:
            word = lang.text("out")
            ww = s.text_width(word)
            out.append((x - 4 - ww, ty, ww, chh, TEXT_AT | HINT << 4, word))
        if view.out:
            for t in codes(view.out):
                out.append((x, y, P.W, P.H, table_line.TILE, HI[t] * 8 + LO[t]))
                x += P.W + 1
        else:
            for _ in range(aside):
                out.append((x, y, P.W, P.H, BACK, 0))
                x += P.W + 1
        return out

    def paint(self, s, it, bg):
        kind = it[4] & 15
        table_line.Band.paint(self, s, it, bg)  # the line's tiles, the tiles face down
        if kind != MTILE:
            return
        flags = it[4] >> 4
        x = it[0]
        y = it[1]
        standing = flags & 1
        n = (it[2] if standing else it[3]) - 2  # the halves' size (table_line's)
        if flags & 4:
            frame(s, x, y, standing, RED, n)
        if flags & _BLANK_FIRST:
            _star(s, x + 1, y + 1, n)
        if flags & _BLANK_SECOND:
            if standing:
                _star(s, x + 1, y + n + 2, n)
            else:
                _star(s, x + n + 2, y + 1, n)

    def mark_piece(self, s, it):
        """A matador in hand, framed as in the line (the table's piece item)."""
        if MATADORS >> it[5] & 1:
            frame(s, it[0], it[1], False, RED, (it[2] - 3) // 2)


def frame(s, x, y, standing, color=RED, n=10):
    """The frame of a matador at (x, y), of n x n halves: a line round each
    half's pips."""
    s.rect(x + 1, y + 1, n, n, color)
    if standing:
        s.rect(x + 1, y + n + 2, n, n, color)
    else:
        s.rect(x + n + 2, y + 1, n, n, color)


def _star(s, x, y, n):
    """A red star in the middle of the blank n x n half whose inner top left is
    (x, y): drawn with the surface's fill primitive and its box marked once, as
    a tile is (a fill_rect a dot, each call's frame taken from the heap, drew
    a blank end's two stars in 14 ms of a frame on the emulated Pico when the
    heap was full of small holes, pips_tools.pico)."""
    x += (n - 10) // 2
    y += (n - 10) // 2
    fill = s._fill
    fill(x + 2, y + 5, 7, 1, RED)
    fill(x + 5, y + 2, 1, 7, RED)
    for d in (2, 3):
        fill(x + 5 - d, y + 5 - d, 1, 1, RED)
        fill(x + 5 + d, y + 5 - d, 1, 1, RED)
        fill(x + 5 - d, y + 5 + d, 1, 1, RED)
        fill(x + 5 + d, y + 5 + d, 1, 1, RED)
    s.mark(x + 2, y + 2, 7, 7)
