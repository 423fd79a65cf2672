"""The table of a game whose View says table_kind "twentyone": Twenty-one.

From the View: `total` (the seat's own pips so far), `sizes` (tiles per
seat), `done` and `stood` per seat (a seat done without standing went over
or reached 21, which stays hidden until the end), `turn`, and `totals` and
`scores` once the hand is over.

On the left, the total of the player holding the device, in big digits
(amber at 21, red-orange over it), and under it its state: stood, over, 21,
and at the end won or lost. Nothing shows there while no player holds the
device (pass-and-play between turns, bots alone): a total is private. On the
right a row per seat: its name, its tiles face down, and its state: to play,
stood, done (stood or not, the others cannot tell); once the hand is over,
every seat's total instead, the winners lit. Hit and stand are the table's
own buttons: moves that use no tile.

Every table module (table_<kind>.py) offers Band(layout, model), given the
table's pips.ui.table.Layout and pips.ui.table_model.TableModel:
items(view), the band's items for a pips.ui.layer.Layer, and paint(s, item,
bg) for its own kinds.
"""

from pips import const, lang
from pips.ui.palette import PIP, DIM, TEXT, HIGHLIGHT, WARNING, HINT
from pips.ui.layer import TEXT_AT
from pips.ui.events import seat_name

BIG = const(8)  # a: digits drawn `scale` times a 3x5 font (w // 4 is the scale); ink above
BACK = const(9)  # a tile face down, standing
LIMIT = const(21)
# the digits 0..9 in a 3x5 font: 15 bits a digit, row by row from the top,
# the left column the highest bit of a row
_DIGITS = (
    0x7B6F, 0x2C97, 0x73E7, 0x73CF, 0x5BC9, 0x79CF, 0x79EF, 0x7249, 0x7BEF, 0x7BCF,
)


def big_width(text, scale):
    """The width of `text` (digits) in big digits."""
    return len(text) * 4 * scale - scale


def big(s, x, y, text, scale, color):
    """Digits at (x, y), each 3 x 5 cells of scale x scale pixels, a cell's
    gap between them: each row's runs of cells one fill."""
    for ch in text:
        bits = _DIGITS[ord(ch) - 48]
        for row in range(5):
            line = bits >> (3 * (4 - row)) & 7
            col = 0
            while col < 3:
                if line >> (2 - col) & 1:
                    end = col
                    while end + 1 < 3 and line >> (1 - end) & 1:
                        end += 1
                    run = (end - col + 1) * scale
                    s.fill_rect(x + col * scale, y + row * scale, run, scale, color)
                    col = end + 1
                else:
                    col += 1
        x += 4 * scale


class Band:
    def __init__(self, layout, model):
        self.layout = layout
        self.model = model

    def items(self, view):
        layout = self.layout
        s = layout.s
        w = layout.width
        y0 = layout.table_y
        h = layout.table_h
        cw = s.char_w
        chh = s.char_h
        out = []
        over = view.totals is not None
        # the left: the own total of the player holding the device
        scale = max(2, min(6, (h - 2 * chh - 8) // 5))
        left_w = max(6 * cw, big_width("21", scale)) + 6
        seat = self.model.viewer
        if 0 <= seat < len(view.sizes) and view.seat == seat:
            total = view.total
            ink = WARNING if total > LIMIT else HIGHLIGHT if total == LIMIT else TEXT
            y = y0 + (h - (2 * chh + 5 * scale + 6)) // 2
            word = lang.text("total")
            out.append((4, y, s.text_width(word), chh, TEXT_AT | HINT << 4, word))
            text = "%d" % total
            out.append((4, y + chh + 3, big_width(text, scale), 5 * scale, BIG | ink << 4, text))
            if over:
                word = lang.text("t21.won" if view.scores[seat] else "t21.lost")
                ink = HIGHLIGHT if view.scores[seat] else HINT
            elif total > LIMIT:
                word = lang.text("t21.over")
            elif total == LIMIT:
                word = "21!"
            elif view.stood[seat]:
                word = lang.text("t21.stood")
            else:
                word = ""
            if word:
                y += chh + 5 * scale + 6
                out.append((4, y, s.text_width(word), chh, TEXT_AT | ink << 4, word))
        # the right: a row per seat
        n = len(view.sizes)
        row_h = chh + 4
        x0 = left_w + 4
        y = y0 + (h - n * row_h) // 2
        bw = max(5, chh * 6 // 10)  # a tile face down, standing: bw x chh
        step = bw + 2
        # the states in a column after the most tiles any seat holds
        name_w = s.text_width(seat_name(n - 1)) + cw
        state_w = s.text_width(lang.text("t21.to_play"))  # the longest state, as a rule
        block = name_w + max(3, max(view.sizes)) * step + cw + state_w
        x0 = max(x0, x0 + (w - x0 - block) // 2)
        col = x0 + name_w + max(3, max(view.sizes)) * step + cw
        # a narrow screen writes the states short: "22" for "22 over"
        short = x0 + name_w + step + 3 * cw + state_w > w - 4
        for seat in range(n):
            name = seat_name(seat)
            ink = TEXT
            if over:
                total = view.totals[seat]
                word = lang.num(total)
                if view.scores[seat]:
                    word = lang.join((word, lang.text("t21.won_mark")), "") if short else lang.text(
                        "t21.won_long", word)
                    ink = HIGHLIGHT
                elif total > LIMIT:
                    word = word if short else lang.text("t21.over_long", word)
                    ink = HINT
            elif seat == view.turn:
                word = lang.text("t21.turn" if short else "t21.to_play")
                ink = HIGHLIGHT
            elif view.stood[seat]:
                word = lang.text("t21.stood")
            elif view.done[seat]:
                word = lang.text("t21.done")
                ink = HINT
            else:
                word = ""
            out.append((x0, y + 2, s.text_width(name), chh, TEXT_AT | ink << 4, name))
            wx = min(col, w - 4 - s.text_width(word))
            if word:
                out.append((wx, y + 2, s.text_width(word), chh, TEXT_AT | ink << 4, word))
            # the tiles face down; when they do not fit, one and their number
            bx = x0 + name_w
            count = view.sizes[seat]
            room = wx - cw // 2 - bx
            if count * step <= room:
                for i in range(count):
                    out.append((bx + i * step, y + 2, bw, chh, BACK, 0))
            else:
                text = "x%d" % count
                if step + s.text_width(text) > room:
                    text = text[1:]
                out.append((bx, y + 2, bw, chh, BACK, 0))
                out.append((bx + step, y + 2, s.text_width(text), chh, TEXT_AT | TEXT << 4, text))
            y += row_h
        return out

    def paint(self, s, it, bg):
        if it[4] & 15 == BIG:
            big(s, it[0], it[1], it[5], it[3] // 5, it[4] >> 4)
        else:  # a tile face down
            s.fill_rect(it[0], it[1], it[2], it[3], PIP)
            s.fill_rect(it[0] + 1, it[1] + 1, it[2] - 2, it[3] - 2, DIM)
