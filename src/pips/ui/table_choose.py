"""The table's human side (pips.ui.table): what a human may play, and the keys
that pick it, with the buttons' labels while they do.

Loaded when a human is to choose and let go when a bot thinks or the hand
ends (TableScreen.next_actor): while the bots decide, their code needs the
heap, and while a human chooses the bots' code is gone (Uno.bot_module). The
state numbers and cursor stops are private copies of the table's (a test
checks that they agree).
"""

import sys

from pips.compat import const
from pips.ui import keys as K
from pips.ui.palette import FELT, TEXT, HIGHLIGHT, BLACK
from pips.ui.app import forget
from pips.ui.table import label

_BUTTON = const(1000)  # cursor stops >= this are buttons
_GO_ON = const(-1)  # the "go on" button when offered an out-of-turn move
_TOGGLE = const(-2)  # the button that adds a call word to the next piece (UNO!)
_NEXT_ACTOR = const(0)
_CHOOSE = const(3)
_ALT = const(4)


def choices(table, seat):
    """Work out the seat's cursor stops; return how many moves it has."""
    view = table.view_of(seat)
    n = view.legal(table.buf)
    table.moves = []
    for i in range(n):
        move = table.buf[i]
        if view.move_text(move) != "resign":  # resigning is in the pause menu
            table.moves.append(move)
    texts = [view.move_text(m) for m in table.moves]
    table.texts = texts
    # the word some moves add to another move's text ("R7" and "R7 uno"), or
    # None. Such variants are not listed: a toggle button adds the word
    # instead, pressed before the piece, as a player calls before laying it
    word = None
    for t in texts:
        i = t.rfind(" ")
        if i > 0 and t[:i] in texts:
            word = t[i + 1 :]
            break
    table.call = word
    table.calling = False
    table.variant = bytearray(len(texts))  # 1: the move is another's text + call word
    if word is not None:
        tail = " " + word
        for k in range(len(texts)):
            t = texts[k]
            if t.endswith(tail) and t[: -len(tail)] in texts:
                table.variant[k] = 1
    hand = view.hand_list()
    table.hand = hand
    table.playable = bytearray(len(hand))
    table.stops = []
    buttons = []
    if word is not None:
        buttons.append(_TOGGLE)
    for k in range(len(table.moves)):
        if table.variant[k]:
            continue
        piece = view.move_piece(table.moves[k])
        if piece < 0:
            buttons.append(k)
            continue
        for i in range(len(hand)):
            if hand[i] == piece and not table.playable[i]:
                table.playable[i] = 1
                table.stops.append(i)
    table.stops.sort()
    if seat != table.game.turn and table.moves:
        buttons.append(_GO_ON)  # out of turn: the player may also let it be
    table.buttons = buttons
    for b in range(len(buttons)):
        table.stops.append(_BUTTON + b)
    table.cursor = 0
    # the texts are made: a game's text module that nothing keeps hold of
    # (Uno.text_module) leaves the heap until the move is played
    name = getattr(table.game_class, "text_module", None)
    if name in sys.modules:
        forget(name)
    return len(table.moves)


def keys(table, presses):
    """The human's keys while choosing: a cursor stop (a piece or a button), or
    in a second step one of the moves of the piece picked (B: back)."""
    if table.state == _ALT:
        n = len(table.alts)
        if presses & K.PREV:
            table.alt_cursor = (table.alt_cursor - 1) % n
        if presses & K.NEXT:
            table.alt_cursor = (table.alt_cursor + 1) % n
        if presses & K.A:
            table.play(table.acting, table.moves[table.alts[table.alt_cursor]])
        elif presses & K.B:
            table.state = _CHOOSE
        return
    stops = table.stops
    if not stops:
        return
    if presses & K.PREV:
        table.cursor = (table.cursor - 1) % len(stops)
    if presses & K.NEXT:
        table.cursor = (table.cursor + 1) % len(stops)
    if not presses & K.A:
        return
    stop = stops[table.cursor]
    if stop >= _BUTTON:
        k = table.buttons[stop - _BUTTON]
        if k == _GO_ON:
            table.state = _NEXT_ACTOR
            return
        if k == _TOGGLE:
            table.calling = not table.calling
            return
        table.play(table.acting, table.moves[k])
        return
    piece = table.hand[stop]
    view = table.view_of(table.acting)
    alts = []
    for k in range(len(table.moves)):
        if view.move_piece(table.moves[k]) == piece:
            alts.append(k)
    if table.call is not None:
        picked = [k for k in alts if table.variant[k] == (1 if table.calling else 0)]
        if picked:
            alts = picked
    if len(alts) == 1:
        table.play(table.acting, table.moves[alts[0]])
        return
    table.alts = alts
    table.alt_cursor = 0
    table.state = _ALT


def button_labels(table):
    """The buttons' labels and the one under the cursor (-1: none), while choosing."""
    if table.state == _ALT:
        return [label(table.texts[k]) for k in table.alts], table.alt_cursor
    if table.state != _CHOOSE:
        return [], -1
    labels = []
    for k in table.buttons:
        if k == _GO_ON:
            labels.append("Go on")
        elif k == _TOGGLE:
            labels.append(("[%s]" if table.calling else "%s") % label(table.call))
        else:
            labels.append(label(table.texts[k]))
    stop = table.stops[table.cursor] if table.stops else 0
    return labels, (stop - _BUTTON if stop >= _BUTTON else -1)


def draw_buttons(table):
    """The buttons band (TableScreen.draw_buttons): the labels in a row, the
    one under the cursor highlighted, scrolled so that it shows; redrawn only
    when the labels or the cursor change. Here, not in pips.ui.table: there
    are buttons only while a human chooses."""
    labels, at = button_labels(table)
    if not table.changed("buttons", (tuple(labels), at)):
        return
    s = table.s
    width = table.app.width
    y = table.button_y
    h = s.char_h + 4
    s.fill_rect(0, y, width, h, FELT)
    widths = [s.text_width(t) + 6 for t in labels]
    x = 2
    # scroll so the selected button shows
    if at >= 0:
        right = 2 + sum(widths[: at + 1]) + 3 * at
        if right > width - 2:
            x -= right - (width - 2)
    for i in range(len(labels)):
        w = widths[i]
        if x + w > 0 and x < width:
            if i == at:
                s.fill_rect(x, y + 1, w, h - 2, HIGHLIGHT)
                s.text(labels[i], x + 3, y + 2, BLACK)
            else:
                s.rect(x, y + 1, w, h - 2, TEXT)
                s.text(labels[i], x + 3, y + 2, TEXT)
        x += w + 3
