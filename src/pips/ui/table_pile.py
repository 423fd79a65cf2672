"""The table of a game whose View says table_kind "pile": UNO's discard pile
and draw pile.

From the View: `top` (the card face up), `color` (the colour in play, 0..3; 4
while none is named), `direction` (1 or -1), `stock` (cards left to draw) and
`pending` (a question open, "+4" or a count, shown with a "?"). The top card
and the draw pile are as tall as the band allows (a card in hand at the
least), in its middle. The colour in play frames the top card and shows as a
swatch with its letter, for colour-blind players.

Every table module (table_<kind>.py) offers Band(layout, model), given the
table's pips.ui.table.Layout and pips.ui.table_model.TableModel:
items(view), the band's items for a pips.ui.layer.Layer, and paint(s, item,
bg) for its own kinds. This one also offers reveal_items(view), the band while a hand is
revealed to the viewer (UNO's challenged +4).
"""

from pips import const, lang
from pips.ui.palette import TEXT, BLACK, WARNING, WHITE, YELLOW
from pips.ui.layer import FILL, PIECE, TEXT_AT
from pips.ui import piece_card as P

_CARD = const(8)  # a: the card kind, face up
_BACK = const(9)  # a card face down


class Band:
    def __init__(self, layout, model):
        self.layout = layout
        self.model = model

    def items(self, view):
        layout = self.layout
        s = layout.s
        w = layout.width
        # the pile's cards: the band's height less the frame, at most about twice
        # a card in hand (a 240-row band would draw them half the panel high)
        h = max(P.H, min(layout.table_h - 8, 2 * layout.hand_piece[1] + 12))
        cw = h * 2 // 3
        most = w // 2 - 3 * s.char_w - 20  # the colour's swatch and the direction fit left of it
        if cw > most:
            cw = most
            h = cw * 3 // 2
        y = layout.table_y + (layout.table_h - h) // 2
        cx = w // 2 - cw - 6
        out = []
        top = view.top
        color = view.color
        has_color = 0 <= color < 4  # 4: a first wild's colour not named yet
        if top >= 0:
            if has_color:  # the active colour as a frame round the top card
                fill = P.COLORS[color]
                out.append((cx - 3, y - 3, cw + 6, h + 6, FILL, fill))
            out.append((cx, y, cw, h, _CARD, top))
        sx = cx - 3 * s.char_w - 12
        if has_color:  # and as a swatch with its letter
            fill = P.COLORS[color]
            out.append((sx, y + 2, 2 * s.char_w + 6, s.char_h + 6, FILL, fill))
            ink = BLACK if fill == YELLOW else WHITE
            letter = "RYGB"[color]
            out.append(
                (sx + 3 + s.char_w // 2, y + 5, s.text_width(letter), s.char_h, TEXT_AT | ink << 4, letter)
            )
        arrow = ">>" if view.direction > 0 else "<<"
        out.append((sx, y + h - s.char_h, s.text_width(arrow), s.char_h, TEXT_AT | TEXT << 4, arrow))
        px = w // 2 + 10
        out.append((px, y, cw, h, _BACK, 0))
        tx = px + cw + 4
        text = "%d" % view.stock
        out.append((tx, y + 2, s.text_width(text), s.char_h, TEXT_AT | TEXT << 4, text))
        pending = view.pending
        if pending:
            # the question open, in a few words: "+4?" (accept or challenge),
            # "color?" (a first W's), "play it?" (the card just drawn, or keep it)
            text = "play it?" if pending == "drawn" else pending + "?"
            ty = y + h - s.char_h
            out.append((tx, ty, s.text_width(text), s.char_h, TEXT_AT | WARNING << 4, text))
        return out

    def reveal_items(self, view):
        """The band while another seat's cards are revealed to the viewer
        (`view.reveal`: a challenged +4 player's hand): a caption, then the
        cards overlapping by half."""
        layout = self.layout
        s = layout.s
        y = layout.table_y
        word = lang.text("their_hand")
        items = [(4, y + 2, s.text_width(word), s.char_h, TEXT_AT | TEXT << 4, word)]
        w = P.W
        h = P.H
        step = w // 2 + 2
        x = 4
        y += s.char_h + 4
        for code in view.reveal:
            if x + w > layout.width:
                break
            items.append((x, y, w, h, PIECE | 1 << 4, code))  # 1: bright
            x += step
        return items

    def paint(self, s, it, bg):
        if it[4] == _CARD:
            P.piece(s, it[0], it[1], it[5], 1, bg, it[2], it[3])  # 1: face up, bright
        else:
            P.back(s, it[0], it[1], bg, it[2], it[3])
